/**
 * Daily rollups of a tenant's analytics (docs/decisions/0094-range-analytics.md), added to on
 * write by each instance's one-second flush (server/analytics/recorder.server.ts). One partition
 * per scope: the whole tenant (`ALL`) and each organizer (`O#<userId>`, what their channels show);
 * every key starts with the tenant and every read checks the stored tenant again.
 *
 *   pk T#<t>#AROLL#<scope>
 *     sk D#<YYYY-MM-DD>#<shard>   the day's totals: c_<kind> counts, r_<CUR>_<kind> revenue (minor
 *                                 units), c_registrations, c_attended, c_watchMs
 *     sk E#<YYYY-MM-DD>#<shard>   the day's figures per event: a_<eventId> attended, w_<eventId> watch
 *                                 ms, m_<CUR>_<eventId> revenue (for the top events)
 *     sk V#<YYYY-MM-DD>#<shard>   the day's figures per video: v_<videoId> views, s_<videoId> watch seconds
 *
 * A range of days is three queries over this partition (at most days × shards items each, never
 * the tenant's events, orders or messages).
 */
import { addToCounters } from '#server/platform/dynamo/counters.server';
import type { TenantId } from '#app/lib/config/tenant';
import { queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

export const TENANT_SCOPE = 'ALL';
export const ownerScope = (userId: string) => `O#${userId}`;
/** Kinds of rollup item: the day's totals, its figures per event, its figures per video. */
export type RollupKind = 'D' | 'E' | 'V';

const pkOf = (t: TenantId, scope: string) => tenantKey(t, 'AROLL', scope);
const ATTR = /^[a-zA-Z0-9_-]{1,90}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Adds to one rollup item (one write however many figures it carries); names that are not plain attribute names are dropped. */
export async function addRollup(db: Database, t: TenantId, scope: string, kind: RollupKind, day: string, shard: number, deltas: Readonly<Record<string, number>>): Promise<void> {
  if (!DAY.test(day)) throw new Error(`analytics: bad day ${day}`);
  const rounded = Object.fromEntries(Object.entries(deltas).map(([name, d]) => [name, Math.round(d)]));
  await addToCounters(db, { pk: pkOf(t, scope), sk: `${kind}#${day}#${shard}` }, { tenantId: t, scope, day }, rounded, ATTR);
}

/** One day's figures, summed over the shards: attribute name → number. */
export type DayAttrs = Record<string, number>;

export interface RollupRange {
  /** Per day (only days with something), the D# figures. */
  days: Map<string, DayAttrs>;
  /** The E# figures summed over the range. */
  events: DayAttrs;
  /** The V# figures summed over the range. */
  videos: DayAttrs;
  /** How many items were read (the benchmark and the tests check it stays bounded by days × shards). */
  itemsRead: number;
}

const numeric = (item: Item) => Object.entries(item).filter((e): e is [string, number] => typeof e[1] === 'number');

/** The rollups of `scope` from `from` to `to` (days, inclusive): three queries, bounded by the days asked for. */
export async function readRollups(db: Database, t: TenantId, scope: string, from: string, to: string): Promise<RollupRange> {
  if (!DAY.test(from) || !DAY.test(to)) throw new Error('analytics: bad range');
  const pk = pkOf(t, scope);
  const read = (kind: RollupKind) =>
    queryAll(db, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': pk, ':a': `${kind}#${from}`, ':b': `${kind}#${to}#~` },
    });
  const [d, e, v] = await Promise.all([read('D'), read('E'), read('V')]);
  const days = new Map<string, DayAttrs>();
  for (const item of d) {
    if (item.tenantId !== t || typeof item.day !== 'string') continue;
    const sum = days.get(item.day) ?? {};
    for (const [name, n] of numeric(item)) sum[name] = (sum[name] ?? 0) + n;
    days.set(item.day, sum);
  }
  const total = (items: Item[]) => {
    const sum: DayAttrs = {};
    for (const item of items) if (item.tenantId === t) for (const [name, n] of numeric(item)) sum[name] = (sum[name] ?? 0) + n;
    return sum;
  };
  return { days, events: total(e), videos: total(v), itemsRead: d.length + e.length + v.length };
}
