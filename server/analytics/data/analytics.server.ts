/**
 * An event's analytics, aggregated on write (docs/decisions/0090-event-analytics.md). Every item
 * lives in the event's own analytics partition, and every key starts with the tenant:
 *
 *   pk T#<t>#ANALYTICS#<eventId>
 *     sk COUNT#<shard>            c_<kind> counts and r_<CUR>_<kind> revenue (minor units), added to
 *                                 by each instance's one-second flush (server/analytics/recorder.server.ts)
 *     sk LIVE                     current (in the room now), peak, peakAt, attendees, watchMs (closed stretches)
 *     sk MIN#<minute>             max (most in at once that minute), end (how many after its last change)
 *     sk MARK#<at>#<id>           kind poll|answer, label: the timeline's markers
 *     sk P#<identity>             name, marks (the person's joins and leaves), version
 *     sk J#<firstJoin>#<identity> the person's row, in the order they first joined
 *     sk W#<inverse watch>#<identity>  the same row, most watched first
 *
 * A page of the attendance table is one query of J# or W# rows; the funnel is one query of the
 * counter shards and one read of LIVE; the chart one query of MIN# and MARK# items. Nothing here
 * reads the tenant's chat, votes or orders.
 */
import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import {
  ACTIVITY_KINDS,
  emptyCounts,
  intervalsOf,
  isInRoom,
  minuteOf,
  REVENUE_KINDS,
  watchMsOf,
  type ActivityCounts,
  type AttendeeRow,
  type AttendeeSort,
  type MinuteBucket,
  type PresenceMark,
  type Revenue,
  type RevenueKind,
  type TimelineMarker,
} from '#app/lib/analytics/model';
import { addRollup, readRollups } from './rollups.server';
import { addToCounters } from '#server/platform/dynamo/counters.server';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const pkOf = (t: TenantId, eventId: string) => tenantKey(t, 'ANALYTICS', eventId);
const pad = (n: number, width = 13) => String(Math.max(0, Math.floor(n))).padStart(width, '0');
/** Watch times sort descending under an ascending key. */
const WATCH_CEILING = 9_999_999_999_999;
const MAX_MARKS = 400;

export const COUNTER_SHARDS = 8;

export type CounterDeltas = Partial<Record<string, number>>;
export const countAttr = (kind: string) => `c_${kind}`;
export const revenueAttr = (currency: string, kind: RevenueKind) => `r_${currency}_${kind}`;

/** Adds to one counter shard (one write however many things it counts). */
export async function addCounts(db: Database, t: TenantId, eventId: string, shard: number, deltas: CounterDeltas): Promise<void> {
  await addToCounters(db, { pk: pkOf(t, eventId), sk: `COUNT#${shard % COUNTER_SHARDS}` }, { tenantId: t, eventId }, deltas, /^[a-zA-Z0-9_]{1,40}$/);
}

export interface Totals {
  counts: ActivityCounts;
  revenue: Revenue;
}

/** The sum of the counter shards. */
export async function readTotals(db: Database, t: TenantId, eventId: string): Promise<Totals> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pkOf(t, eventId), ':p': 'COUNT#' } });
  const counts = emptyCounts();
  const revenue: Revenue = {};
  for (const item of items) {
    if (item.tenantId !== t) continue;
    for (const kind of ACTIVITY_KINDS) counts[kind] += Number(item[countAttr(kind)] ?? 0);
    for (const [name, value] of Object.entries(item)) {
      const m = /^r_([A-Z]{3})_(\w+)$/.exec(name);
      if (!m || !(REVENUE_KINDS as readonly string[]).includes(m[2]!)) continue;
      const per = (revenue[m[1]!] ??= { tickets: 0, donations: 0, products: 0 });
      per[m[2] as RevenueKind] += Number(value ?? 0);
    }
  }
  return { counts, revenue };
}

export interface LiveState {
  current: number;
  peak: number;
  peakAt: number | null;
  attendees: number;
  watchMs: number;
  /** The sum of the open stretches' starts, in seconds: watch time so far = watchMs + (current × now − openSec) (seconds keep the sum exact). */
  openSec: number;
}

