/**
 * The paid event's media for the entitlement matrix, each made by the code that makes it in the
 * product, then finished by writing what the worker would have written (no transcoding: the
 * suite stays quick):
 *  - the live broadcast: the push's claim and state through the broadcasts data module, its
 *    master and rendition playlists and segments in the tenant's storage where the ingest worker
 *    puts them (the route under test, /api/broadcast/live, reads exactly these);
 *  - the browser recording: made by POST /api/media/upload/start as the organizer's recorder
 *    makes it (so the product decides its visibility), then marked ready with an HLS cut;
 *  - the kept broadcast: made by the ingest worker's own keepBroadcast from a one-second push;
 *  - the recording's captions track, the organizer's transcript of it and a live caption.
 * Segment names, folders and bytes carry markers, so a playlist or a file that reaches a caller
 * it should not shows in the answer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem } from '#app/lib/media/model';
import type { StartUploadResponse } from '#app/lib/media/uploadApi';
import { mediaFolder } from '#server/media/data/media.server';
import { captionsKey } from '#server/media/data/mediaCaptions.server';
import type { TenantData } from '#server/data/tenantData.server';
import { keepBroadcast } from '#server/broadcast/ingest/vod.server';
import { e2eStores } from '../e2e/library-helpers';
import { HttpConnection } from './http';
import type { AppInstance } from './instance';
import type { Session } from './sessions';

const run = promisify(execFile);
const HLS = 'application/vnd.apple.mpegurl';
const TS = 'video/mp2t';

export interface LivePush {
  /** The push's session: only it may change the live state. */
  sessionId: string;
  /** Tenant-relative folder of the push (its name carries the marker). */
  folder: string;
  variant: string;
  /** Bytes every live segment holds. */
  segmentBytes: string;
}

/** A live push as the ingest worker leaves it once its first playlists are stored. */
export async function seedLivePush(data: TenantData, eventId: string, mark: string): Promise<LivePush> {
  const sessionId = `entitle-${mark}`;
  const folder = `broadcasts/${eventId}/push${mark}`;
  const variant = '360p';
  const segmentBytes = `LiveSegment${mark}`;
  const claimed = await data.broadcasts.claimLive(eventId, { protocol: 'rtmp', sessionId, workerId: `worker-${mark}`, leaseMs: 3_600_000, folder });
  if (!claimed) throw new Error('the live push of the entitlement matrix could not claim its event');
  const master = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n${variant}/index.m3u8\n`;
  const segments = [1, 2, 3].map((n) => `segment_${String(n).padStart(5, '0')}.ts`);
  const media = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:1', '#EXT-X-PLAYLIST-TYPE:EVENT', ...segments.flatMap((s) => ['#EXTINF:1.000,', s])].join('\n');
  await Promise.all([
    data.files.put({ key: `${folder}/master.m3u8`, body: Buffer.from(master), contentType: HLS }),
    data.files.put({ key: `${folder}/${variant}/index.m3u8`, body: Buffer.from(`${media}\n`), contentType: HLS }),
    ...segments.map((s) => data.files.put({ key: `${folder}/${variant}/${s}`, body: Buffer.from(`${segmentBytes} ${s}`), contentType: TS })),
  ]);
  const live = await data.broadcasts.updateLive(eventId, sessionId, { status: 'live', variants: [variant], width: 640, height: 360, bitrateKbps: 800 });
  if (!live) throw new Error('the live push of the entitlement matrix lost its claim');
  return { sessionId, folder, variant, segmentBytes };
}

/** The push ends and its video is kept: the live state names the kept item, as the ingest worker leaves it. */
export async function endLivePush(data: TenantData, eventId: string, push: LivePush, keptId: string): Promise<void> {
  const ended = await data.broadcasts.updateLive(eventId, push.sessionId, { status: 'ended', endedAt: new Date().toISOString(), mediaId: keptId });
  if (!ended) throw new Error('the live push of the entitlement matrix lost its claim before it ended');
}

export interface FinishedVideo {
  item: MediaItem;
  /** Marker in every segment's name. */
  segmentName: string;
  segmentBytes: string;
  /** Bytes of its MP4 file. */
  mp4Bytes: string;
  /** Bytes of its original, when the seed wrote them (the kept broadcast's is the worker's own MP4). */
  originalBytes?: string;
}

/** Marks an item ready with one 240p HLS rendition, an MP4 and a poster, laid out as the worker lays them out. */
async function finishVideo(data: TenantData, item: MediaItem, mark: string): Promise<FinishedVideo> {
  const folder = `${mediaFolder(item.id)}/derived`;
  const segmentName = `seg${mark}`;
  const segmentBytes = `MediaSegment${mark}`;
  const segments = [0, 1].map((n) => `${segmentName}_${n}.ts`);
  const master = Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240\n240p/index.m3u8\n');
  const rendition = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', '#EXT-X-PLAYLIST-TYPE:VOD', ...segments.flatMap((s) => ['#EXTINF:2.000,', s]), '#EXT-X-ENDLIST'].join('\n');
  const mp4Bytes = `MediaMp4${mark}`;
  const mp4 = Buffer.from(mp4Bytes);
  await Promise.all([
    data.files.put({ key: `${folder}/hls/master.m3u8`, body: master, contentType: HLS }),
    data.files.put({ key: `${folder}/hls/240p/index.m3u8`, body: Buffer.from(`${rendition}\n`), contentType: HLS }),
    ...segments.map((s) => data.files.put({ key: `${folder}/hls/240p/${s}`, body: Buffer.from(`${segmentBytes} ${s}`), contentType: TS })),
    data.files.put({ key: `${folder}/video.mp4`, body: mp4, contentType: 'video/mp4' }),
  ]);
  const ready = await data.media.setStatus(item.id, {
    status: 'ready',
    progress: 100,
    derived: {
      hls: { key: `${folder}/hls/master.m3u8`, contentType: HLS, bytes: master.length },
      renditions: [240],
      mp4: { key: `${folder}/video.mp4`, contentType: 'video/mp4', bytes: mp4.length, width: 320, height: 240 },
      durationSeconds: 600,
      width: 320,
      height: 240,
    },
  });
  if (!ready) throw new Error(`media item ${item.id} vanished`);
  return { item: ready, segmentName, segmentBytes, mp4Bytes };
}

/** The organizer's browser recording of the event, made through the upload API the recorder calls. */
export async function seedBrowserRecording(app: AppInstance, tenant: string, data: TenantData, organizer: Session, eventId: string, title: string, mark: string): Promise<FinishedVideo> {
  const conn = new HttpConnection(app.port);
  try {
    const body = JSON.stringify({ fileName: 'recording.mp4', contentType: 'video/mp4', size: 4096, title, origin: 'recording', eventId });
    const answer = await conn.send(
      {
        method: 'POST',
        target: '/api/media/upload/start',
        headers: [['Host', app.host(tenant)], ['Origin', app.origin(tenant)], ['Cookie', organizer.cookie], ['Content-Type', 'application/json']],
        body,
      },
      15_000,
    );
    if (answer.kind !== 'response' || answer.response.status !== 200) throw new Error(`the recording's upload did not start: ${JSON.stringify(answer).slice(0, 300)}`);
    const { mediaId } = JSON.parse(answer.response.body.toString('utf8')) as StartUploadResponse;
    const item = await data.media.get(mediaId);
    if (!item) throw new Error(`the recording ${mediaId} was not stored`);
    // What the recorder's PUT to the signed upload URL stores.
    const originalBytes = `MediaOriginal${mark}`;
    await data.files.put({ key: item.original.key, body: Buffer.from(originalBytes), contentType: 'video/mp4' });
    return { ...(await finishVideo(data, item, mark)), originalBytes };
  } finally {
    conn.close();
  }
}

