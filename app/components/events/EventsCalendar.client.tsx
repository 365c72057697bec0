/**
 * The interactive calendar (react-big-calendar with its Luxon localizer), browser only: it is
 * loaded lazily after hydration. Luxon's default zone is the zone being shown, so every date the
 * calendar computes (days, weeks, "today", slot times) is in that zone, not the machine's.
 */
import { Box } from '@chakra-ui/react';
import { DateTime, Settings } from 'luxon';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, luxonLocalizer, type EventProps, type Messages, type View } from 'react-big-calendar';
import { useTranslation } from 'react-i18next';
import { formatEventTime, intlLocale } from '#app/lib/events/time';
import type { CalendarEntry } from '#app/lib/events/cards';
import { rangeAround, type Range } from './calendarRange';
import { groupCrowded } from './calendarGroups';
import { DayListDialog, EventPopover, type CalEvent, type DayList } from './CalendarPopovers';
import { useCalendarA11yFixes } from './useCalendarA11yFixes';

/** A block of the week view standing for several events at once (see calendarGroups). */
interface CalGroup {
  id: string;
  title: string;
  start: Date;
  end: Date;
  members: CalEvent[];
}
type CalItem = CalEvent | CalGroup;
const isGroup = (item: CalItem): item is CalGroup => 'members' in item;

const VIEWS: View[] = ['month', 'week', 'agenda'];
/** Luxon weekday numbers: 7 = Sunday (United States), 1 = Monday (Spain, France). */
const FIRST_DAY: Record<string, number> = { en: 7, es: 1, fr: 1 };

export interface EventsCalendarProps {
  entries: CalendarEntry[];
  zone: string;
  /** The calendar now shows this range (whole days in `zone`); the parent fetches what it lacks. */
  onRangeShown: (range: Range) => void;
}

function initialView(): View {
  return window.matchMedia('(max-width: 767px)').matches ? 'agenda' : 'month';
}

