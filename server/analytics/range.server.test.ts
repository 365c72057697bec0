import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { newEventInput } from '#server/events/data/events.server';
import type { SessionUser } from '#app/lib/identity/types';
import { addDaily } from './daily.server';
import { flushAnalytics, noteVideoPlayback } from './recorder.server';
import { rangeAnalytics } from './range.server';

const db = testDatabase();
const person = (sub: string, groups: string[]): SessionUser => ({ sub, email: `${sub}@example.com`, emailVerified: true, username: sub, groups }) as SessionUser;
const admin = person('admin-1', ['admin']);
const olga = person('org-1', ['organizer']);
const omar = person('org-2', ['organizer']);
const member = person('member-1', []);
const NOW = Date.UTC(2026, 10, 10, 12);
const params = (q: Record<string, string>) => new URLSearchParams(q);

async function setUp() {
  const t = uniqueTenantId('rg');
  const data = tenantData({ db }, t);
  const start = new Date(NOW + 86_400_000).toISOString();
  const e1 = await data.events.create(newEventInput({ title: 'Olga’s launch', eventDateTime: start, eventTimeZone: 'UTC', eventLanguage: 'en' }), { sub: olga.sub, name: 'Olga', email: 'olga@example.com', language: 'en' });
  const e2 = await data.events.create(newEventInput({ title: 'Omar’s talk', eventDateTime: start, eventTimeZone: 'UTC', eventLanguage: 'en' }), { sub: omar.sub, name: 'Omar', email: 'omar@example.com', language: 'en' });
  const c1 = await data.channels.create({ userId: olga.sub, name: 'Olga' }, { name: 'Olga’s channel', about: '', introVideoId: null, links: [] }, 'USD');
  const c2 = await data.channels.create({ userId: omar.sub, name: 'Omar' }, { name: 'Omar’s channel', about: '', introVideoId: null, links: [] }, 'USD');
  addDaily(data, '2026-11-05', e1.eventId, { c_attended: 5, c_watchMs: 600_000, c_tickets: 2, r_USD_tickets: 4000, c_chatMessages: 12 });
  addDaily(data, '2026-11-06', e2.eventId, { c_attended: 9, c_registrations: 4, r_EUR_donations: 700 });
  noteVideoPlayback(data, { videoId: 'clipclipclipclipclip1', view: true, watchSeconds: 40, at: new Date('2026-11-06T08:00:00Z') });
  await flushAnalytics();
  return { t, data, e1, e2, c1, c2 };
}

describe('the Analytics tab over a range', () => {
  it('shows an admin the whole site and any channel, an organizer their own, with field errors for bad dates', async () => {
    const { data, e1, e2, c1, c2 } = await setUp();
    const site = await rangeAnalytics(data, admin, params({ from: '2026-11-01', to: '2026-11-10' }), NOW);
    expect(site.wholeSite).toBe(true);
    expect(site.channels.map((c) => c.channelId).sort()).toEqual([c1.channelId, c2.channelId].sort());
    expect(site.totals).toMatchObject({ attended: 14, registrations: 4, tickets: 2, watchMs: 600_000 });
    expect(site.totals.counts.chatMessages).toBe(12);
    expect(site.currencies).toEqual(['EUR', 'USD']);
    expect(site.days).toHaveLength(10);
    expect(site.days.find((d) => d.day === '2026-11-05')?.revenue).toEqual({ USD: 4000 });
    expect(site.topEvents.map((e) => [e.title, e.attended])).toEqual([
      ['Omar’s talk', 9],
      ['Olga’s launch', 5],
    ]);
    expect(site.videos).toEqual([{ videoId: 'clipclipclipclipclip1', title: 'clipclipclipclipclip1', views: 1, watchSeconds: 40 }]);
    expect(site.empty).toBe(false);

    // A channel shows its owner's events only.
    const olgas = await rangeAnalytics(data, admin, params({ from: '2026-11-01', to: '2026-11-10', channel: c1.channelId }), NOW);
    expect(olgas.channelId).toBe(c1.channelId);
    expect(olgas.topEvents.map((e) => e.eventId)).toEqual([e1.eventId]);
    expect(olgas.totals.attended).toBe(5);
    expect(olgas.currencies).toEqual(['USD']);

    // The organizer: their events, their channel; someone else's channel is not found.
    const own = await rangeAnalytics(data, olga, params({ from: '2026-11-01', to: '2026-11-10' }), NOW);
    expect(own.wholeSite).toBe(false);
    expect(own.channels.map((c) => c.channelId)).toEqual([c1.channelId]);
    expect(own.topEvents.map((e) => e.eventId)).toEqual([e1.eventId]);
    expect((await rangeAnalytics(data, omar, params({ from: '2026-11-01', to: '2026-11-10', channel: c2.channelId }), NOW)).topEvents.map((e) => e.eventId)).toEqual([e2.eventId]);
    await expect(rangeAnalytics(data, olga, params({ channel: c2.channelId }), NOW)).rejects.toMatchObject({ status: 404 });
    await expect(rangeAnalytics(data, admin, params({ channel: 'nochannel123' }), NOW)).rejects.toMatchObject({ status: 404 });
    await expect(rangeAnalytics(data, member, params({}), NOW)).rejects.toMatchObject({ status: 404 });

    // Bad dates: field errors and no figures.
    const bad = await rangeAnalytics(data, admin, params({ from: '2026-11-10', to: '2026-11-01' }), NOW);
    expect(bad.errors).toEqual({ to: 'order' });
    expect(bad.topEvents).toEqual([]);
    expect((await rangeAnalytics(data, admin, params({ from: '2020-01-01', to: '2026-11-01' }), NOW)).errors).toEqual({ to: 'tooLong' });
    // A range without anything is empty.
    const quiet = await rangeAnalytics(data, admin, params({ from: '2026-10-01', to: '2026-10-31' }), NOW);
    expect(quiet.empty).toBe(true);
    expect(quiet.totals.attended).toBe(0);
  });

  it('shows another tenant’s admin nothing of it, and not its channels', async () => {
    const { c1 } = await setUp();
    const other = tenantData({ db }, uniqueTenantId('rg'));
    const theirs = await rangeAnalytics(other, admin, params({ from: '2026-11-01', to: '2026-11-10' }), NOW);
    expect(theirs.empty).toBe(true);
    expect(theirs.topEvents).toEqual([]);
    expect(theirs.videos).toEqual([]);
    expect(theirs.channels).toEqual([]);
    await expect(rangeAnalytics(other, admin, params({ channel: c1.channelId }), NOW)).rejects.toMatchObject({ status: 404 });
  });
});