export async function readLive(db: Database, t: TenantId, eventId: string): Promise<LiveState> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: pkOf(t, eventId), sk: 'LIVE' } }));
  const i = out.Item?.tenantId === t ? out.Item : {};
  return {
    current: Math.max(0, Number(i.current ?? 0)),
    peak: Number(i.peak ?? 0),
    peakAt: typeof i.peakAt === 'number' ? i.peakAt : null,
    attendees: Number(i.attendees ?? 0),
    watchMs: Number(i.watchMs ?? 0),
    openSec: Number(i.openSec ?? 0),
  };
}

export async function readBuckets(db: Database, t: TenantId, eventId: string): Promise<MinuteBucket[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pkOf(t, eventId), ':p': 'MIN#' } });
  return items.filter((i) => i.tenantId === t).map((i) => ({ minute: Number(i.minute), max: Number(i.max ?? 0), end: Math.max(0, Number(i.end ?? 0)) }));
}

export async function addMarker(db: Database, t: TenantId, eventId: string, marker: TimelineMarker & { id: string }): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: pkOf(t, eventId), sk: `MARK#${pad(marker.at)}#${marker.id}` },
      UpdateExpression: 'SET tenantId = :t, eventId = :e, #kind = :k, #label = :l, #at = :at',
      ExpressionAttributeNames: { '#at': 'at', '#kind': 'kind', '#label': 'label' },
      ExpressionAttributeValues: { ':t': t, ':e': eventId, ':k': marker.kind, ':l': marker.label.slice(0, 200), ':at': marker.at },
    }),
  );
}

export async function readMarkers(db: Database, t: TenantId, eventId: string, max = 200): Promise<TimelineMarker[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pkOf(t, eventId), ':p': 'MARK#' } }, max);
  return items.filter((i) => i.tenantId === t).map((i) => ({ kind: i.kind === 'poll' ? 'poll' : 'answer', at: Number(i.at), label: String(i.label ?? '') }));
}

// ---------------------------------------------------------------------------------------------
// Presence: one person's joins and leaves, their rows, and the event's live state
// ---------------------------------------------------------------------------------------------

export interface PresenceInput {
  identity: string;
  name: string;
  action: 'joined' | 'left';
  at: number;
  webhookId: string;
}

function rowOf(identity: string, name: string, marks: PresenceMark[]): AttendeeRow {
  const intervals = intervalsOf(marks);
  return {
    identity,
    name,
    firstJoin: intervals[0]?.from ?? marks[0]?.at ?? 0,
    lastSeen: Math.max(0, ...marks.map((m) => m.at)),
    watchMs: watchMsOf(intervals),
    inRoom: isInRoom(intervals),
    intervals,
  };
}

const joinedSk = (row: AttendeeRow) => `J#${pad(row.firstJoin)}#${row.identity}`;
const watchSk = (row: AttendeeRow) => `W#${pad(WATCH_CEILING - row.watchMs)}#${row.identity}`;

/** What one join or leave changed: how many more are in the room, watch time, a new attendee. */
export interface PresenceChange {
  inDelta: number;
  watchDelta: number;
  /** The change of the open stretch's start, in seconds (its start when they came in, minus it when they left). */
  openDelta: number;
  newAttendee: boolean;
}

/** The start of the person's open stretch, in seconds (0 when they are out). */
export const openStartSec = (row: Pick<AttendeeRow, 'intervals' | 'inRoom'> | null) => (row?.inRoom ? Math.round(row.intervals[row.intervals.length - 1]!.from / 1000) : 0);

