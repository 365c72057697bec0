/**
 * The interactive calendar (react-big-calendar with its Luxon localizer), browser only: it is
 * loaded lazily after hydration. Luxon's default zone is the zone being shown, so every date the
 * calendar computes (days, weeks, "today", slot times) is in that zone, not the machine's.
 */
import { Box } from '@chakra-ui/react';
import { Link, useNavigate } from '@remix-run/react';
import { DateTime, Settings } from 'luxon';
import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { Calendar, luxonLocalizer, type EventProps, type Messages, type View } from 'react-big-calendar';
import { useTranslation } from 'react-i18next';
import { previewHref, type EventStatus } from '#app/lib/events/model';
import { intlLocale } from '#app/lib/events/time';
import type { CalendarEntry } from '#app/lib/events/cards';
import { rangeAround, type Range } from './calendarRange';
import { useViewLabel } from './useViewLabel';

interface CalEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  status: EventStatus;
  organizerName: string;
}

const VIEWS: View[] = ['month', 'week', 'agenda'];
/** Luxon weekday numbers: 7 = Sunday (United States), 1 = Monday (Spain, France). */
const FIRST_DAY: Record<string, number> = { en: 7, es: 1, fr: 1 };

function EventLink({ event, zone }: { event: CalEvent; zone: string }) {
  const start = DateTime.fromJSDate(event.start, { zone });
  return (
    <Link
      to={previewHref(event.id)}
      className="cal-event-link"
      data-testid="calendar-event"
      data-event-id={event.id}
      data-local-date={start.toFormat('yyyy-MM-dd')}
      data-local-start={start.toFormat('HH:mm')}
      data-status={event.status}
    >
      {event.title}
    </Link>
  );
}

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
  const navigate = useNavigate();
  const language = i18n.language;
  const [view, setView] = useState<View>(initialView);
  const [date, setDate] = useState(() => new Date());

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
      })),
    [entries],
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

  const viewLabel = useViewLabel<HTMLDivElement>(t('events.calendar.messages.month'));
  const messages = useMemo<Messages<CalEvent>>(
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
    const Event = ({ event }: EventProps<CalEvent>) => <EventLink event={event} zone={zone} />;
    return { event: Event, agenda: { event: Event } };
  }, [zone]);

  const onSelectEvent = (event: CalEvent, e: SyntheticEvent) => {
    // The link inside navigates by itself; a click on the rest of the block does the same.
    if ((e.target as HTMLElement).closest('a')) return;
    navigate(previewHref(event.id));
  };

  return (
    <Box
      ref={viewLabel}
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
        '& .rbc-off-range': { color: 'fg.subtle' },
        '& .rbc-today': { bg: 'brand.subtle' },
        '& .rbc-event, & .rbc-day-slot .rbc-background-event': { bg: 'brand.solid', color: 'brand.contrast', borderRadius: 'l1' },
        '& .rbc-event.rbc-selected': { bg: 'brand.emphasized' },
        '& .rbc-event:focus-within': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
        '& .rbc-event .cal-event-link, & .rbc-agenda-event-cell .cal-event-link': { color: 'inherit', textDecoration: 'none', outline: 'none' },
        '& .rbc-agenda-event-cell .cal-event-link': { color: 'brand.fg', fontWeight: 'medium' },
        '& .cal-event-link:hover': { textDecoration: 'underline' },
        '& .rbc-show-more': { color: 'brand.fg', bg: 'transparent' },
        '& .rbc-current-time-indicator': { bg: 'red.500' },
        '& .rbc-overlay': { bg: 'bg', borderColor: 'border', borderRadius: 'l2' },
        '& .rbc-button-link': { color: 'inherit' },
      }}
    >
      <Calendar<CalEvent>
        key={zone}
        localizer={localizer}
        culture={intlLocale(language)}
        events={events}
        views={VIEWS}
        view={view}
        onView={setView}
        date={date}
        onNavigate={setDate}
        drilldownView="week"
        popup
        messages={messages}
        components={components}
        onSelectEvent={onSelectEvent}
        tooltipAccessor={(e) => (e.organizerName ? `${e.title} · ${e.organizerName}` : e.title)}
        eventPropGetter={(e) => ({ className: `is-${e.status}` })}
        scrollToTime={scrollToTime}
      />
    </Box>
  );
}
