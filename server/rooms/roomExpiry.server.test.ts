import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestLivekit, TEST_LIVEKIT_PAIR } from '#tests/support/livekit';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { LocalLivekitServer } from '#local/stack/livekitServer';
import { getFreePort } from '#local/stack/ports';
import { createEvent, endEventNow, getEvent, newEventInput, type EventInput } from '#server/events/data/events.server';
import { startRoomExpirySweeper, sweepExpiredRooms } from './roomExpiry.server';
import { VideoService } from '#server/platform/video.server';

const db = testDatabase();
const MIN = 60_000;
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const env = { LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_KEY: TEST_LIVEKIT_PAIR.apiKey, LIVEKIT_API_SECRET: TEST_LIVEKIT_PAIR.apiSecret };

function input(startsInMinutes: number, duration = 60): EventInput {
  return newEventInput({ title: 'Sweep me', eventDateTime: new Date(Date.now() + startsInMinutes * MIN).toISOString(), eventDuration: duration, eventTimeZone: 'UTC', eventLanguage: 'en' });
}

// The real LiveKit server: rooms are made through its room service and must be gone after a sweep.
let livekit: LocalLivekitServer;
let rooms: RoomServiceClient;
beforeAll(async () => {
  livekit = await startTestLivekit();
  rooms = new RoomServiceClient(livekit.apiUrl, TEST_LIVEKIT_PAIR.apiKey, TEST_LIVEKIT_PAIR.apiSecret);
});
afterAll(() => livekit.stop());
const roomNames = async () => (await rooms.listRooms()).map((r) => r.name);

describe('room-expiry sweeper', () => {
  it('closes the room of an expired event, marks it closed and leaves live rooms alone', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    // Started 2 h ago for 60 min: expired 30 min ago (60 min + 30 min grace).
    const expired = await createEvent(db, tenant.id, input(-120), organizer);
    const live = await createEvent(db, tenant.id, input(-10), organizer);
    await rooms.createRoom({ name: expired.channelName, emptyTimeout: 600 });
    await rooms.createRoom({ name: live.channelName, emptyTimeout: 600 });
    const video = new VideoService({ ...env, LIVEKIT_API_URL: livekit.apiUrl });

    const result = await sweepExpiredRooms({ db, video, tenants: [tenant] });
    expect(result).toEqual({ closed: [`${tenant.id}/${expired.eventId}`], deferred: [] });
    // People in the room are ejected with it (the browser tests watch that happen: tests/e2e/video-api.spec.ts).
    expect(await roomNames()).not.toContain(expired.channelName);
    expect(await roomNames()).toContain(live.channelName);
    expect((await getEvent(db, tenant.id, expired.eventId))?.roomClosedAt).toBeTruthy();
    expect((await getEvent(db, tenant.id, live.eventId))?.roomClosedAt).toBeNull();

    // Nothing left to do on the next sweep.
    expect(await sweepExpiredRooms({ db, video, tenants: [tenant] })).toEqual({ closed: [], deferred: [] });
  });

  it('closes an event ended early by a host, and counts a room already gone as closed', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    const ended = await createEvent(db, tenant.id, input(-5), organizer);
    const later = await createEvent(db, tenant.id, input(-20), organizer);
    await endEventNow(db, tenant.id, ended.eventId);
    const video = new VideoService({ ...env, LIVEKIT_API_URL: livekit.apiUrl });
    // No room exists on the service for the ended event: that counts as closed.
    const now = await sweepExpiredRooms({ db, video, tenants: [tenant], now: () => Date.now() + 1000 });
    expect(now.closed).toEqual([`${tenant.id}/${ended.eventId}`]);
    // Two hours on, the other event has expired too.
    const result = await sweepExpiredRooms({ db, video, tenants: [tenant], now: () => Date.now() + 120 * MIN });
    expect(result.closed).toEqual([`${tenant.id}/${later.eventId}`]);
  });

  it('logs once per sweep while the video service is down and closes the room on a later sweep', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    const a = await createEvent(db, tenant.id, input(-200), organizer);
    const b = await createEvent(db, tenant.id, input(-150), organizer);
    await rooms.createRoom({ name: a.channelName, emptyTimeout: 600 });
    const log = vi.fn();
    // The same service while nothing listens at its address.
    const unreachable = new VideoService({ ...env, LIVEKIT_API_URL: `http://127.0.0.1:${await getFreePort()}` });
    const down = await sweepExpiredRooms({ db, video: unreachable, tenants: [tenant], log });
    expect(down.closed).toEqual([]);
    expect(down.deferred.sort()).toEqual([`${tenant.id}/${a.eventId}`, `${tenant.id}/${b.eventId}`].sort());
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(/2 expired room\(s\) left open: the video service .* cannot be reached/);
    expect((await getEvent(db, tenant.id, a.eventId))?.roomClosedAt).toBeNull();

    const video = new VideoService({ ...env, LIVEKIT_API_URL: livekit.apiUrl });
    const sweeper = startRoomExpirySweeper({ db, video, tenants: [tenant], intervalSeconds: 3600, log });
    const up = await sweeper.sweepNow();
    await sweeper.stop();
    expect(up.closed).toHaveLength(2);
    expect(await roomNames()).not.toContain(a.channelName);
  });

  it('is safe with two instances sweeping at once: each room is marked closed once', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    await createEvent(db, tenant.id, input(-120), organizer);
    const video = new VideoService({ ...env, LIVEKIT_API_URL: livekit.apiUrl });
    const [one, two] = await Promise.all([sweepExpiredRooms({ db, video, tenants: [tenant] }), sweepExpiredRooms({ db, video, tenants: [tenant] })]);
    expect(one.deferred.concat(two.deferred)).toEqual([]);
    expect(one.closed.length + two.closed.length).toBeGreaterThanOrEqual(1);
  });
});
