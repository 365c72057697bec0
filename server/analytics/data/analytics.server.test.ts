import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import { addCounts, applyPresence, attendeePage, allAttendees, readBuckets, readLive, readTotals, recordPresence, type PresenceInput } from './analytics.server';

const db = testDatabase();
const EVENT = 'analytics001';
const M = 60_000;
const T0 = Date.UTC(2026, 10, 30, 18, 0);

async function presence(t: TenantId, identity: string, action: 'joined' | 'left', at: number, webhookId = `${identity}-${action}-${at}`) {
  const input: PresenceInput = { identity, name: `Name ${identity}`, action, at, webhookId };
  const change = await recordPresence(db, t, EVENT, input);
  if (change) await applyPresence(db, t, EVENT, change, at);
  return change;
}

describe('event analytics counters', () => {
  it('sums the counter shards, and revenue per currency and kind', async () => {
    const t = uniqueTenantId();
    await addCounts(db, t, EVENT, 0, { c_chatMessages: 3, c_reactions: 10 });
    await addCounts(db, t, EVENT, 5, { c_chatMessages: 2, c_tickets: 1, r_USD_tickets: 1500 });
    await addCounts(db, t, EVENT, 5, { c_donations: 1, r_USD_donations: 500, r_EUR_donations: 300 });
    const totals = await readTotals(db, t, EVENT);
    expect(totals.counts.chatMessages).toBe(5);
    expect(totals.counts.reactions).toBe(10);
    expect(totals.counts.tickets).toBe(1);
    expect(totals.revenue).toEqual({ USD: { tickets: 1500, donations: 500, products: 0 }, EUR: { tickets: 0, donations: 300, products: 0 } });
    // Another tenant sees none of it.
    expect((await readTotals(db, uniqueTenantId(), EVENT)).counts.chatMessages).toBe(0);
  });
});

describe('event analytics attendance', () => {
  it('keeps the room’s count, the peak, the minute buckets and each person’s watch time', async () => {
    const t = uniqueTenantId();
    await presence(t, 'ann', 'joined', T0);
    await presence(t, 'bob', 'joined', T0 + 1 * M);
    await presence(t, 'cat', 'joined', T0 + 1 * M + 5000);
    await presence(t, 'bob', 'left', T0 + 3 * M);
    await presence(t, 'ann', 'left', T0 + 10 * M);
    const live = await readLive(db, t, EVENT);
    expect(live).toMatchObject({ current: 1, peak: 3, attendees: 3 });
    expect(live.peakAt).toBe(T0 + 1 * M + 5000);
    // Closed stretches: ann 10 min, bob 2 min; cat is still in.
    expect(live.watchMs).toBe(12 * M);
    // Cat's open stretch, so far: counted through the sum of open starts.
    expect(live.openSec).toBe(Math.round((T0 + 1 * M + 5000) / 1000));
    expect(live.watchMs + (live.current * Math.floor((T0 + 11 * M + 5000) / 1000) - live.openSec) * 1000).toBe(22 * M);
    const buckets = await readBuckets(db, t, EVENT);
    expect(buckets.find((b) => b.minute === Math.floor(T0 / M) + 1)).toMatchObject({ max: 3, end: 3 });
    expect(buckets.find((b) => b.minute === Math.floor(T0 / M) + 10)).toMatchObject({ end: 1 });
  });

  it('counts a redelivered webhook once and an overlapping reconnect as one stretch', async () => {
    const t = uniqueTenantId();
    await presence(t, 'dan', 'joined', T0, 'wh-1');
    expect(await presence(t, 'dan', 'joined', T0, 'wh-1')).toBeNull();
    // A second tab joins while the first is in (a reconnect), then both leave.
    await presence(t, 'dan', 'joined', T0 + 2 * M, 'wh-2');
    await presence(t, 'dan', 'left', T0 + 4 * M, 'wh-3');
    await presence(t, 'dan', 'left', T0 + 5 * M, 'wh-4');
    const live = await readLive(db, t, EVENT);
    expect(live).toMatchObject({ current: 0, peak: 1, attendees: 1, watchMs: 4 * M });
    const [row] = await allAttendees(db, t, EVENT);
    expect(row).toMatchObject({ identity: 'dan', watchMs: 4 * M, inRoom: false, intervals: [{ from: T0, to: T0 + 4 * M }] });
  });

  it('takes a late webhook for an earlier leave into account', async () => {
    const t = uniqueTenantId();
    await presence(t, 'eve', 'joined', T0);
    await presence(t, 'eve', 'joined', T0 + 6 * M);
    await presence(t, 'eve', 'left', T0 + 3 * M);
    const live = await readLive(db, t, EVENT);
    expect(live).toMatchObject({ current: 1, watchMs: 3 * M });
  });

  it('pages the table in first-join order and by watch time, one row per person', async () => {
    const t = uniqueTenantId();
    for (let i = 0; i < 5; i++) {
      await presence(t, `p${i}`, 'joined', T0 + i * M);
      await presence(t, `p${i}`, 'left', T0 + i * M + (i + 1) * M);
    }
    const first = await attendeePage(db, t, EVENT, 'joined', 2);
    expect(first.rows.map((r) => r.identity)).toEqual(['p0', 'p1']);
    const second = await attendeePage(db, t, EVENT, 'joined', 2, first.next);
    expect(second.rows.map((r) => r.identity)).toEqual(['p2', 'p3']);
    const byWatch = await attendeePage(db, t, EVENT, 'watch', 10);
    expect(byWatch.rows.map((r) => r.identity)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);
    expect(byWatch.next).toBeNull();
    expect((await attendeePage(db, uniqueTenantId(), EVENT, 'joined', 10)).rows).toEqual([]);
  });
});