export default function EventsCalendar({ entries, zone, onRangeShown }: EventsCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [view, setView] = useState<View>(initialView);
  const [date, setDate] = useState(() => new Date());
  const [list, setList] = useState<DayList | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useCalendarA11yFixes(box, { month: t('events.calendar.monthGrid') });

  // Set before the localizer is made and before the calendar renders with it.
  const localizer = useMemo(() => {
    Settings.defaultZone = zone;
    return luxonLocalizer(DateTime, { firstDayOfWeek: FIRST_DAY[language] ?? 7 });
  }, [zone, language]);
  useEffect(
    () => () => {
      Settings.defaultZone = 'system';
    },
    [],
  );

  const scrollToTime = useMemo(() => DateTime.now().setZone(zone).set({ hour: 8, minute: 0 }).toJSDate(), [zone]);

  const events = useMemo<CalEvent[]>(
    () =>
      entries.map((e) => ({
        id: e.eventId,
        title: e.title,
        start: new Date(e.start),
        end: new Date(e.end),
        status: e.status,
        organizerName: e.organizerName,
        imageUrl: e.imageUrl,
        series: e.series,
      })),
    [entries],
  );
  // The week view lists crowded hours instead of cutting them into slivers.
  const items = useMemo<CalItem[]>(
    () =>
      view === 'week'
        ? groupCrowded(events).map((g) =>
            'members' in g ? { id: `group-${g.members[0]!.id}`, title: t('events.calendar.groupTitle', { count: g.members.length }), start: g.start, end: g.end, members: g.members } : g,
          )
        : events,
    [events, view, t],
  );

  // What is visible after a view change, a navigation or a zone change.
  useEffect(() => {
    const d = DateTime.fromJSDate(date, { zone });
    const [start, end] =
      view === 'month'
        ? [d.startOf('month').startOf('week').minus({ days: 1 }), d.endOf('month').endOf('week').plus({ days: 1 })]
        : view === 'week'
          ? [d.startOf('week').minus({ days: 1 }), d.endOf('week').plus({ days: 1 })]
          : [d.startOf('day'), d.plus({ days: 30 })];
    onRangeShown(rangeAround(start.toJSDate(), end.toJSDate(), zone));
  }, [view, date, zone, onRangeShown]);

  const messages = useMemo<Messages<CalItem>>(
    () => ({
      date: t('events.calendar.messages.date'),
      time: t('events.calendar.messages.time'),
      event: t('events.calendar.messages.event'),
      allDay: t('events.calendar.messages.allDay'),
      week: t('events.calendar.messages.week'),
      work_week: t('events.calendar.messages.work_week'),
      day: t('events.calendar.messages.day'),
      month: t('events.calendar.messages.month'),
      previous: t('events.calendar.messages.previous'),
      next: t('events.calendar.messages.next'),
      yesterday: t('events.calendar.messages.yesterday'),
      tomorrow: t('events.calendar.messages.tomorrow'),
      today: t('events.calendar.messages.today'),
      agenda: t('events.calendar.messages.agenda'),
      noEventsInRange: t('events.calendar.messages.noEventsInRange'),
      showMore: (count: number) => t('events.calendar.messages.showMore', { count }),
    }),
    [t],
  );

  const components = useMemo(() => {
    const Event = ({ event }: EventProps<CalItem>) =>
      isGroup(event) ? (
        <button
          type="button"
          className="cal-event-button cal-group-button"
          data-testid="calendar-group"
          data-count={event.members.length}
          onClick={(e) =>
            setList({
              title: t('events.calendar.groupListTitle', { count: event.members.length, time: formatEventTime(event.start.toISOString(), zone, language, 'weekdayDateTime') }),
              events: event.members,
              opener: e.currentTarget,
            })
          }
        >
          {event.title}
        </button>
      ) : (
        <EventPopover event={event} zone={zone} />
      );
    return { event: Event, agenda: { event: Event } };
  }, [zone, language, t]);

  // "+N more" in the month grid: the day's events in our own list, not the library's popup.
  const onShowMore = (more: CalItem[], day: Date) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setList({
      title: t('events.calendar.dayListTitle', { date: formatEventTime(day.toISOString(), zone, language, 'date') }),
      events: more.flatMap((m) => (isGroup(m) ? m.members : [m])),
      opener,
    });
  };

  return (
    <Box
      ref={box}
      h={{ base: '640px', md: '760px' }}
      data-testid="events-calendar"
      data-zone={zone}
      data-view={view}
      css={{
        '& .rbc-calendar': { fontFamily: 'inherit', color: 'fg' },
        '& .rbc-toolbar': { gap: '2', flexWrap: 'wrap', mb: '3', flexDirection: { base: 'column', md: 'row' }, alignItems: { base: 'stretch', md: 'center' } },
        '& .rbc-toolbar .rbc-btn-group': { display: 'flex' },
        '& .rbc-toolbar .rbc-btn-group > button': { flex: { base: '1', md: 'initial' } },
        '& .rbc-agenda-view table.rbc-agenda-table': { fontSize: { base: 'sm', md: 'md' } },
        '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: { base: 'normal', md: 'nowrap' } },
        '& .rbc-agenda-view table.rbc-agenda-table .rbc-agenda-time-cell': { px: { base: '2', md: '4' } },
        '& .rbc-toolbar .rbc-toolbar-label': { fontWeight: 'semibold', fontSize: 'lg', order: { base: -1, md: 0 }, py: { base: '1', md: '0' } },
        '& .rbc-toolbar button': { color: 'fg', borderColor: 'border', bg: 'bg', minH: '10', px: '3', cursor: 'pointer' },
        '& .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { bg: 'bg.muted', borderColor: 'border.emphasized' },
        '& .rbc-toolbar button:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', zIndex: 1 },
        '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button.rbc-active:hover, & .rbc-toolbar button.rbc-active:focus': {
          bg: 'brand.solid',
          color: 'brand.contrast',
          borderColor: 'brand.solid',
          boxShadow: 'none',
        },
        '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table': { borderColor: 'border', borderRadius: 'l2', bg: 'bg' },
        '& .rbc-header, & .rbc-month-row + .rbc-month-row, & .rbc-day-bg + .rbc-day-bg, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-time-content, & .rbc-time-content > * + * > *, & .rbc-day-slot .rbc-time-slot, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td, & .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th':
          { borderColor: 'border' },
        '& .rbc-off-range-bg': { bg: 'bg.subtle' },
        '& .rbc-off-range, & .rbc-off-range .rbc-button-link': { color: 'fg.muted' },
        '& .rbc-today': { bg: 'brand.subtle' },
        '& .rbc-event, & .rbc-day-slot .rbc-background-event': { bg: 'brand.solid', color: 'brand.contrast', borderRadius: 'l1' },
        '& .rbc-event.rbc-selected': { bg: 'brand.solid' },
        '& .rbc-event:focus-within': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
        '& .cal-event-button': {
          display: 'block',
          w: 'full',
          textAlign: 'start',
          bg: 'transparent',
          color: 'inherit',
          font: 'inherit',
          border: 'none',
          p: '0',
          cursor: 'pointer',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: { base: 'normal', md: 'nowrap' },
          outline: 'none',
        },
        '& .rbc-day-slot .cal-event-button': { whiteSpace: 'normal', h: 'full' },
        '& .rbc-agenda-event-cell .cal-event-button': { color: 'brand.fg', fontWeight: 'medium' },
        '& .cal-event-button:hover': { textDecoration: 'underline' },
        '& .rbc-event.is-group': { bg: 'brand.subtle', color: 'brand.fg', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'brand.solid', fontWeight: 'semibold' },
        '& .rbc-day-slot .rbc-event': { minW: '60px' },
        '& .rbc-day-slot .rbc-event-label': { display: 'none' },
        '& .rbc-show-more': { color: 'brand.fg', bg: 'transparent', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& .rbc-current-time-indicator': { bg: 'red.500' },
        '& .rbc-overlay': { bg: 'bg', borderColor: 'border', borderRadius: 'l2' },
        '& .rbc-button-link': { color: 'inherit' },
      }}
    >
      <Calendar<CalItem>
        key={zone}
        localizer={localizer}
        culture={intlLocale(language)}
        events={items}
        views={VIEWS}
        view={view}
        onView={setView}
        date={date}
        onNavigate={setDate}
        drilldownView="week"
        popup={false}
        doShowMoreDrillDown={false}
        onShowMore={onShowMore}
        dayLayoutAlgorithm="no-overlap"
        messages={messages}
        components={components}
        tooltipAccessor={null}
        eventPropGetter={(e) => ({ className: isGroup(e) ? 'is-group' : `is-${e.status}` })}
        scrollToTime={scrollToTime}
      />
      <DayListDialog list={list} zone={zone} onClose={() => setList(null)} />
    </Box>
  );
}
