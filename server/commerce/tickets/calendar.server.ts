/**
 * The .ics calendar file of an event (confirmation mails, reminders, /api/tickets/ics). The ics
 * package writes no VTIMEZONE, so the start is the universal instant (UTC) every calendar shows
 * in its reader's zone; the organizer's zone and local time are named in the description
 * (docs/decisions/0035-tickets-and-consultations.md).
 */
import { createEvents, type EventAttributes } from 'ics';
import { DateTime } from 'luxon';
import { previewHref, type EventRecord } from '#app/lib/events/model';
import type { SeriesCalendar } from '#server/events/index.server';

export const eventPageUrl = (origin: string, event: Pick<EventRecord, 'eventId'>) => `${origin}${previewHref(event.eventId)}`;

/** yyyyMMddTHHmmss of an instant's wall-clock time in `zone` (a DTSTART or EXDATE with TZID). */
const icsLocal = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("yyyyMMdd'T'HHmmss");

/**
 * The series part of an occurrence's file (docs/decisions/0080): the first occurrence's start as
 * a wall-clock time in the series' zone (DTSTART;TZID=…) so the RRULE keeps 18:00 at 18:00 across
 * daylight-saving changes, EXDATE for occurrences cancelled one by one, and each occurrence edited
 * alone identified by the wall-clock start the rule gave it (RECURRENCE-ID;TZID=…).
 */
function withSeries(ics: string, series: SeriesCalendar): string {
  const start = series.dtstart.replace(/[-:]/g, '') + '00';
  const exdates = series.exdates.length ? `\r\nEXDATE;TZID=${series.zone}:${series.exdates.map((d) => icsLocal(d, series.zone)).join(',')}` : '';
  return ics
    .replace(/\r\nDTSTART:\d{8}T\d{6}\r\n/, `\r\nDTSTART;TZID=${series.zone}:${start}\r\n`)
    .replace(/(\r\nRRULE:[^\r]*)/, `$1${exdates}`)
    .replace(/\r\nRECURRENCE-ID:(\d{8}T\d{6})Z\r\n/g, (_, utc: string) => `\r\nRECURRENCE-ID;TZID=${series.zone}:${icsLocal(DateTime.fromFormat(utc, "yyyyMMdd'T'HHmmss", { zone: 'utc' }).toISO()!, series.zone)}\r\n`);
}

type CalendarEvent = Pick<EventRecord, 'eventId' | 'title' | 'description' | 'eventDateTime' | 'eventDuration' | 'eventTimeZone' | 'organizerName'>;

/** What every entry of the file says: the title, length, link and organizer, and the local start in the description. */
function entryText(event: CalendarEvent, origin: string, override?: Pick<EventRecord, 'eventId' | 'eventDateTime' | 'eventDuration' | 'title'>) {
  const shown = { ...event, ...override };
  const local = DateTime.fromISO(shown.eventDateTime, { zone: 'utc' }).setZone(event.eventTimeZone);
  const url = eventPageUrl(origin, shown);
  return {
    productId: 'live-events/ics',
    duration: { minutes: shown.eventDuration },
    title: shown.title,
    description: [`${local.toFormat('yyyy-MM-dd HH:mm')} (${event.eventTimeZone})`, event.description.slice(0, 1000), url].filter(Boolean).join('\n\n'),
    url,
    ...(event.organizerName ? { organizer: { name: event.organizerName } } : {}),
  };
}

/** DTSTAMP as the ics package writes it (UTC, whole seconds): the file is written with this at 0 and stamped when used. */
const UNSTAMPED = 'DTSTAMP:19700101T000000Z';
const stampOf = (ms: number) => `DTSTAMP:${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}`;

/**
 * Files written lately, by all that goes into one but its DTSTAMP: each buyer of an event gets the
 * same file, and writing it (the ics package validates every entry) costs more than the rest of
 * the confirmation mail. At most WRITTEN_MAX files; the oldest goes first.
 */
const written = new Map<string, string>();
const WRITTEN_MAX = 200;

/**
 * The calendar file (text/calendar) for one event; `origin` is the tenant's (tenantOrigin), for its
 * link and UID. An occurrence of a series gives the whole series (one UID for all its occurrences).
 */
export function eventCalendar(event: CalendarEvent, origin: string, series: SeriesCalendar | null = null, now = Date.now()): string {
  const { eventId, title, description, eventDateTime, eventDuration, eventTimeZone, organizerName } = event;
  const key = JSON.stringify([eventId, title, description, eventDateTime, eventDuration, eventTimeZone, organizerName, origin, series]);
  let file = written.get(key);
  if (file === undefined) {
    file = writeCalendar(event, origin, series);
    if (written.size >= WRITTEN_MAX) written.delete(written.keys().next().value!);
    written.set(key, file);
  }
  return file.replaceAll(UNSTAMPED, stampOf(now));
}

function writeCalendar(event: CalendarEvent, origin: string, series: SeriesCalendar | null): string {
  const host = new URL(origin).host;
  const first = series ? DateTime.fromISO(series.dtstart, { zone: 'utc' }) : null;
  // `timestamp` (DTSTAMP) is an attribute the package reads but its types leave out.
  const entries: Array<EventAttributes & { timestamp: number }> = [
    {
      uid: series ? `series-${series.seriesId}@${host}` : `${event.eventId}@${host}`,
      ...(first
        ? { start: [first.year, first.month, first.day, first.hour, first.minute] as [number, number, number, number, number], startInputType: 'local' as const, startOutputType: 'local' as const, recurrenceRule: series!.rrule }
        : { start: Date.parse(event.eventDateTime), startInputType: 'utc' as const, startOutputType: 'utc' as const }),
      ...entryText(event, origin),
      timestamp: 0,
    },
    // Occurrences edited alone: same UID, the rule's start as RECURRENCE-ID, their own start, length and title.
    ...(series?.overrides ?? []).map((o) => ({
      uid: `series-${series!.seriesId}@${host}`,
      recurrenceId: Date.parse(o.originalStart),
      start: Date.parse(o.eventDateTime),
      startInputType: 'utc' as const,
      startOutputType: 'utc' as const,
      ...entryText(event, origin, o),
      timestamp: 0,
    })),
  ];
  const { error, value } = createEvents(entries);
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return series ? withSeries(value, series) : value;
}

export const calendarFileName = (event: Pick<EventRecord, 'eventId'>) => `event-${event.eventId}.ics`;
