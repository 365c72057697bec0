/**
 * Registration for a whole series (docs/decisions/0085): one request registers the person for
 * every occurrence of the series that is still to come and not cancelled, each through the same
 * capacity-guarded free seat as a single registration (server/commerce/data/tickets.server.ts,
 * registerFree): an occurrence already held is kept, a full one is skipped and reported. The
 * series registration record lets occurrences added later admit the person as well
 * (seriesSeat, asked by the ticket gate). Free registration only: paid tickets stay per occurrence.
 */
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { TenantData } from '#server/data/tenantData.server';
import type { SeriesRecord } from './data/series.server';

type Data = Pick<TenantData, 'events' | 'tickets'>;

export type SeriesRegistrationResult =
  | { ok: false; reason: 'notFound' }
  | {
      ok: true;
      seriesId: string;
      /** Occurrences the person got a seat on now. */
      registered: EventRecord[];
      /** Occurrences they already held a seat on (kept, not duplicated). */
      already: EventRecord[];
      /** Occurrences that were full: skipped. */
      full: EventRecord[];
    };

/** What the access panel of an occurrence shows about its series (app/lib/tickets/api.ts, AccessView.series). */
export interface SeriesAccess {
  /** Occurrences of the series not over and not cancelled (what a whole-series registration would cover; one read each, at most 52). */
  upcoming: number;
  /** The person registered for the whole series. */
  registered: boolean;
}

/** Whether a free seat may be taken on this occurrence at `now` (the single registration's own rules). */
function open(event: EventRecord, seriesId: string, user: EventUser, now: number): boolean {
  if (event.seriesId !== seriesId || event.kind !== 'event' || event.consultationBookingId) return false;
  if (event.ticketPrice > 0 || isStaff(roleOf(event, user))) return false;
  const status = eventStatus(event, now);
  return status !== 'cancelled' && status !== 'ended' && status !== 'expired';
}

/** The series of `event` in this tenant, null when it has none or the series does not list it. */
async function seriesOf(data: Data, event: Pick<EventRecord, 'eventId' | 'seriesId'>): Promise<SeriesRecord | null> {
  if (!event.seriesId) return null;
  const series = await data.events.series.get(event.seriesId);
  return series && series.eventIds.includes(event.eventId) ? series : null;
}

/**
 * Registers `user` for every occurrence of `event`'s series still to come. notFound when the event
 * has no series in this tenant (a series id of another tenant reads as none). `beforeSeats` runs on
 * the occurrences about to be registered before any seat is taken.
 */
export async function registerForSeries(
  data: Data,
  event: EventRecord,
  user: EventUser & { sub: string },
  { now = Date.now(), beforeSeats }: { now?: number; beforeSeats?: (occurrences: EventRecord[]) => Promise<unknown> } = {},
): Promise<SeriesRegistrationResult> {
  const series = await seriesOf(data, event);
  if (!series) return { ok: false, reason: 'notFound' };
  const events = await Promise.all(series.eventIds.map((id) => data.events.get(id)));
  const occurrences = events.filter((e): e is EventRecord => Boolean(e) && open(e!, series.seriesId, user, now));
  // What goes with each seat (the registration questions' answers) is stored before it, as for one occurrence.
  await beforeSeats?.(occurrences);
  await data.events.series.register(series.seriesId, user.sub, new Date(now));
  const out = { ok: true as const, seriesId: series.seriesId, registered: [] as EventRecord[], already: [] as EventRecord[], full: [] as EventRecord[] };
  // A few at a time: each seat is a transaction of its own.
  for (let i = 0; i < occurrences.length; i += 6) {
    const batch = occurrences.slice(i, i + 6);
    const results = await Promise.all(batch.map((e) => data.tickets.registerFree({ eventId: e.eventId, userId: user.sub, capacity: e.capacity }, new Date(now))));
    batch.forEach((e, j) => out[results[j] === 'registered' ? 'registered' : results[j] === 'already' ? 'already' : 'full'].push(e));
  }
  return out;
}

/** The series part of an occurrence's access panel, null for an event that is not in a series. */
export async function seriesAccessFor(data: Data, event: EventRecord, userId: string | null, now = Date.now()): Promise<SeriesAccess | null> {
  const series = await seriesOf(data, event);
  if (!series) return null;
  const [events, registration] = await Promise.all([
    Promise.all(series.eventIds.map((id) => data.events.get(id))),
    userId ? data.events.series.registration(series.seriesId, userId) : Promise.resolve(null),
  ]);
  const upcoming = events.filter((e) => e && e.seriesId === series.seriesId && !['cancelled', 'ended', 'expired'].includes(eventStatus(e, now))).length;
  return { upcoming, registered: registration !== null };
}

/**
 * The ticket gate's word for an occurrence the person holds no seat on (server/entitlement/gate.server.ts):
 * when they registered for its whole series, their seat on it is taken now, under its capacity
 * (an occurrence added to the series after they registered). False when they did not, or it is full.
 */
export async function seriesSeat(data: Data, event: Pick<EventRecord, 'eventId' | 'seriesId' | 'ticketPrice' | 'capacity'>, userId: string): Promise<boolean> {
  if (!event.seriesId || event.ticketPrice > 0 || !userId) return false;
  if (!(await data.events.series.registration(event.seriesId, userId))) return false;
  return (await data.tickets.registerFree({ eventId: event.eventId, userId, capacity: event.capacity })) !== 'soldOut';
}
