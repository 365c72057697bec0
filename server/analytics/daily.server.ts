/**
 * The daily rollups' side of the flush (docs/decisions/0094-range-analytics.md): what the hooks
 * counted is also summed per tenant and UTC day, in memory, and written by the same one-second
 * flush as one update per scope and kind of item — the tenant's day, each organizer's day, their
 * figures per event and per video — however many events, orders or plays it covers.
 */
import { log } from '#server/observability/log.server';
import type { TenantData } from '#server/data/tenantData.server';
import { ownerScope, TENANT_SCOPE, type RollupKind } from './data/rollups.server';

type Data = Pick<TenantData, 'tenantId' | 'analytics'>;

interface PendingDay {
  data: Data;
  day: string;
  /** Per event: c_<kind>, r_<CUR>_<kind>, c_registrations, c_attended, c_watchMs. */
  events: Map<string, Record<string, number>>;
  /** Per video: views and watch seconds. */
  videos: Map<string, { views: number; seconds: number }>;
}

const pending = new Map<string, PendingDay>();

function entry(data: Data, day: string): PendingDay {
  const key = `${data.tenantId}\u0000${day}`;
  let found = pending.get(key);
  if (!found) pending.set(key, (found = { data, day, events: new Map(), videos: new Map() }));
  return found;
}

/** Adds an event's figures to its day. */
export function addDaily(data: Data, day: string, eventId: string, deltas: Readonly<Record<string, number | undefined>>): void {
  const events = entry(data, day).events;
  const sum = events.get(eventId) ?? {};
  for (const [name, d] of Object.entries(deltas)) if (d) sum[name] = (sum[name] ?? 0) + d;
  events.set(eventId, sum);
}

/** Adds a video's play to its day. */
export function addVideoDaily(data: Data, day: string, videoId: string, views: number, seconds: number): void {
  const videos = entry(data, day).videos;
  const sum = videos.get(videoId) ?? { views: 0, seconds: 0 };
  sum.views += views;
  sum.seconds += seconds;
  videos.set(videoId, sum);
}

/** Owners looked up once per instance (an event's organizer and a video's owner do not change). */
const owners = new Map<string, Promise<string | null>>();
const MAX_OWNERS = 20_000;

function ownerOf(data: Data, kind: 'event' | 'video', id: string): Promise<string | null> {
  const key = `${data.tenantId}\u0000${kind}\u0000${id}`;
  let found = owners.get(key);
  if (!found) {
    if (owners.size >= MAX_OWNERS) owners.clear();
    found = (kind === 'event' ? data.analytics.owners.eventOwner(id) : data.analytics.owners.videoOwner(id)).catch(() => {
      owners.delete(key);
      return null;
    });
    owners.set(key, found);
  }
  return found;
}

const addAll = (into: Record<string, number>, from: Readonly<Record<string, number>>) => {
  for (const [name, d] of Object.entries(from)) into[name] = (into[name] ?? 0) + d;
};

/** An event's line of the day's per-event item: attended, watch time and revenue per currency. */
export function eventAttrs(eventId: string, deltas: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  if (deltas.c_attended) out[`a_${eventId}`] = deltas.c_attended;
  if (deltas.c_watchMs) out[`w_${eventId}`] = deltas.c_watchMs;
  for (const [name, d] of Object.entries(deltas)) {
    const m = /^r_([A-Z]{3})_\w+$/.exec(name);
    if (m && d) out[`m_${m[1]}_${eventId}`] = (out[`m_${m[1]}_${eventId}`] ?? 0) + d;
  }
  return out;
}

async function writeDay(p: PendingDay, shard: number): Promise<void> {
  const scopes = new Map<string, Record<RollupKind, Record<string, number>>>();
  const of = (scope: string) => {
    let found = scopes.get(scope);
    if (!found) scopes.set(scope, (found = { D: {}, E: {}, V: {} }));
    return found;
  };
  for (const [eventId, deltas] of p.events) {
    const owner = await ownerOf(p.data, 'event', eventId);
    const line = eventAttrs(eventId, deltas);
    for (const scope of owner ? [TENANT_SCOPE, ownerScope(owner)] : [TENANT_SCOPE]) {
      addAll(of(scope).D, deltas);
      addAll(of(scope).E, line);
    }
  }
  for (const [videoId, { views, seconds }] of p.videos) {
    const owner = await ownerOf(p.data, 'video', videoId);
    for (const scope of owner ? [TENANT_SCOPE, ownerScope(owner)] : [TENANT_SCOPE]) addAll(of(scope).V, { [`v_${videoId}`]: views, [`s_${videoId}`]: seconds });
  }
  const writes: Promise<void>[] = [];
  for (const [scope, kinds] of scopes) for (const kind of ['D', 'E', 'V'] as const) writes.push(p.data.analytics.addRollup(scope, kind, p.day, shard, kinds[kind]));
  await Promise.all(writes);
}

/** Tenant-days written at once by one flush (usually one or two: today's, and a late webhook's). */
const FLUSH_CONCURRENCY = 8;

/** Writes every day's figures waiting in memory to this instance's shard. */
export async function flushDaily(shard: number): Promise<void> {
  const batch = [...pending.values()];
  pending.clear();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(FLUSH_CONCURRENCY, batch.length) }, async () => {
      while (next < batch.length) {
        const p = batch[next++]!;
        try {
          await writeDay(p, shard);
        } catch (e) {
          log.warn(`[analytics] could not write the day ${p.day} of ${p.data.tenantId}: ${(e as Error).message}`);
        }
      }
    }),
  );
}
