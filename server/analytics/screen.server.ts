/**
 * The event analytics tab (/userDashboard?tab=EventAnalytics&event=<id>; docs/decisions/0090):
 * for the event's organizer and the tenant's admins. Everything it reads was aggregated on write:
 * the counter shards, the live state, the minute buckets and markers, and one page of attendee rows
 * (with those people's registration answers). Its cost does not grow with chat messages or votes,
 * and with attendees only by the page's rows.
 */
import { z } from 'zod';
import { endMs, eventIdSchema, eventStatus, startMs, type EventRecord } from '#app/lib/events/model';
import { roleOf } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import {
  ATTENDEE_PAGE_SIZE,
  ATTENDEE_SORTS,
  REVENUE_KINDS,
  timelineOf,
  type EventAnalytics,
  type RevenueRow,
} from '#app/lib/analytics/model';
import type { TenantData } from '#server/data/tenantData.server';

const querySchema = z.object({
  event: eventIdSchema,
  sort: z.enum(ATTENDEE_SORTS).catch('joined'),
  after: z
    .string()
    .max(300)
    .regex(/^[JW]#\d{13}#[^\s]{1,200}$/)
    .nullable()
    .catch(null),
});

type Data = Pick<TenantData, 'events' | 'analytics' | 'tickets' | 'registrationAnswers' | 'experience'>;

/** The event named in ?event= when this person organizes it (or administers the tenant); else null (a 404). */
export async function analyticsEvent(data: Pick<TenantData, 'events'>, user: SessionUser, eventId: unknown): Promise<EventRecord | null> {
  const id = eventIdSchema.safeParse(eventId);
  if (!id.success) return null;
  const event = await data.events.get(id.data);
  return event && roleOf(event, user) === 'organizer' ? event : null;
}

function answersText(answers: ReadonlyArray<{ label: string; answer: string }>): string {
  return answers
    .filter((a) => a.answer.trim())
    .map((a) => `${a.label}: ${a.answer}`)
    .join(' · ');
}

/**
 * The tab's data, or null when ?event= names no event this person may see (the caller answers 404:
 * an unknown id, another tenant's event and someone else's event look the same).
 */
export async function eventAnalytics(data: Data, user: SessionUser, params: URLSearchParams, now = Date.now()): Promise<EventAnalytics | null> {
  const parsed = querySchema.safeParse({ event: params.get('event') ?? '', sort: params.get('sort') ?? undefined, after: params.get('after') });
  if (!parsed.success) return null;
  const { sort, after } = parsed.data;
  const event = await analyticsEvent(data, user, parsed.data.event);
  if (!event) return null;
  const eventId = event.eventId;
  const [totals, live, buckets, markers, page, registrations, experience] = await Promise.all([
    data.analytics.totals(eventId),
    data.analytics.live(eventId),
    data.analytics.buckets(eventId),
    data.analytics.markers(eventId),
    data.analytics.attendeePage(eventId, sort, ATTENDEE_PAGE_SIZE, after),
    data.tickets.sold(eventId),
    // The players' and the room's beacons (docs/decisions/0093): at most 8 shards.
    data.experience.read(eventId),
  ]);
  const answers = await Promise.all(page.rows.map((r) => data.registrationAnswers.get(eventId, r.identity).catch(() => null)));
  const rows = page.rows.map((r, i) => ({ ...r, answers: answersText(answers[i]?.answers ?? []) }));
  const status = eventStatus(event, now);
  const isLive = status === 'live' || (status === 'open' && live.current > 0);
  const first = buckets.length ? Math.min(...buckets.map((b) => b.minute)) * 60_000 : Infinity;
  const lastBucket = buckets.length ? Math.max(...buckets.map((b) => b.minute)) * 60_000 : 0;
  const from = Math.min(startMs(event), first);
  const to = isLive ? Math.max(now, from) : Math.max(Math.min(endMs(event), now), lastBucket);
  // Closed stretches, plus the open ones up to now.
  const totalWatchMs = live.watchMs + Math.max(0, live.current * Math.floor(now / 1000) - live.openSec) * 1000;
  const revenue: RevenueRow[] = Object.entries(totals.revenue)
    .map(([currency, per]) => ({ currency, ...per, total: REVENUE_KINDS.reduce((sum, k) => sum + per[k], 0) }))
    .filter((r) => r.total !== 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    event: { eventId, title: event.title, status, startsAt: event.eventDateTime, endsAt: new Date(endMs(event)).toISOString() },
    live: isLive,
    now,
    funnel: {
      registrations,
      attendees: live.attendees,
      current: live.current,
      peak: live.peak,
      peakAt: live.peakAt,
      totalWatchMs,
      averageWatchMs: live.attendees ? Math.round(totalWatchMs / live.attendees) : 0,
    },
    counts: totals.counts,
    revenue,
    timeline: timelineOf(buckets, from, to),
    markers: markers.filter((m) => m.at >= from - 60_000 && m.at <= to + 60_000),
    table: { sort, rows, next: page.next, after },
    experience,
  };
}

/**
 * The dashboard tab's data: null without ?event= (the tab says where to choose one); a 404
 * Response thrown when ?event= names no event this person organizes.
 */
export async function analyticsTab(data: Data, user: SessionUser, url: URL): Promise<EventAnalytics | null> {
  if (!url.searchParams.get('event')) return null;
  const found = await eventAnalytics(data, user, url.searchParams);
  if (!found) throw new Response('Not Found', { status: 404 });
  return found;
}
