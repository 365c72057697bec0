/**
 * The media queue and its worker recover by themselves (docs/decisions/0052): Redis killed and
 * started again on the same port keeps its queued jobs (append-only file), the app's queue and
 * the worker process reconnect without a restart, and a worker killed mid-job has its job taken
 * over within seconds with the result written once. Uses a Redis of its own, so killing it
 * touches no other test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { getFreePort } from '#local/stack/ports';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { childNodeEnv } from '#local/stack/stack';
import { checkMediaQueue } from '#server/compose.server';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { makeJpegWithGps, makeVideo } from '#tests/support/mediaFiles';
import { BullMediaQueue, MEDIA_QUEUE_NAME, MediaQueueUnavailableError, mediaJobId, mediaQueueConnection } from './queue.server';

const { registry } = loadRegistry(process.cwd());
const tenantId = tenantIdOf(registry, [...registry.tenants.keys()][0]);
const stores = { db: testDatabase(), storage: testStorage() };
const data = tenantData(stores, tenantId);

let root: string;
let redisPort: number;
let redis: LocalRedis;
let queue: BullMediaQueue;
const workers = new Set<ChildProcess>();

const startOwnRedis = () => startRedis({ port: redisPort, dir: root, persist: true });

/** A worker process as `npm start` runs it, with the default lock (how soon a dead worker's job is taken over). */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/media/worker.ts'], {
    env: childNodeEnv({ MEDIA_QUEUE_REDIS_URL: redis.url, MEDIA_WORKER_TMP: root, MEDIA_WORKER_CONCURRENCY: '1' }),
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

async function upload(kind: MediaKind, path: string, contentType: string, extension: string): Promise<MediaItem> {
  const bytes = await readFile(path);
  const item = await data.media.create({
    kind,
    ownerId: `owner-recovery-${kind}-${Date.now()}`,
    ownerName: 'Owner',
    title: `${kind} recovery test`,
    original: { fileName: `test.${extension}`, contentType, bytes: bytes.length, extension },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType });
  const processing = await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
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

async function until<T>(probe: () => Promise<T | null>, limitMs: number, what: string): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-recovery-'));
  redisPort = await getFreePort();
  redis = await startOwnRedis();
  queue = new BullMediaQueue(redis.url);
});
afterAll(async () => {
  await Promise.all([...workers].map((w) => stopWorker(w, 'SIGKILL')));
  await queue?.close().catch(() => undefined);
  await redis?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('media processing across a Redis restart', () => {
  it('keeps the queued jobs, answers plainly while Redis is down, and works again without a restart', { timeout: 120_000 }, async () => {
    // Queued while no worker runs: they must still be there after Redis is killed.
    const queued = await Promise.all([0, 1].map(async (i) => upload('image', await makeJpegWithGps(root, 400, 300, 1, `queued-${i}.jpg`), 'image/jpeg', 'jpg')));
    for (const item of queued) await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'image' });
    expect(await queue.pending()).toBe(2);
    const worker = startWorker();
    await Promise.all(queued.map((item) => waitForItem(item.id, (i) => i.status !== 'processing', 60_000)));
    await stopWorker(worker);
    const waiting = await Promise.all([2, 3].map(async (i) => upload('image', await makeJpegWithGps(root, 400, 300, 1, `queued-${i}.jpg`), 'image/jpeg', 'jpg')));
    for (const item of waiting) await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'image' });

    // The worker of `npm start` keeps running through the outage.
    const survivor = startWorker();
    await Promise.all(waiting.map((item) => waitForItem(item.id, (i) => i.status !== 'processing', 60_000)));
    process.kill(redis.pid, 'SIGKILL');

    const late = await upload('image', await makeJpegWithGps(root, 400, 300, 1, 'late.jpg'), 'image/jpeg', 'jpg');
    const refused = Date.now();
    await expect(queue.enqueue({ tenantId, scope: 'tenant', mediaId: late.id, kind: 'image' })).rejects.toBeInstanceOf(MediaQueueUnavailableError);
    expect(Date.now() - refused).toBeLessThan(6_000);
    expect(await checkMediaQueue(queue)).toMatchObject({ state: 'down', service: 'redis' });

    // Jobs accepted before the outage and not yet taken: kept by the append-only file.
    const kept = await upload('image', await makeJpegWithGps(root, 400, 300, 1, 'kept.jpg'), 'image/jpeg', 'jpg');
    redis = await startOwnRedis();
    const back = Date.now();
    await until(async () => (await queue.enqueue({ tenantId, scope: 'tenant', mediaId: late.id, kind: 'image' }), true), 30_000, 'the queue takes jobs again');
    expect(Date.now() - back).toBeLessThan(30_000);
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: kept.id, kind: 'image' });
    expect(await checkMediaQueue(queue)).toMatchObject({ state: 'up', service: 'redis' });
    // The worker reconnected by itself and processes the new jobs.
    for (const item of [late, kept]) expect((await waitForItem(item.id, (i) => i.status !== 'processing', 60_000)).status).toBe('ready');
    expect(Date.now() - back).toBeLessThan(60_000);
    await stopWorker(survivor);
  });

  it('keeps a job accepted just before Redis is killed (append-only file)', { timeout: 60_000 }, async () => {
    const item = await upload('image', await makeJpegWithGps(root, 400, 300, 1, 'persisted.jpg'), 'image/jpeg', 'jpg');
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'image' });
    process.kill(redis.pid, 'SIGKILL');
    redis = await startOwnRedis();
    const inspect = new Queue(MEDIA_QUEUE_NAME, { connection: mediaQueueConnection(redis.url) });
    try {
      const job = await until(() => inspect.getJob(mediaJobId({ tenantId, mediaId: item.id })).then((j) => j ?? null), 30_000, 'the job after the restart');
      expect(await job.getState()).toBe('waiting');
    } finally {
      await inspect.close();
    }
    startWorker();
    expect((await waitForItem(item.id, (i) => i.status !== 'processing', 60_000)).status).toBe('ready');
  });
});