/** The event's kept broadcast, made by the ingest worker's keepBroadcast from a one-second push. */
export async function seedKeptBroadcast(tenantId: TenantId, data: TenantData, eventId: string, mark: string): Promise<FinishedVideo> {
  const workDir = mkdtempSync(join(tmpdir(), 'entitlement-'));
  try {
    const recordingPath = join(workDir, 'push.ts');
    await run('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mpegts', recordingPath]);
    // Without a queue the item stays as the worker leaves it before processing; the HLS cut is written next.
    const item = await keepBroadcast({ stores: e2eStores(), queue: null, tenantId, eventId, recordingPath, workDir, startedAt: new Date(Date.now() - 60_000) });
    if (!item) throw new Error('keepBroadcast kept nothing');
    return finishVideo(data, item, mark);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** A WebVTT captions track on the item (stored as the captions tools store one). */
export async function seedCaptionsTrack(data: TenantData, mediaId: string, text: string): Promise<void> {
  await data.files.put({ key: captionsKey(mediaId, 'en'), body: Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n${text}\n`), contentType: 'text/vtt' });
  if (!(await data.media.setCaptions(mediaId, { language: 'en', source: 'upload', cueCount: 1 }))) throw new Error(`captions of ${mediaId} not recorded`);
}

/** The organizer's finished transcript of the item (the person's own, as /api/transcripts keeps it). */
export async function seedTranscript(data: TenantData, ownerId: string, mediaId: string, text: string): Promise<void> {
  await data.transcripts.queue({ ownerId, mediaId, language: 'en', title: 'Transcript' });
  const done = await data.transcripts.update(ownerId, mediaId, { status: 'done', cues: [{ start: 0, end: 2, text }], durationSeconds: 2 });
  if (!done) throw new Error(`transcript of ${mediaId} not stored`);
}
