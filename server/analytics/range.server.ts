/**
 * The Analytics tab (/userDashboard?tab=Analytics&from=&to=&channel=; docs/decisions/0094): the
 * tenant's figures over a range of days for its admins, one organizer's (their channels') for that
 * organizer. Everything comes from the daily rollups: three queries bounded by the days asked for,
 * then the titles of the top events and videos shown. Nothing here reads the tenant's events,
 * orders, messages or plays one by one.
 */
import { canSchedule } from '#app/lib/nav';
import type { SessionUser } from '#app/lib/identity/types';
import { daysFrom } from '#app/lib/analytics/days';
import { emptyCounts } from '#app/lib/analytics/model';
import { eventFigures, parseRange, rangeFigures, rangeQuerySchema, topEvents, videoFigures, type RangeAnalytics } from '#app/lib/analytics/range';
import type { TenantData } from '#server/data/tenantData.server';
import { ownerScope, TENANT_SCOPE } from './data/rollups.server';

type Data = Pick<TenantData, 'analytics' | 'channels' | 'events' | 'media'>;

const notFound = () => new Response('Not Found', { status: 404 });

/** Whether this person has the Analytics tab at all: the tenant's admins and organizers. */
export const mayReadRangeAnalytics = (user: SessionUser) => user.groups.includes('admin') || canSchedule(user.groups);

/**
 * The tab's data. Throws a 404 Response for someone who is neither an admin nor an organizer, and
 * for a ?channel= that is not one of this tenant's channels they may see (someone else's channel,
 * for an organizer who is not an admin, looks the same as one that does not exist).
 */
export async function rangeAnalytics(data: Data, user: SessionUser, params: URLSearchParams, now = Date.now()): Promise<RangeAnalytics> {
  if (!mayReadRangeAnalytics(user)) throw notFound();
  const admin = user.groups.includes('admin');
  const q = rangeQuerySchema.parse({ from: params.get('from'), to: params.get('to'), channel: params.get('channel') || null, top: params.get('top') ?? undefined });
  const [chosen, mine] = await Promise.all([q.channel ? data.channels.get(q.channel) : Promise.resolve(null), admin ? data.channels.list() : data.channels.byOwner(user.sub)]);
  if (q.channel && (!chosen || (!admin && chosen.ownerId !== user.sub))) throw notFound();
  const scope = chosen ? ownerScope(chosen.ownerId) : admin ? TENANT_SCOPE : ownerScope(user.sub);
  const { from, to, errors } = parseRange(q.from, q.to, now);
  const base: RangeAnalytics = {
    from,
    to,
    errors,
    channelId: chosen?.channelId ?? null,
    channels: mine.map((c) => ({ channelId: c.channelId, name: c.name })),
    wholeSite: admin,
    top: q.top,
    totals: { registrations: 0, tickets: 0, attended: 0, watchMs: 0, counts: emptyCounts(), revenue: [] },
    currencies: [],
    days: [],
    topEvents: [],
    videos: [],
    empty: true,
  };
  if (errors.from || errors.to) return base;

  const rollups = await data.analytics.rollups(scope, from, to);
  const figures = rangeFigures(daysFrom(from, to), rollups.days);
  const main = [...figures.totals.revenue].sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency))[0]?.currency ?? null;
  const top = topEvents(eventFigures(rollups.events).values(), q.top, main);
  const videos = videoFigures(rollups.videos);
  const [events, media] = await Promise.all([
    Promise.all(top.map((r) => data.events.get(r.eventId).catch(() => null))),
    Promise.all(videos.map((v) => (/^[a-z0-9]{21}$/.test(v.videoId) ? data.media.get(v.videoId).catch(() => null) : Promise.resolve(null)))),
  ]);
  return {
    ...base,
    ...figures,
    // An event deleted since keeps its figures under its id.
    topEvents: top.map((r, i) => ({ ...r, title: events[i]?.title ?? r.eventId })),
    videos: videos.map((v, i) => ({ ...v, title: media[i]?.title || v.videoId })),
    empty: rollups.days.size === 0 && videos.length === 0,
  };
}
