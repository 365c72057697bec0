import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { startLivekitTwirp, type LivekitTwirp } from '../local/livekitTwirp';
import { createEvent, endEventNow, getEvent, newEventInput, type EventInput } from '../data/events.server';
import { startRoomExpirySweeper, sweepExpiredRooms } from './roomExpiry.server';
import { VideoService } from './video.server';

const db = testDatabase();
const MIN = 60_000;
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const env = { LIVEKIT_URL: 'ws://localhost:7880', LIVEKIT_API_KEY: 'devkey', LIVEKIT_API_SECRET: 'secret' };

function input(startsInMinutes: number, duration = 60): EventInput {
  return newEventInput({ title: 'Sweep me', eventDateTime: new Date(Date.now() + startsInMinutes * MIN).toISOString(), eventDuration: duration, eventTimeZone: 'UTC', eventLanguage: 'en' });
}

let standIn: LivekitTwirp;
beforeAll(async () => {
  standIn = await startLivekitTwirp({ keys: { devkey: 'secret' } });
});
afterAll(() => standIn.close());

describe('room-expiry sweeper', () => {
  it('closes the room of an expired event (removing everyone), marks it closed and leaves live rooms alone', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    // Started 2 h ago for 60 min: expired 30 min ago (60 min + 30 min grace).
    const expired = await createEvent(db, tenant.id, input(-120), organizer);
    const live = await createEvent(db, tenant.id, input(-10), organizer);
    standIn.addParticipant({ room: expired.channelName, identity: 'late-stayer' });
    standIn.addParticipant({ room: live.channelName, identity: 'watcher' });
    const video = new VideoService({ ...env, LIVEKIT_API_URL: standIn.url });

    const result = await sweepExpiredRooms({ db, video, tenants: [tenant] });
    expect(result).toEqual({ closed: [`${tenant.id}/${expired.eventId}`], deferred: [] });
    expect(standIn.rooms().has(expired.channelName)).toBe(false);
    expect(standIn.rooms().get(live.channelName)?.participants.has('watcher')).toBe(true);
    expect(standIn.requests.filter((r) => r.method === 'DeleteRoom' && r.room === expired.channelName)).toHaveLength(1);
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
    const video = new VideoService({ ...env, LIVEKIT_API_URL: standIn.url });
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
    const video = new VideoService({ ...env, LIVEKIT_API_URL: standIn.url });
    const log = vi.fn();
    standIn.setOutage(true);
    try {
      const down = await sweepExpiredRooms({ db, video, tenants: [tenant], log });
      expect(down.closed).toEqual([]);
      expect(down.deferred.sort()).toEqual([`${tenant.id}/${a.eventId}`, `${tenant.id}/${b.eventId}`].sort());
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toMatch(/2 expired room\(s\) left open: the video service .* cannot be reached/);
      expect((await getEvent(db, tenant.id, a.eventId))?.roomClosedAt).toBeNull();
    } finally {
      standIn.setOutage(false);
    }
    const sweeper = startRoomExpirySweeper({ db, video, tenants: [tenant], intervalSeconds: 3600, log });
    const up = await sweeper.sweepNow();
    await sweeper.stop();
    expect(up.closed).toHaveLength(2);
  });

  it('is safe with two instances sweeping at once: each room is marked closed once', async () => {
    const tenant = { id: uniqueTenantId(), video: {} };
    await createEvent(db, tenant.id, input(-120), organizer);
    const video = new VideoService({ ...env, LIVEKIT_API_URL: standIn.url });
    const [one, two] = await Promise.all([sweepExpiredRooms({ db, video, tenants: [tenant] }), sweepExpiredRooms({ db, video, tenants: [tenant] })]);
    expect(one.deferred.concat(two.deferred)).toEqual([]);
    expect(one.closed.length + two.closed.length).toBeGreaterThanOrEqual(1);
  });
});