/** Stores one join or leave on the person's item and their two rows (a redelivered webhook changes nothing). */
export async function recordPresence(db: Database, t: TenantId, eventId: string, input: PresenceInput): Promise<PresenceChange | null> {
  const pk = pkOf(t, eventId);
  for (let attempt = 0; attempt < 6; attempt++) {
    const got = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk, sk: `P#${input.identity}` }, ConsistentRead: true }));
    const existing = got.Item?.tenantId === t ? got.Item : undefined;
    const marks: PresenceMark[] = Array.isArray(existing?.marks) ? (existing.marks as PresenceMark[]) : [];
    if (marks.some((m) => m.id === input.webhookId)) return null;
    const nextMarks = [...marks, { a: input.action === 'joined' ? 'j' : 'l', at: input.at, id: input.webhookId } as PresenceMark].sort((x, y) => x.at - y.at).slice(-MAX_MARKS);
    const name = input.name || String(existing?.name ?? input.identity);
    const before = existing ? rowOf(input.identity, String(existing.name ?? input.identity), marks) : null;
    const after = rowOf(input.identity, name, nextMarks);
    const version = Number(existing?.version ?? 0);
    const base = { tenantId: t, eventId };
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Put: {
          TableName: db.table,
          Item: { pk, sk: `P#${input.identity}`, ...base, identity: input.identity, name, marks: nextMarks, version: version + 1 },
          ConditionExpression: existing ? 'version = :v' : 'attribute_not_exists(pk)',
          ...(existing ? { ExpressionAttributeValues: { ':v': version } } : {}),
        },
      },
      { Put: { TableName: db.table, Item: { pk, sk: joinedSk(after), ...base, row: after } } },
      { Put: { TableName: db.table, Item: { pk, sk: watchSk(after), ...base, row: after } } },
    ];
    if (before && joinedSk(before) !== joinedSk(after)) items.push({ Delete: { TableName: db.table, Key: { pk, sk: joinedSk(before) } } });
    if (before && watchSk(before) !== watchSk(after)) items.push({ Delete: { TableName: db.table, Key: { pk, sk: watchSk(before) } } });
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      if (isConditionFailure(e)) continue;
      throw e;
    }
    return {
      inDelta: Number(after.inRoom) - Number(before?.inRoom ?? false),
      watchDelta: after.watchMs - (before?.watchMs ?? 0),
      openDelta: openStartSec(after) - openStartSec(before),
      newAttendee: !existing,
    };
  }
  throw new Error(`analytics: could not record ${input.action} of ${input.identity} after retries`);
}

/** Applies a presence change to the event's live state and the minute's bucket. */
export async function applyPresence(db: Database, t: TenantId, eventId: string, change: PresenceChange, at: number): Promise<void> {
  const pk = pkOf(t, eventId);
  const out = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk, sk: 'LIVE' },
      UpdateExpression: 'SET tenantId = :t, eventId = :e ADD #current :d, #watchMs :w, #attendees :n, #openSec :o',
      ExpressionAttributeNames: { '#current': 'current', '#watchMs': 'watchMs', '#attendees': 'attendees', '#openSec': 'openSec' },
      ExpressionAttributeValues: { ':t': t, ':e': eventId, ':d': change.inDelta, ':w': change.watchDelta, ':n': change.newAttendee ? 1 : 0, ':o': change.openDelta },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (!change.inDelta) return;
  const current = Math.max(0, Number(out.Attributes?.current ?? 0));
  const minute = minuteOf(at);
  const key = { pk, sk: `MIN#${pad(minute, 10)}` };
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: 'SET tenantId = :t, eventId = :e, #minute = :m, #end = :c',
      ExpressionAttributeNames: { '#end': 'end', '#minute': 'minute' },
      ExpressionAttributeValues: { ':t': t, ':e': eventId, ':m': minute, ':c': current },
    }),
  );
  const raiseTo = async (k: Item, attr: string, extra: string, extraValues: Record<string, unknown>) => {
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: k,
          UpdateExpression: `SET #x = :c${extra}`,
          ConditionExpression: 'attribute_not_exists(#x) OR #x < :c',
          ExpressionAttributeNames: { '#x': attr, ...(extra ? { '#peakAt': 'peakAt' } : {}) },
          ExpressionAttributeValues: { ':c': current, ...extraValues },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  };
  if (change.inDelta > 0) await Promise.all([raiseTo(key, 'max', '', {}), raiseTo({ pk, sk: 'LIVE' }, 'peak', ', #peakAt = :at', { ':at': at })]);
}

