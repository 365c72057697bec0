/**
 * The cloud recording path end to end on the local stack (DynamoDB Local, s3rver) against the
 * egress stand-in (tests/support/egressStandIn.ts): the exact EgressClient requests, then signed
 * egress webhooks drive the recording's state into a media item that the real media job processes
 * into the event's VOD. The stand-in writes the MP4 where the request says, like Egress does.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant, TenantId } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { MediaJob } from '#app/lib/media/model';
import { receiveLivekitWebhook } from '#server/broadcast/livekitWebhook.server';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { runMediaJob } from '#server/media/job.server';
import { mediaAccess } from '#server/media/access.server';
import { VideoService } from '#server/platform/video.server';
import { startEgressStandIn, type EgressStandIn } from '#tests/support/egressStandIn';
import { localStackEnv, testDatabase, testStorage } from '#tests/support/local-stack';
import { makeVideo } from '#tests/support/mediaFiles';
import { uniqueTenantId } from '#tests/support/tenants';
import { EgressService } from './egress.server';
import { recordingState, startRecording, stopRecording, type RecordingContext } from './recorder.server';
import { changeRestream, restreamState } from './restream.server';
import { SecretBox } from './secretBox.server';

const PLATFORM = { apiKey: 'APIplatform0001', apiSecret: 'platform-secret-0123456789abcdefghijkl' };
const OTHER = { apiKey: 'APIotherkey0001', apiSecret: 'other-secret-0123456789abcdefghijklmnop' };
const organizer = { sub: 'org-rec', name: 'Olga', email: 'olga@example.com', language: 'en' };
const organizerUser = { sub: organizer.sub };
const participant = { sub: 'viewer-1', groups: [] as string[] };

const stores = { db: testDatabase(), storage: testStorage() };
const dir = mkdtempSync(join(tmpdir(), 'egress-test-'));
let clip: Buffer;
let standIn: EgressStandIn;

beforeAll(async () => {
  // Six seconds of a test pattern with a burned-in clock and a tone: what the stand-in "records".
  clip = readFileSync(await makeVideo(dir, { width: 320, height: 240, seconds: 6, audio: true }, 'room.mp4'));
  standIn = await startEgressStandIn({ ...PLATFORM, recordingBytes: async () => clip });
}, 60_000);
afterAll(async () => {
  await standIn?.close();
});

/**
 * Name resolution for restream destinations: no DNS here, so names answer from this table (what
 * getaddrinfo would say); `answers` may change between saving and starting, as DNS can.
 */
