/**
 * What a listing card, the home page and the calendar know about an event: a browser-safe subset
 * (no organizer email, blocked list or invite code) with the image already turned into a URL.
 */
import type { EventStatus } from '#app/lib/events/model';

export interface EventCardData {
  eventId: string;
  title: string;
  organizerName: string;
  /** Start, ISO UTC. */
  eventDateTime: string;
  eventDuration: number;
  eventTimeZone: string;
  eventLanguage: string;
  status: EventStatus;
  /** A URL the browser may load, or null: the card then shows the branded placeholder. */
  imageUrl: string | null;
  /** Ticket price in minor units of the tenant's currency; 0 is free. */
  ticketPrice: number;
}

/** One calendar entry: start and end as ISO UTC instants. */
export interface CalendarEntry {
  eventId: string;
  title: string;
  organizerName: string;
  start: string;
  end: string;
  status: EventStatus;
  /** The thumbnail, signed for a while, shown in the event's popover; null without one. */
  imageUrl: string | null;
  /** An occurrence of a series (docs/decisions/0080): the calendar marks it. */
  series: boolean;
}

export const LIST_FILTERS = ['all', 'live', 'upcoming'] as const;
export type ListFilterValue = (typeof LIST_FILTERS)[number];

/** The /liveEvents URL for a search, a filter, a language and a page (empty values left out). */
export function listHref(params: { filter?: ListFilterValue; q?: string; lang?: string; cursor?: string | null }): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.filter && params.filter !== 'all') search.set('filter', params.filter);
  if (params.lang) search.set('lang', params.lang);
  if (params.cursor) search.set('cursor', params.cursor);
  const query = search.toString();
  return query ? `/liveEvents?${query}` : '/liveEvents';
}
