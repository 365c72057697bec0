/**
 * The .ics calendar file of an event (confirmation mails, reminders, /api/tickets/ics). The ics
 * package writes no VTIMEZONE, so the start is the universal instant (UTC) every calendar shows
 * in its reader's zone; the organizer's zone and local time are named in the description
 * (docs/decisions/0035-tickets-and-consultations.md).
 */
import { createEvent } from 'ics';
import { DateTime } from 'luxon';
import { previewHref, type EventRecord } from '#app/lib/events/model';

export const eventPageUrl = (origin: string, event: Pick<EventRecord, 'eventId'>) => `${origin}${previewHref(event.eventId)}`;

/** The calendar file (text/calendar) for one event; `origin` is the tenant's (tenantOrigin), for its link and UID. */
export function eventCalendar(event: Pick<EventRecord, 'eventId' | 'title' | 'description' | 'eventDateTime' | 'eventDuration' | 'eventTimeZone' | 'organizerName'>, origin: string): string {
  const local = DateTime.fromISO(event.eventDateTime, { zone: 'utc' }).setZone(event.eventTimeZone);
  const url = eventPageUrl(origin, event);
  const { error, value } = createEvent({
    uid: `${event.eventId}@${new URL(origin).host}`,
    productId: 'live-events/ics',
    start: Date.parse(event.eventDateTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.eventDuration },
    title: event.title,
    description: [`${local.toFormat('yyyy-MM-dd HH:mm')} (${event.eventTimeZone})`, event.description.slice(0, 1000), url].filter(Boolean).join('\n\n'),
    url,
    ...(event.organizerName ? { organizer: { name: event.organizerName } } : {}),
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}

export const calendarFileName = (event: Pick<EventRecord, 'eventId'>) => `event-${event.eventId}.ics`;
