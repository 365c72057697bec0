import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { newEventInput } from '#server/events/data/events.server';
import { noteVideoPlayback } from '#server/analytics/index.server';
import { acceptBeacons, beaconsAction, RATE_POINTS } from './endpoint.server';
import { flushExperience } from './recorder.server';

// The per-video counters are the analytics feature's; here only what reaches its hook is checked.
vi.mock('#server/analytics/index.server', async (original) => ({ ...(await original<object>()), noteVideoPlayback: vi.fn() }));

const db = testDatabase();
const person = (sub: string, groups: SessionUser['groups'] = ['member']): SessionUser => ({ sub, username: sub, email: `${sub}@example.com`, emailVerified: true, groups });
const MEDIA = 'beaconvideo0123456789';
const PLAY = { k: 'play', live: true, startupMs: 5200, watchMs: 60_000, stallMs: 0, switches: 2, failed: false } as const;

const video = (over: Partial<MediaItem> = {}): MediaItem => ({
  id: MEDIA,
  scope: 'tenant',
  kind: 'video',
  ownerId: 'owner',
  ownerName: 'Owner',
  title: 'A video',
  description: '',
  tags: [],
  visibility: 'public',
  status: 'ready',
  original: { key: `media/${MEDIA}/original.mp4`, fileName: 'a.mp4', contentType: 'video/mp4', bytes: 10 },
  derived: {},
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

/** A tenant with a paid event (organizer `owner`, `buyer` holds a ticket) and the video `item` in its library. */
async function setUp(item: (eventId: string) => MediaItem | null = () => video()) {
  const data = tenantData({ db }, uniqueTenantId('beacons'));
  const event = await data.events.create(
    newEventInput({ title: 'Paid talk', eventDateTime: new Date(Date.now() - 600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', ticketPrice: 1500 }),
    { sub: 'owner', name: 'Owner', email: 'owner@example.com', language: 'en' },
  );
  await data.tickets.grant({ eventId: event.eventId, userId: 'buyer', orderId: 'o-1', kind: 'ticket' });
  const stored = item(event.eventId);
  vi.spyOn(data.media, 'get').mockImplementation(async (id) => (stored && id === stored.id ? stored : null));
  return { data, eventId: event.eventId };
}

async function experience(data: TenantData, eventId: string) {
  await flushExperience();
  return data.experience.read(eventId);
}

describe('acceptBeacons', () => {
  it('counts views and watch time of a video the caller may play, signed in or not', async () => {
    const { data } = await setUp();
    vi.mocked(noteVideoPlayback).mockClear();
    expect(await acceptBeacons(data, null, { mediaId: MEDIA, beacons: [{ k: 'view', view: true, s: 0 }, { k: 'view', view: false, s: 30 }] })).toEqual({ status: 204 });
    expect(vi.mocked(noteVideoPlayback).mock.calls.map(([d, p]) => [d.tenantId, p])).toEqual([
      [data.tenantId, { videoId: MEDIA, view: true, watchSeconds: 0 }],
      [data.tenantId, { videoId: MEDIA, view: false, watchSeconds: 30 }],
    ]);
  });

  it('refuses, and counts nothing for, a video the caller may not play or another tenant’s', async () => {
    const { data, eventId } = await setUp((id) => video({ eventId: id, origin: 'recording' }));
    vi.mocked(noteVideoPlayback).mockClear();
    const batch = { mediaId: MEDIA, beacons: [{ k: 'view', view: true, s: 0 }, { ...PLAY, live: false }] };
    expect(await acceptBeacons(data, null, batch)).toEqual({ status: 404, error: 'notFound' });
    expect(await acceptBeacons(data, person('stranger'), batch)).toEqual({ status: 404, error: 'notFound' });
    const other = tenantData({ db }, uniqueTenantId('beacons'));
    expect(await acceptBeacons(other, person('buyer'), batch)).toEqual({ status: 404, error: 'notFound' });
    expect(noteVideoPlayback).not.toHaveBeenCalled();
    expect((await experience(data, eventId)).plays).toBe(0);
    // The ticket holder's playback of the recording counts, its experience against the item's event.
    expect(await acceptBeacons(data, person('buyer'), batch)).toEqual({ status: 204 });
    expect(noteVideoPlayback).toHaveBeenCalledTimes(1);
    expect(await experience(data, eventId)).toMatchObject({ plays: 1, badPlays: 1, startup: [0, 0, 0, 1, 0] });
  });

  it("counts an event's room and broadcast experience for those the room admits only", async () => {
    const { data, eventId } = await setUp();
    const batch = { eventId, beacons: [{ k: 'join', ms: 1500 }, { k: 'reconnect', n: 1 }, PLAY] };
    expect(await acceptBeacons(data, null, batch)).toEqual({ status: 401, error: 'unauthenticated' });
    expect(await acceptBeacons(data, person('stranger'), batch)).toEqual({ status: 404, error: 'notFound' });
    expect(await acceptBeacons(tenantData({ db }, uniqueTenantId('beacons')), person('buyer'), batch)).toEqual({ status: 404, error: 'notFound' });
    expect((await experience(data, eventId)).joins).toBe(0);
    expect(await acceptBeacons(data, person('buyer'), batch)).toEqual({ status: 204 });
    expect(await acceptBeacons(data, person('owner', ['organizer']), { eventId, beacons: [{ k: 'join', ms: null }] })).toEqual({ status: 204 });
    expect(await experience(data, eventId)).toMatchObject({ joins: 2, joinFailures: 1, badJoins: 1, reconnects: 1, plays: 1, badPlays: 1, switches: 2, join: [0, 1, 0, 0, 0] });
  });

  it('answers 400 to what is not a batch, after the target is judged', async () => {
    const { data, eventId } = await setUp();
    for (const body of [undefined, null, [], 'x', {}, { mediaId: MEDIA, eventId, beacons: [] }, { mediaId: 'short', beacons: [] }]) {
      expect(await acceptBeacons(data, person('buyer'), body), JSON.stringify(body)).toEqual({ status: 400, error: 'badRequest' });
    }
    expect(await acceptBeacons(data, person('buyer'), { eventId, beacons: [{ k: 'view', view: true, s: 0 }] })).toEqual({ status: 400, error: 'badRequest' });
    expect(await acceptBeacons(data, person('buyer'), { mediaId: MEDIA, beacons: [{ k: 'view', view: true, s: 0, ip: '203.0.113.1' }] })).toEqual({ status: 400, error: 'badRequest' });
    // A forbidden target answers 404 whatever the beacons.
    expect(await acceptBeacons(data, person('stranger'), { eventId, beacons: 'nonsense' })).toEqual({ status: 404, error: 'notFound' });
    // Naming both targets is judged target by target first: one the caller may not have answers 404, not 400.
    expect(await acceptBeacons(data, person('stranger'), { mediaId: MEDIA, eventId, beacons: [] })).toEqual({ status: 404, error: 'notFound' });
    expect(await acceptBeacons(data, person('buyer'), { mediaId: 'zzzzzzzzzzzzzzzzzzzz0', eventId, beacons: [] })).toEqual({ status: 404, error: 'notFound' });
    expect(await acceptBeacons(data, null, { mediaId: MEDIA, eventId, beacons: [] })).toEqual({ status: 401, error: 'unauthenticated' });
  });
});

describe('POST /api/beacons', () => {
  function context(data: TenantData, ip: string) {
    return { tenant: { id: data.tenantId }, languageTag: 'en', clientIp: ip, data, services: { identity: { poolFor: () => null } } } as unknown as AppLoadContext;
  }
  const post = (body: string, type = 'text/plain') => new Request('http://t.localhost/api/beacons', { method: 'POST', body, headers: { 'Content-Type': type } });

  it('takes sendBeacon’s text/plain JSON, answers 400 to other text, and limits each address’s admitted batches', async () => {
    const { data } = await setUp();
    const ctx = context(data, `198.51.100.${Math.floor(Math.random() * 200)}`);
    const body = JSON.stringify({ mediaId: MEDIA, beacons: [{ k: 'view', view: false, s: 5 }] });
    const first = await beaconsAction({ request: post(body), context: ctx, params: {} });
    expect(first.status).toBe(204);
    expect(first.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await beaconsAction({ request: post(body, 'application/json'), context: ctx, params: {} })).status).toBe(204);
    const bad = await beaconsAction({ request: post('{not json'), context: ctx, params: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'badRequest' });
    // A batch that is not JSON costs no point; only admitted batches count.
    for (let i = 2; i < RATE_POINTS; i++) expect((await beaconsAction({ request: post(body), context: ctx, params: {} })).status).toBe(204);
    const limited = await beaconsAction({ request: post(body), context: ctx, params: {} });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // A refusal is still the refusal (the security suites' 401/403/404), never a 429.
    const other = JSON.stringify({ mediaId: 'zzzzzzzzzzzzzzzzzzzz0', beacons: [{ k: 'view', view: false, s: 5 }] });
    expect((await beaconsAction({ request: post(other), context: ctx, params: {} })).status).toBe(404);
    // Another address is not held back.
    expect((await beaconsAction({ request: post(body), context: context(data, '192.0.2.1'), params: {} })).status).toBe(204);
    expect((await beaconsAction({ request: new Request('http://t.localhost/api/beacons', { method: 'PUT', body }), context: ctx, params: {} })).status).toBe(405);
  });
});