describe('a media worker killed mid-job', () => {
  it('has its job taken over by the next worker within seconds, and the result is written once', { timeout: 300_000 }, async () => {
    for (const w of [...workers]) await stopWorker(w);
    // With no worker connected, health says so (the queue itself answers, once reconnected after the restart above).
    const idle = await until(async () => {
      const state = await checkMediaQueue(queue);
      return state.state === 'up' ? state : null;
    }, 30_000, 'the queue answering');
    expect(idle).toMatchObject({ state: 'up', workers: 0 });
    const clip = await makeVideo(root, { seconds: 30, width: 640, height: 360 }, 'half-minute.mp4');
    const item = await upload('video', clip, 'video/mp4', 'mp4');
    const first = startWorker();
    await queue.enqueue({ tenantId, scope: 'tenant', mediaId: item.id, kind: 'video' });
    const midway = await waitForItem(item.id, (i) => (i.progress ?? 0) >= 5 || i.status !== 'processing', 200_000);
    expect(midway.status).toBe('processing');
    expect(await checkMediaQueue(queue)).toMatchObject({ state: 'up', workers: 1 });
    const next = startWorker();
    await stopWorker(first, 'SIGKILL');
    const killedAt = Date.now();

    // Taken over: the job runs again (on the other worker) once the dead one's lock runs out.
    const inspect = new Queue(MEDIA_QUEUE_NAME, { connection: mediaQueueConnection(redis.url) });
    try {
      await until(
        async () => {
          const job = await inspect.getJob(mediaJobId({ tenantId, mediaId: item.id }));
          return job && (job.processedOn ?? 0) > killedAt ? true : null;
        },
        60_000,
        'the job taken over',
      );
      expect(Date.now() - killedAt).toBeLessThan(20_000);
    } finally {
      await inspect.close();
    }
    const ready = await waitForItem(item.id, (i) => i.status !== 'processing', 240_000);
    expect(ready.status).toBe('ready');
    expect(ready.derived.renditions).toEqual([360]);
    // One rendition set: the retried run wrote the same keys again, and the master lists it once.
    const master = (await data.files.read(ready.derived.hls!.key)).toString('utf8');
    expect(master.split('\n').filter((l) => l.endsWith('360p/index.m3u8'))).toHaveLength(1);
    expect(await data.media.usage(item.ownerId)).toBe(0);
    await stopWorker(next);
  });
});
