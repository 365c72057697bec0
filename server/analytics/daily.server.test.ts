import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import { analyticsSection } from './data/analytics.server';
import { DAY_MS, dayOf } from '#app/lib/analytics/days';
import { addDaily, flushDaily } from './daily.server';
import { flushAnalytics, noteVideoPlayback } from './recorder.server';

const db = testDatabase();
const D1 = '2026-11-02';
const D2 = '2026-11-03';

/** A tenant's data whose events and videos belong to the owners named here. */
function dataOf(t: TenantId, eventOwners: Record<string, string> = {}, videoOwners: Record<string, string> = {}) {
  return {
    tenantId: t,
    analytics: analyticsSection(db, t, {
      eventOwner: (id) => Promise.resolve(eventOwners[id] ?? null),
      videoOwner: (id) => Promise.resolve(videoOwners[id] ?? null),
    }),
  };
}

describe('daily rollups', () => {
  it('sums two instances’ shards per day, keeps currencies apart, and splits the organizers’ days', async () => {
    const t = uniqueTenantId('ad');
    const data = dataOf(t, { evonealpha01: 'ownerA', evtwobeta002: 'ownerB' });
    // One instance (shard 1) and another (shard 6) count the same event on the same day.
    addDaily(data, D1, 'evonealpha01', { c_chatMessages: 3, c_tickets: 2, r_USD_tickets: 2000, r_EUR_donations: 500 });
    await flushDaily(1);
    addDaily(data, D1, 'evonealpha01', { c_chatMessages: 2, c_tickets: 1, r_USD_tickets: 1000, c_attended: 4, c_watchMs: 60_000 });
    addDaily(data, D2, 'evtwobeta002', { c_attended: 7, c_registrations: 3, r_USD_products: 300 });
    await flushDaily(6);

    const all = await data.analytics.rollups('ALL', D1, D2);
    expect(all.days.get(D1)).toMatchObject({ c_chatMessages: 5, c_tickets: 3, r_USD_tickets: 3000, r_EUR_donations: 500, c_attended: 4, c_watchMs: 60_000 });
    expect(all.days.get(D2)).toMatchObject({ c_attended: 7, c_registrations: 3, r_USD_products: 300 });
    expect(all.days.get(D2)?.r_USD_tickets).toBeUndefined();
    expect(all.events).toEqual({ m_USD_evonealpha01: 3000, m_EUR_evonealpha01: 500, a_evonealpha01: 4, w_evonealpha01: 60_000, a_evtwobeta002: 7, m_USD_evtwobeta002: 300 });
    // Two instances' shards of D1, one of D2, for each kind of item written.
    expect(all.itemsRead).toBe(6);

    // An organizer's scope holds their events only.
    const a = await data.analytics.rollups('O#ownerA', D1, D2);
    expect([...a.days.keys()]).toEqual([D1]);
    expect(a.events.a_evtwobeta002).toBeUndefined();
    expect(a.events.m_USD_evonealpha01).toBe(3000);
    const b = await data.analytics.rollups('O#ownerB', D1, D2);
    expect(b.days.get(D2)?.c_attended).toBe(7);
    expect(b.days.has(D1)).toBe(false);

    // A range reads only its own days.
    const one = await data.analytics.rollups('ALL', D2, D2);
    expect([...one.days.keys()]).toEqual([D2]);
    expect(one.events.m_USD_evonealpha01).toBeUndefined();
  });

  it('keeps each tenant’s rollups to itself', async () => {
    const t1 = uniqueTenantId('ad');
    const t2 = uniqueTenantId('ad');
    addDaily(dataOf(t1), D1, 'evonealpha01', { c_chatMessages: 9, r_USD_tickets: 100 });
    await flushDaily(0);
    const other = await dataOf(t2).analytics.rollups('ALL', D1, D1);
    expect(other.days.size).toBe(0);
    expect(other.events).toEqual({});
    expect((await dataOf(t1).analytics.rollups('ALL', D1, D1)).days.get(D1)?.c_chatMessages).toBe(9);
  });

  it('counts video plays per day for the tenant and the video’s owner, and ignores what is not a play', async () => {
    const t = uniqueTenantId('ad');
    const data = dataOf(t, {}, { videoaaaaaaaaaaaaaaaa: 'ownerA' });
    const at = new Date(`${D1}T10:00:00Z`);
    noteVideoPlayback(data, { videoId: 'videoaaaaaaaaaaaaaaaa', view: true, watchSeconds: 30, at });
    noteVideoPlayback(data, { videoId: 'videoaaaaaaaaaaaaaaaa', view: false, watchSeconds: 45.4, at });
    noteVideoPlayback(data, { videoId: 'videobbbbbbbbbbbbbbbb', view: true, watchSeconds: 0, at: new Date(`${D2}T23:59:59Z`) });
    // Not a play: a bad id, a negative or absurd figure, nothing at all.
    noteVideoPlayback(data, { videoId: '../etc', view: true, watchSeconds: 10, at });
    noteVideoPlayback(data, { videoId: 'videoaaaaaaaaaaaaaaaa', view: false, watchSeconds: -50, at });
    noteVideoPlayback(data, { videoId: 'videoaaaaaaaaaaaaaaaa', view: false, watchSeconds: Number.NaN, at });
    expect(() => noteVideoPlayback(data, null as never)).not.toThrow();
    await flushAnalytics();
    const all = await data.analytics.rollups('ALL', D1, D2);
    expect(all.videos).toEqual({ v_videoaaaaaaaaaaaaaaaa: 1, s_videoaaaaaaaaaaaaaaaa: 75, v_videobbbbbbbbbbbbbbbb: 1 });
    expect((await data.analytics.rollups('ALL', D2, D2)).videos).toEqual({ v_videobbbbbbbbbbbbbbbb: 1 });
    expect((await data.analytics.rollups('O#ownerA', D1, D2)).videos).toEqual({ v_videoaaaaaaaaaaaaaaaa: 1, s_videoaaaaaaaaaaaaaaaa: 75 });
    expect((await dataOf(uniqueTenantId('ad')).analytics.rollups('ALL', D1, D2)).videos).toEqual({});
  });

  it('reads a range in items bounded by its days, not by its events: 10,000 events over 366 days', async () => {
    const t = uniqueTenantId('ad');
    const owners: Record<string, string> = {};
    const data = dataOf(t, owners);
    const first = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 10_000; i++) {
      const eventId = `ev${String(i).padStart(10, '0')}`;
      owners[eventId] = `owner${i % 4}`;
      addDaily(data, dayOf(first + (i % 366) * DAY_MS), eventId, { c_attended: 1 + (i % 7), c_chatMessages: 3, r_USD_tickets: 100 * (i % 5) });
    }
    await flushDaily(3);
    const from = dayOf(first);
    const to = dayOf(first + 365 * DAY_MS);
    const all = await data.analytics.rollups('ALL', from, to);
    // One day item and one per-event item per day written (one instance's shard): 2 × 366, for 10,000 events.
    expect(all.itemsRead).toBe(2 * 366);
    expect(all.days.size).toBe(366);
    const events = Object.keys(all.events).filter((k) => k.startsWith('a_'));
    expect(events).toHaveLength(10_000);
    expect([...all.days.values()].reduce((sum, d) => sum + (d.c_chatMessages ?? 0), 0)).toBe(30_000);
    // An organizer's quarter of them (event i on day i mod 366, owner i mod 4: every other day) reads two items a day it has.
    const mine = await data.analytics.rollups('O#owner1', from, to);
    expect(mine.days.size).toBe(183);
    expect(mine.itemsRead).toBe(2 * 183);
  }, 120_000);
});
