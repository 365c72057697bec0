import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomServiceClient } from 'livekit-server-sdk';
import { testDatabase } from '#tests/support/local-stack';
import { startTestLivekit, type TestLivekit } from '#tests/support/livekit';
import { uniqueTenantId } from '#tests/support/tenants';
import { getFreePort } from '../local/ports';
import { createEvent, endEventNow, getEvent, newEventInput, type EventInput } from '../data/events.server';
import { startRoomExpirySweeper, sweepExpiredRooms } from './roomExpiry.server';
import { VideoService } from './video.server';

const db = testDatabase();
const MIN = 60_000;
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };

function input(startsInMinutes: number, duration = 60): EventInput {
  return newEventInput({ title: 'Sweep me', eventDateTime: new Date(Date.now() + startsInMinutes * MIN).toISOString(), eventDuration: duration, eventTimeZone: 'UTC', eventLanguage: 'en' });
}

// The real LiveKit server: rooms are created and deleted there; the browser tests show the people in them ejected.
let livekit: TestLivekit;
let rooms: RoomServiceClient;
let env: { LIVEKIT_URL: string; LIVEKIT_API_URL: string; LIVEKIT_API_KEY: string; LIVEKIT_API_SECRET: string };
beforeAll(async () => {
  livekit = await startTestLivekit();
  env = { LIVEKIT_URL: livekit.url, LIVEKIT_API_URL: livekit.apiUrl, LIVEKIT_API_KEY: livekit.apiKey, LIVEKIT_API_SECRET: livekit.apiSecret };
  rooms = new RoomServiceClient(livekit.apiUrl, livekit.apiKey, livekit.apiSecret);
}, 30_000);
afterAll(() => livekit?.close());

const roomNames = async () => (await rooms.listRooms()).map((r) => r.name);

describe('room-expiry sweeper against the real LiveKit server', () => {
  it('closes the room of an expired event, marks it closed and leaves live rooms alone', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    // Started 2 h ago for 60 min: expired 30 min ago (60 min + 30 min grace).
    const expired = await createEvent(db, tenant.id, input(-120), organizer);
    const live = await createEvent(db, tenant.id, input(-10), organizer);
    await rooms.createRoom({ name: expired.channelName });
    await rooms.createRoom({ name: live.channelName });
    const video = new VideoService(env);

    const result = await sweepExpiredRooms({ db, video, tenants: [tenant] });
    expect(result).toEqual({ closed: [`${tenant.id}/${expired.eventId}`], deferred: [] });
    expect(await roomNames()).not.toContain(expired.channelName);
    expect(await roomNames()).toContain(live.channelName);
    expect((await getEvent(db, tenant.id, expired.eventId))?.roomClosedAt).toBeTruthy();
    expect((await getEvent(db, tenant.id, live.eventId))?.roomClosedAt).toBeNull();

    // Nothing left to do on the next sweep.
    expect(await sweepExpiredRooms({ db, video, tenants: [tenant] })).toEqual({ closed: [], deferred: [] });
    await rooms.deleteRoom(live.channelName);
  });

  it('closes an event ended early by a host, and counts a room already gone as closed', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    const ended = await createEvent(db, tenant.id, input(-5), organizer);
    const later = await createEvent(db, tenant.id, input(-20), organizer);
    await endEventNow(db, tenant.id, ended.eventId);
    const video = new VideoService(env);
    // No room exists on the server for the ended event: that counts as closed.
    const now = await sweepExpiredRooms({ db, video, tenants: [tenant], now: () => Date.now() + 1000 });
    expect(now.closed).toEqual([`${tenant.id}/${ended.eventId}`]);
    // Two hours on, the other event has expired too.
    const result = await sweepExpiredRooms({ db, video, tenants: [tenant], now: () => Date.now() + 120 * MIN });
    expect(result.closed).toEqual([`${tenant.id}/${later.eventId}`]);
  });

  it('logs once per sweep while the video service cannot be reached and closes the rooms on a later sweep', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    const a = await createEvent(db, tenant.id, input(-200), organizer);
    const b = await createEvent(db, tenant.id, input(-150), organizer);
    await rooms.createRoom({ name: a.channelName });
    const log = vi.fn();
    // Nothing listens on this port: the service is down.
    const down = await sweepExpiredRooms({ db, video: new VideoService({ ...env, LIVEKIT_API_URL: `http://127.0.0.1:${await getFreePort()}` }), tenants: [tenant], log });
    expect(down.closed).toEqual([]);
    expect(down.deferred.sort()).toEqual([`${tenant.id}/${a.eventId}`, `${tenant.id}/${b.eventId}`].sort());
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(/2 expired room\(s\) left open: the video service .* cannot be reached/);
    expect((await getEvent(db, tenant.id, a.eventId))?.roomClosedAt).toBeNull();
    expect(await roomNames()).toContain(a.channelName);

    const sweeper = startRoomExpirySweeper({ db, video: new VideoService(env), tenants: [tenant], intervalSeconds: 3600, log });
    const up = await sweeper.sweepNow();
    await sweeper.stop();
    expect(up.closed).toHaveLength(2);
    expect(await roomNames()).not.toContain(a.channelName);
  });

  it('is safe with two instances sweeping at once: each room is marked closed once', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    const expired = await createEvent(db, tenant.id, input(-120), organizer);
    await rooms.createRoom({ name: expired.channelName });
    const video = new VideoService(env);
    const [one, two] = await Promise.all([sweepExpiredRooms({ db, video, tenants: [tenant] }), sweepExpiredRooms({ db, video, tenants: [tenant] })]);
    expect(one.deferred.concat(two.deferred)).toEqual([]);
    expect(one.closed.length + two.closed.length).toBeGreaterThanOrEqual(1);
    expect(await roomNames()).not.toContain(expired.channelName);
  });
});
