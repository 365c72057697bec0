/**
 * The pipeline end to end on the real local stack (DynamoDB Local, s3rver, Redis): an item is
 * enqueued, worker processes (server/media/worker.ts, as `npm start` runs them) take the job,
 * the item ends ready with its derived files in storage. A worker killed mid-transcode (SIGKILL)
 * loses nothing: a new worker takes the job over and completes it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { childNodeEnv } from '#local/stack/stack';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { exifTags, GPS_IFD_TAG, makeJpegWithGps, makeVideo } from '#tests/support/mediaFiles';
import { BullMediaQueue, MEDIA_QUEUE_NAME, mediaQueueConnection } from './queue.server';

const { registry } = loadRegistry(process.cwd());
const tenantId = tenantIdOf(registry, [...registry.tenants.keys()][0]);
const stores = { db: testDatabase(), storage: testStorage() };
const data = tenantData(stores, tenantId);

function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  // A database of its own: test files run in parallel, and each empties its queue when done.
  if (url) return `${url}/3`;
  throw new Error(`No Redis for the media worker tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
}

let root: string;
let queue: BullMediaQueue;
const workers = new Set<ChildProcess>();

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/media/worker.ts'], {
    env: childNodeEnv({ MEDIA_QUEUE_REDIS_URL: redisUrl(), MEDIA_WORKER_LOCK_SECONDS: '3', MEDIA_WORKER_TMP: root, MEDIA_WORKER_CONCURRENCY: '2' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.on('exit', (code, signal) => {
    workers.delete(child);
    if (code !== 0 && signal === null) console.warn(`media worker exited with ${code}:\n${output}`);
  });
  workers.add(child);
  return child;
}

async function stopWorker(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const ownerOf = (item: MediaItem) => item.ownerId;

async function upload(kind: MediaKind, path: string, contentType: string, extension: string): Promise<MediaItem> {
  const bytes = await readFile(path);
  const item = await data.media.create({
    kind,
    ownerId: `owner-${kind}-${Date.now()}`,
    ownerName: 'Owner',
    title: `${kind} test`,
    original: { fileName: `test.${extension}`, contentType, bytes: bytes.length, extension },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType });
  const processing = await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
  expect(processing?.status).toBe('processing');
  return processing!;
}

/** Polls the item until `done` says so (state, never time: the limit only ends a hung test). */
async function waitForItem(id: string, done: (item: MediaItem) => boolean, limitMs: number): Promise<MediaItem> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const item = await data.media.get(id);
    if (item && done(item)) return item;
    if (Date.now() > deadline) throw new Error(`item ${id} never got there: ${JSON.stringify({ status: item?.status, progress: item?.progress, failure: item?.failure })}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const transcoders = () =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('ffmpeg') && line.includes(root));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-worker-'));
  queue = new BullMediaQueue(redisUrl());
});
afterAll(async () => {
  await Promise.all([...workers].map((w) => stopWorker(w, 'SIGKILL')));
  const inspect = new Queue(MEDIA_QUEUE_NAME, { connection: mediaQueueConnection(redisUrl()) });
  await inspect.obliterate({ force: true });
  await Promise.all([inspect.close(), queue.close()]);
  await rm(root, { recursive: true, force: true });
});

describe('media worker', () => {
  it('processes an uploaded photo: the sizes in storage, GPS gone from the stored original', async () => {
    const worker = startWorker();
    const photo = await makeJpegWithGps(root, 2000, 1000);
    const item = await upload('image', photo, 'image/jpeg', 'jpg');
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'image' });
    const ready = await waitForItem(item.id, (i) => i.status !== 'processing', 60_000);
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(ready.derived.sizes?.large1500).toMatchObject({ key: `media/${item.id}/derived/large1500.webp`, width: 1500, height: 750 });
    expect((await data.files.read(ready.derived.sizes!.small300!.key)).length).toBe(ready.derived.sizes!.small300!.bytes);
    const stored = await data.files.read(item.original.key);
    expect(exifTags(stored)?.has(GPS_IFD_TAG) ?? false).toBe(false);
    expect(ready.original.bytes).toBe(stored.length);
    // The owner's quota counts what is stored: the rewritten original's size, not the upload's.
    expect(await data.media.usage(ownerOf(item))).toBe(stored.length - item.original.bytes);
    await stopWorker(worker);
  });

  it('fails a file that cannot be processed with a reason, without retrying it', async () => {
    const worker = startWorker();
    const fake = join(root, 'fake.jpg');
    await (await import('node:fs/promises')).writeFile(fake, 'not a picture at all');
    const item = await upload('image', fake, 'image/jpeg', 'jpg');
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'image' });
    const failed = await waitForItem(item.id, (i) => i.status !== 'processing', 60_000);
    expect(failed).toMatchObject({ status: 'failed', failure: 'image_unreadable' });
    await stopWorker(worker);
  });

  it('a worker killed mid-transcode loses nothing: the next worker completes the 1-minute 720p video', { timeout: 420_000 }, async () => {
    const clip = await makeVideo(root, { seconds: 60, width: 1280, height: 720 }, 'minute.mp4');
    const item = await upload('video', clip, 'video/mp4', 'mp4');
    const first = startWorker();
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'video' });
    const midway = await waitForItem(item.id, (i) => (i.progress ?? 0) >= 10 || i.status !== 'processing', 240_000);
    expect(midway.status).toBe('processing');
    expect(transcoders().length).toBeGreaterThan(0);
    await stopWorker(first, 'SIGKILL');

    // The killed worker's ffmpeg ends on its next progress write into the closed pipe.
    const orphanDeadline = Date.now() + 10_000;
    while (transcoders().length > 0 && Date.now() < orphanDeadline) await new Promise((r) => setTimeout(r, 100));
    expect(transcoders()).toEqual([]);

    startWorker();
    const ready = await waitForItem(item.id, (i) => i.status !== 'processing', 400_000);
    expect(ready.status).toBe('ready');
    expect(ready.derived.renditions).toEqual([360, 720]);
    expect(ready.derived.durationSeconds).toBeCloseTo(60, 0);
    expect(ready.derived.poster).toMatchObject({ width: 1280, height: 720 });
    const master = (await data.files.read(ready.derived.hls!.key)).toString('utf8');
    expect(master).toContain('720p/index.m3u8');
    const playlist = (await data.files.read(`media/${item.id}/derived/hls/720p/index.m3u8`)).toString('utf8');
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(14);
    for (const segment of [segments[0], segments.at(-1)!]) {
      expect((await data.files.read(`media/${item.id}/derived/hls/720p/${segment}`)).length).toBeGreaterThan(1000);
    }
  });
});