export interface AttendeePage {
  rows: AttendeeRow[];
  /** The sort key to continue after; null on the last page. */
  next: string | null;
}

/** One page of the attendance table, in the order asked, after `after` (a previous page's `next`). */
export async function attendeePage(db: Database, t: TenantId, eventId: string, sort: AttendeeSort, limit: number, after?: string | null): Promise<AttendeePage> {
  const prefix = sort === 'watch' ? 'W#' : 'J#';
  const pk = pkOf(t, eventId);
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
      Limit: limit,
      ...(after && after.startsWith(prefix) ? { ExclusiveStartKey: { pk, sk: after } } : {}),
    }),
  );
  const items = ((out.Items ?? []) as Item[]).filter((i) => i.tenantId === t);
  return { rows: items.map((i) => i.row as AttendeeRow), next: out.LastEvaluatedKey ? String(out.LastEvaluatedKey.sk) : null };
}

/** Every attendee in the order they first joined (the CSV export; not a page view). */
export async function allAttendees(db: Database, t: TenantId, eventId: string): Promise<AttendeeRow[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pkOf(t, eventId), ':p': 'J#' } });
  return items.filter((i) => i.tenantId === t).map((i) => i.row as AttendeeRow);
}

/**
 * Writes an event's attendance as it would stand after these people's joins and leaves, in bulk
 * (the benchmark seeds 10,000 attendees so; the live path is recordPresence + applyPresence).
 */
export async function importAttendance(
  db: Database,
  t: TenantId,
  eventId: string,
  people: ReadonlyArray<{ identity: string; name: string; marks: PresenceMark[] }>,
  live: LiveState,
  buckets: readonly MinuteBucket[],
): Promise<void> {
  const pk = pkOf(t, eventId);
  const base = { pk, tenantId: t, eventId };
  const items: Item[] = [{ ...base, sk: 'LIVE', ...live }];
  for (const b of buckets) items.push({ ...base, sk: `MIN#${pad(b.minute, 10)}`, minute: b.minute, max: b.max, end: b.end });
  for (const p of people) {
    const row = rowOf(p.identity, p.name, p.marks);
    items.push({ ...base, sk: `P#${p.identity}`, identity: p.identity, name: p.name, marks: p.marks, version: p.marks.length });
    items.push({ ...base, sk: joinedSk(row), row }, { ...base, sk: watchSk(row), row });
  }
  for (let i = 0; i < items.length; i += 25) {
    let pending: Item[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending?.length && attempt < 10; attempt++) {
      const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending as never } }));
      pending = out.UnprocessedItems?.[db.table] as Item[] | undefined;
    }
  }
}

/** Who an event or a video belongs to (its organizer or owner), for the per-organizer rollups; null when unknown. */
export interface OwnerLookups {
  eventOwner(eventId: string): Promise<string | null>;
  videoOwner(videoId: string): Promise<string | null>;
}

const noOwners: OwnerLookups = { eventOwner: () => Promise.resolve(null), videoOwner: () => Promise.resolve(null) };

/** The tenantData section `analytics` (server/data/tenantData.server.ts); `owners` reads other features' items, bound there. */
export const analyticsSection = (db: Database, t: TenantId, owners: OwnerLookups = noOwners) => ({
  owners,
  addRollup: addRollup.bind(null, db, t),
  rollups: readRollups.bind(null, db, t),
  addCounts: addCounts.bind(null, db, t),
  totals: readTotals.bind(null, db, t),
  live: readLive.bind(null, db, t),
  buckets: readBuckets.bind(null, db, t),
  addMarker: addMarker.bind(null, db, t),
  markers: readMarkers.bind(null, db, t),
  recordPresence: recordPresence.bind(null, db, t),
  applyPresence: applyPresence.bind(null, db, t),
  attendeePage: attendeePage.bind(null, db, t),
  allAttendees: allAttendees.bind(null, db, t),
  importAttendance: importAttendance.bind(null, db, t),
});
export type AnalyticsSection = ReturnType<typeof analyticsSection>;
