import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem, MediaVisibility } from '#app/lib/media/model';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { ensureTable } from '#server/platform/dynamo/dynamo.server';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { eventVodState } from './eventVod.server';

const db = testDatabase();
const storage = testStorage();
await ensureTable(db);

const user = (sub: string, groups: string[] = ['member']): SessionUser => ({ sub, username: sub, email: null, emailVerified: false, groups });
const organizer = user('org-1', ['organizer']);
const member = user('member-1');

async function setup() {
  const data = tenantData({ db, storage }, uniqueTenantId('vod'));
  const event = await data.events.create(
    newEventInput({ title: 'Past talk', eventDateTime: new Date(Date.now() - 3 * 3600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }),
    { sub: organizer.sub, name: 'Ana', email: 'ana@example.com', language: 'en' },
  );
  return { data, event };
}

async function recording(data: TenantData, eventId: string, visibility: MediaVisibility, status: MediaItem['status'], origin: MediaItem['origin'] = 'recording') {
  const item = await data.media.create({
    kind: 'video',
    ownerId: organizer.sub,
    ownerName: 'Ana',
    title: `${origin} ${visibility} ${status}`,
    visibility,
    origin,
    eventId,
    original: { fileName: 'r.mp4', contentType: 'video/mp4', bytes: 1, extension: 'mp4' },
  });
  if (status === 'uploading') return item;
  const derived = status === 'ready' ? { hls: { key: `media/${item.id}/derived/hls/master.m3u8`, contentType: 'application/vnd.apple.mpegurl', bytes: 1 }, durationSeconds: 20 } : {};
  return (await data.media.setStatus(item.id, { status, derived, progress: status === 'processing' ? 30 : 100 }))!;
}

describe("an event's recording for each viewer", () => {
  it('plays the newest recording the viewer may see; a private one is its owner’s, others are told they may not see it', async () => {
    const { data, event } = await setup();
    await recording(data, event.eventId, 'private', 'ready');
    expect(await eventVodState(data, event, member)).toEqual({ state: 'notAllowed', signedIn: true });
    expect(await eventVodState(data, event, null)).toEqual({ state: 'notAllowed', signedIn: false });
    const own = await eventVodState(data, event, organizer);
    expect(own.state).toBe('ready');

    const shared = await recording(data, event.eventId, 'tenant', 'ready', 'broadcast');
    await recording(data, event.eventId, 'public', 'ready', 'upload');
    const seen = await eventVodState(data, event, member);
    expect(seen).toMatchObject({ state: 'ready', chat: 'shown', view: { id: shared.id, video: { hls: `/api/media/playlist?id=${shared.id}` } } });
    expect(await eventVodState(data, event, null)).toEqual({ state: 'notAllowed', signedIn: false });
  });

  it('says a recording is being processed to those who will see it, and otherwise that there is none (the reason for staff only)', async () => {
    const { data, event } = await setup();
    await recording(data, event.eventId, 'tenant', 'processing');
    expect(await eventVodState(data, event, member)).toEqual({ state: 'processing', progress: 30 });
    expect(await eventVodState(data, event, null)).toEqual({ state: 'none', reason: null });

    const empty = await setup();
    expect(await eventVodState(empty.data, empty.event, organizer)).toEqual({ state: 'none', reason: 'notRecorded' });
    expect(await eventVodState(empty.data, empty.event, member)).toEqual({ state: 'none', reason: null });
  });
});