const answers: Record<string, string[]> = { 'a.rtmp.youtube.com': ['142.250.185.140', '2a00:1450:4001:82a::200c'] };
const resolveFromTable = async (host: string) => {
  const found = answers[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

function setup(options: { egressUrl?: string; allowLoopback?: boolean } = {}) {
  const tenantId = uniqueTenantId('rec');
  const other = uniqueTenantId('rec');
  const tenant = { id: tenantId, video: {} } as unknown as Tenant;
  const tenants = new Map<string, Tenant>([
    [tenantId, tenant],
    [other, { id: other, video: { apiKeyEnv: 'OTHER' } } as unknown as Tenant],
  ]);
  const env = localStackEnv();
  const video = new VideoService(
    { LIVEKIT_URL: 'ws://127.0.0.1:9', LIVEKIT_API_URL: 'http://127.0.0.1:9', LIVEKIT_API_KEY: PLATFORM.apiKey, LIVEKIT_API_SECRET: PLATFORM.apiSecret },
    { source: { OTHER_API_KEY: OTHER.apiKey, OTHER_API_SECRET: OTHER.apiSecret } },
  );
  const announced: string[] = [];
  vi.spyOn(video, 'setRoomMetadata').mockImplementation(async (_t, _e, metadata) => {
    announced.push(metadata);
    return true;
  });
  const egress = new EgressService(
    {
      LIVEKIT_EGRESS: 'on',
      LIVEKIT_EGRESS_API_URL: options.egressUrl ?? standIn.url,
      EGRESS_S3_ACCESS_KEY: undefined,
      EGRESS_S3_SECRET: undefined,
      S3_BUCKET: env.S3_BUCKET,
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_FORCE_PATH_STYLE: true,
      AWS_REGION: env.AWS_REGION,
    },
    video,
  );
  const jobs: MediaJob[] = [];
  const mediaQueue = { enqueue: async (job: MediaJob) => void jobs.push(job), enqueueTranscription: async () => undefined, pending: async () => jobs.length, close: async () => undefined };
  const data = tenantData(stores, tenantId);
  const destinations = { resolve: resolveFromTable, allowLoopback: options.allowLoopback ?? false };
  const services = { ...stores, video, recording: { egress, keys: new SecretBox(Buffer.alloc(32, 7).toString('base64')), destinations }, mediaQueue };
  const ctx: RecordingContext = { tenant, data, services };
  return { tenantId, tenant, data, ctx, video, announced, jobs, registry: { tenants }, services, env };
}

const liveEvent = (tenantId: TenantId, extra: Partial<Parameters<typeof newEventInput>[0]> = {}) =>
  createEvent(
    stores.db,
    tenantId,
    newEventInput({ title: 'Quarterly review', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', ...extra }),
    organizer,
  );

async function signed(body: unknown, pair: { apiKey: string; apiSecret: string } = PLATFORM) {
  const text = JSON.stringify(body);
  const token = new AccessToken(pair.apiKey, pair.apiSecret, { ttl: 60 });
  token.sha256 = createHash('sha256').update(text).digest('base64');
  return { body: text, authorization: `Bearer ${await token.toJwt()}` };
}

const egressEvent = (kind: string, event: EventRecord, egressId: string, status: string, extra: Record<string, unknown> = {}) => ({
  event: kind,
  id: `EV_${kind}_${status}`,
  createdAt: String(Math.floor(Date.now() / 1000)),
  egressInfo: { egressId, roomName: event.channelName, status, ...extra },
});

describe('cloud recording through EgressClient', () => {
  it('starts a room composite with the exact outputs, follows the signed webhooks and ends as the event’s VOD', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId);
    const before = standIn.requests.length;

    const started = await startRecording(s.ctx, event, organizerUser);
    expect(started).toMatchObject({ mode: 'egress', status: 'starting', destination: 'cloud', startedBy: organizer.sub });
    expect(started.egressId).toMatch(/^EG_/);
    const mediaId = started.mediaId!;
    const folder = `tenants/${s.tenantId}/media/${mediaId}`;
    const s3 = { region: s.env.AWS_REGION, endpoint: s.env.S3_ENDPOINT, bucket: s.env.S3_BUCKET, forcePathStyle: true };

    const request = standIn.requests[before]!;
    expect(request.method).toBe('StartRoomCompositeEgress');
    expect(request.grant).toMatchObject({ roomRecord: true });
    expect(request.body).toEqual({
      roomName: event.channelName,
      layout: 'speaker',
      // preset H264_720P_30 is the enum's zero value, which protobuf JSON leaves out (Egress's default).
      fileOutputs: [{ fileType: 'MP4', filepath: `${folder}/original.mp4`, s3 }],
      segmentOutputs: [{ protocol: 'HLS_PROTOCOL', filenamePrefix: `${folder}/egress-hls/segment`, playlistName: `${folder}/egress-hls/index.m3u8`, segmentDuration: 4, s3 }],
    });

    const item = await s.data.media.get(mediaId);
    expect(item).toMatchObject({ kind: 'video', status: 'uploading', origin: 'recording', eventId: event.eventId, visibility: 'tenant', ownerId: organizer.sub });

    // A webhook signed with another key changes nothing.
    const forged = await receiveLivekitWebhook({ ...(await signed(egressEvent('egress_started', event, started.egressId!, 'EGRESS_STARTING'), OTHER)), registry: s.registry, services: s.services });
    expect(forged.status).toBe(401);
    expect((await s.data.recordings.get(event.eventId, started.id))?.status).toBe('starting');

    const hook = async (body: unknown) => receiveLivekitWebhook({ ...(await signed(body)), registry: s.registry, services: s.services });
    expect(await hook(egressEvent('egress_started', event, started.egressId!, 'EGRESS_STARTING'))).toEqual({ status: 200, message: 'recording' });
    expect((await s.data.recordings.get(event.eventId, started.id))?.status).toBe('recording');
    expect(JSON.parse(s.announced.at(-1)!)).toEqual({ recording: { status: 'recording', mode: 'egress' } });

    const stopping = await stopRecording(s.ctx, event, organizerUser, started.id);
    expect(stopping.status).toBe('stopping');
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'StopEgress', body: { egressId: started.egressId } });

    // Something was said with live captions on while it recorded (docs/decisions/0048).
    // Said now: after the recording started (a moment before would fall outside it on a fast machine).
    const saidAt = Date.now();
    await s.data.liveCaptions.put(event.eventId, { speakerId: organizer.sub, speakerName: 'Olga', utteranceId: 'u1', language: 'en', text: 'the weather is nice', at: saidAt, end: saidAt + 400, words: [] });
    const ended = egressEvent('egress_ended', event, started.egressId!, 'EGRESS_COMPLETE', {
      fileResults: [{ filename: `${folder}/original.mp4`, size: String(clip.length), location: `s3://${s.env.S3_BUCKET}/${folder}/original.mp4` }],
    });
    expect(await hook(ended)).toEqual({ status: 200, message: 'processing' });
    // A repeated delivery changes nothing.
    expect(await hook(ended)).toEqual({ status: 200, message: 'unchanged' });
    expect(s.jobs).toEqual([{ tenantId: s.tenantId, scope: 'tenant', mediaId, kind: 'video' }]);
    expect(await s.data.media.get(mediaId)).toMatchObject({ status: 'processing', original: { bytes: clip.length, contentType: 'video/mp4' } });

    // The real media job turns the MP4 into the library item.
    const outcome = await runMediaJob(stores, s.tenantId, mediaId, { willRetry: false, tmpRoot: dir });
    expect(outcome.state).toBe('done');
    const state = await recordingState(s.ctx, event, organizerUser);
    expect(state.current).toMatchObject({ id: started.id, status: 'ready', mode: 'egress' });
    const [vod] = await s.data.media.forEvent(event.eventId);
    expect(vod).toMatchObject({ id: mediaId, status: 'ready', origin: 'recording', visibility: 'tenant' });
    expect(vod!.derived.durationSeconds).toBeGreaterThan(5);
    expect(vod!.derived.durationSeconds).toBeLessThan(7);
    // The audience (signed-in members) may watch it.
    expect(await mediaAccess(s.data, { ...participant, username: 'v', email: null } as never).mayView(vod!)).toBe(true);
    // The room's live captions became its captions track, timed from the recording's start.
    expect(vod!.captions?.en).toMatchObject({ language: 'en', source: 'live', cueCount: 1 });
    const vtt = (await s.data.files.read(vod!.captions!.en!.key)).toString('utf8');
    expect(vtt).toMatch(/^WEBVTT\n\n\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\nthe weather is nice\n/);
  }, 120_000);

  it('keeps a download-only recording private to the organizer', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId, { recordingDestination: 'download' });
    const started = await startRecording(s.ctx, event, organizerUser);
    const item = (await s.data.media.get(started.mediaId!))!;
    expect(item.visibility).toBe('private');
    expect(await mediaAccess(s.data, { ...participant, username: 'v', email: null } as never).mayView({ ...item, status: 'ready' })).toBe(false);
    expect(await mediaAccess(s.data, { sub: organizer.sub, groups: [], username: 'o', email: null } as never).mayView({ ...item, status: 'ready' })).toBe(true);
  });

  it('starts once by itself when the event is live with enableRecording cloud, and never when it is off', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId);
    const before = standIn.requests.length;
    const first = await recordingState(s.ctx, event, participant);
    expect(first.current).toMatchObject({ status: 'starting', mode: 'egress' });
    expect(first.canControl).toBe(false);
    await recordingState(s.ctx, event, organizerUser);
    expect(standIn.requests.slice(before).filter((r) => r.method === 'StartRoomCompositeEgress')).toHaveLength(1);

    const off = await liveEvent(s.tenantId, { enableRecording: 'off' });
    const state = await recordingState(s.ctx, off, organizerUser);
    expect(state).toMatchObject({ enabled: false, current: null, canStart: false });
    await expect(startRecording(s.ctx, off, organizerUser)).rejects.toMatchObject({ code: 'disabled' });
  });

  it('refuses a second start, a participant, and says unavailable (no item left) when egress does not answer', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId);
    await startRecording(s.ctx, event, organizerUser);
    await expect(startRecording(s.ctx, event, organizerUser)).rejects.toMatchObject({ code: 'busy' });
    await expect(startRecording(s.ctx, event, participant)).rejects.toMatchObject({ code: 'forbidden' });

    const down = setup({ egressUrl: 'http://127.0.0.1:9' });
    const other = await liveEvent(down.tenantId);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(startRecording(down.ctx, other, organizerUser)).rejects.toMatchObject({ code: 'unavailable' });
    const [failed] = await down.data.recordings.list(other.eventId);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(await down.data.media.forEvent(other.eventId)).toEqual([]);
    // The lock is released: a new start may try again.
    await expect(startRecording(down.ctx, other, organizerUser)).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('restreams to the destinations through a stream output, with keys in clear only inside the egress request', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId, { layout: 'hbc' });
    const key = 'yt-key-0123-SECRET';
    await changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'add', name: 'YouTube', url: 'rtmp://a.rtmp.youtube.com/live2/', streamKey: key });
    const state = await restreamState(s.ctx, event, organizerUser);
    expect(state).toMatchObject({ connected: true, canStoreKeys: true, live: false, canEdit: true });
    expect(JSON.stringify(state)).not.toContain(key);
    expect(state.destinations[0]).toMatchObject({ name: 'YouTube', keyMasked: '••••••••CRET' });
    // Stored sealed: the table holds no clear key.
    const [stored] = await s.data.recordings.destinations(event.eventId);
    expect(stored!.keyCipher).not.toContain(key);

    await changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'start' });
    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('StartRoomCompositeEgress');
    expect(request.body).toEqual({ roomName: event.channelName, layout: 'speaker', streamOutputs: [{ protocol: 'RTMP', urls: [`rtmp://a.rtmp.youtube.com/live2/${key}`] }] });
    const live = await s.data.recordings.restreamLive(event.eventId);
    expect(live?.egressId).toMatch(/^EG_/);
    expect((await restreamState(s.ctx, event, organizerUser)).live).toBe(true);
    // Someone who is not staff of the event finds nothing to change.
    await expect(changeRestream(s.ctx, event, { sub: 'someone-else' }, { eventId: event.eventId, intent: 'stop' })).rejects.toMatchObject({ code: 'notFound' });

    // The egress ending (LiveKit's signed webhook) clears it.
    const ended = await receiveLivekitWebhook({ ...(await signed(egressEvent('egress_ended', event, live!.egressId, 'EGRESS_COMPLETE'))), registry: s.registry, services: s.services });
    expect(ended).toEqual({ status: 200, message: 'restream ended' });
    expect(await s.data.recordings.restreamLive(event.eventId)).toBeNull();
  });

  it('refuses a destination that points inside when it is saved, whatever its spelling, and stores nothing', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId, { layout: 'hbc' });
    answers['private.example.net'] = ['10.20.30.40'];
    answers['half.example.net'] = ['8.8.8.8', '192.168.0.10'];
    const add = (url: string) => changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'add', name: 'Sneaky', url, streamKey: 'key-0123' });
    for (const url of [
      'rtmp://169.254.169.254:80/latest',
      'rtmp://2852039166/',
      'rtmp://0x7f.1/',
      'rtmp://0251.0376.0251.0376/app',
      'rtmp://[::ffff:a9fe:a9fe]/app',
      'rtmp://[fd00:ec2::254]/app',
      'rtmps://127.0.0.1:443/app',
      'rtmp://localhost/app',
      'rtmp://metadata.google.internal/computeMetadata',
      'rtmp://10.0.0.5/live',
      'rtmp://100.100.100.200/live',
      'rtmp://private.example.net/live',
      'rtmp://half.example.net/live',
    ]) {
      await expect(add(url), url).rejects.toMatchObject({ name: 'RestreamError', code: 'destinationInside' });
    }
    await expect(add('rtmp://nowhere.example.net/live')).rejects.toMatchObject({ code: 'destinationUnresolvable' });
    await expect(add('http://a.rtmp.youtube.com/live2')).rejects.toMatchObject({ code: 'destinationInside' });
    expect(await s.data.recordings.destinations(event.eventId)).toEqual([]);
  });

  it('checks every destination again when the egress starts: a name that now points inside stops the start', async () => {
    const s = setup();
    const event = await liveEvent(s.tenantId, { layout: 'hbc' });
    answers['rebinding.example.net'] = ['203.0.114.20'];
    await changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'add', name: 'YouTube', url: 'rtmp://a.rtmp.youtube.com/live2/', streamKey: 'yt-key-0001' });
    await changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'add', name: 'Partner', url: 'rtmp://rebinding.example.net/app', streamKey: 'partner-0001' });
    answers['rebinding.example.net'] = ['169.254.169.254'];
    const before = standIn.requests.length;
    await expect(changeRestream(s.ctx, event, organizerUser, { eventId: event.eventId, intent: 'start' })).rejects.toMatchObject({ code: 'destinationRefused', destination: 'Partner' });
    expect(standIn.requests.length).toBe(before);
    expect(await s.data.recordings.restreamLive(event.eventId)).toBeNull();
  });

  it('sends to a receiver on this machine only with the test stack’s loopback allowance, which lets nothing else inside through', async () => {
    const strict = setup();
    const event = await liveEvent(strict.tenantId, { layout: 'hbc' });
    const local = { eventId: event.eventId, intent: 'add' as const, name: 'Local receiver', url: 'rtmp://127.0.0.1:19350/live', streamKey: 'local-0001' };
    await expect(changeRestream(strict.ctx, event, organizerUser, local)).rejects.toMatchObject({ code: 'destinationInside' });

    const s = setup({ allowLoopback: true });
    const own = await liveEvent(s.tenantId, { layout: 'hbc' });
    await changeRestream(s.ctx, own, organizerUser, { ...local, eventId: own.eventId });
    await expect(changeRestream(s.ctx, own, organizerUser, { ...local, eventId: own.eventId, url: 'rtmp://169.254.169.254:80/latest' })).rejects.toMatchObject({ code: 'destinationInside' });
    await changeRestream(s.ctx, own, organizerUser, { eventId: own.eventId, intent: 'start' });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ streamOutputs: [{ protocol: 'RTMP', urls: ['rtmp://127.0.0.1:19350/live/local-0001'] }] });
  });
});
