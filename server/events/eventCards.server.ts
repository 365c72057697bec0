/**
 * Server side of the event cards: the lifecycle state at `now` and a loadable image URL. Event
 * images live in the tenant's private bucket; a short-lived presigned GET lets the browser load
 * one; the document's Content-Security-Policy admits the storage origin for images.
 */
import { eventStatus, type EventImageSize, type EventRecord } from '#app/lib/events/model';
import type { TenantFiles } from '#server/data/tenantData.server';
import type { CalendarEntry, EventCardData } from '#app/lib/events/cards';

/** Long enough to outlive a cached render of the page that carries it. */
const IMAGE_URL_SECONDS = 3600;

export async function eventImageUrl(files: Pick<TenantFiles, 'presignDownload'>, key: string | undefined): Promise<string | null> {
  if (!key) return null;
  try {
    return await files.presignDownload({ key, expiresIn: IMAGE_URL_SECONDS });
  } catch {
    // A key the storage layer refuses is shown as "no image" rather than breaking the listing.
    return null;
  }
}

/** The card of one of the tenant's events (`files`: the tenant's, context.data.files). */
export async function toCard(event: EventRecord, now: number, files: Pick<TenantFiles, 'presignDownload'>, size: EventImageSize = 'thumbnail'): Promise<EventCardData> {
  return {
    eventId: event.eventId,
    title: event.title,
    organizerName: event.organizerName,
    eventDateTime: event.eventDateTime,
    eventDuration: event.eventDuration,
    eventTimeZone: event.eventTimeZone,
    eventLanguage: event.eventLanguage,
    status: eventStatus(event, now),
    imageUrl: await eventImageUrl(files, event.images[size]),
    ticketPrice: event.ticketPrice,
  };
}

export async function toCalendarEntry(event: EventRecord, now: number, files: Pick<TenantFiles, 'presignDownload'>): Promise<CalendarEntry> {
  return {
    imageUrl: await eventImageUrl(files, event.images.thumbnail),
    eventId: event.eventId,
    title: event.title,
    organizerName: event.organizerName,
    start: event.eventDateTime,
    end: new Date(Date.parse(event.eventDateTime) + event.eventDuration * 60_000).toISOString(),
    status: eventStatus(event, now),
    series: Boolean(event.seriesId),
  };
}
