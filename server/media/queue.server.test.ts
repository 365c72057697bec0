import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMediaQueue } from '#server/compose.server';
import { BullMediaQueue, createMediaQueue, MEDIA_JOB_ATTEMPTS, MEDIA_QUEUE_NAME, mediaJobId, mediaQueueConnection, transcriptionJobId } from './queue.server';

function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  // A database of its own: test files run in parallel, and each empties its queue when done.
  if (url) return `${url}/1`;
  throw new Error(`No Redis for the media queue tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
}

const job = (mediaId: string) => ({ tenantId: 'acme', scope: 'tenant' as const, mediaId, kind: 'image' as const });
const uniqueId = () => `q${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.padEnd(21, '0').slice(0, 21);

describe('media queue', () => {
  const queue = new BullMediaQueue(redisUrl());
  const inspect = new Queue(MEDIA_QUEUE_NAME, { connection: mediaQueueConnection(redisUrl()) });
  afterAll(async () => {
    await inspect.obliterate({ force: true });
    await Promise.all([queue.close(), inspect.close()]);
  });

  it('is absent without a Redis for it, so screens can say processing is unavailable', () => {
    expect(createMediaQueue({})).toBeNull();
  });

  it('adds one durable job per tenant and item, with retries and backoff', async () => {
    const id = uniqueId();
    await queue.enqueue(job(id));
    await queue.enqueue(job(id));
    const stored = await inspect.getJob(mediaJobId(job(id)));
    expect(stored?.data).toEqual(job(id));
    expect(stored?.opts.attempts).toBe(MEDIA_JOB_ATTEMPTS);
    expect(stored?.opts.backoff).toMatchObject({ type: 'exponential' });
    const waiting = (await inspect.getWaiting()).filter((j) => j.id === mediaJobId(job(id)));
    expect(waiting).toHaveLength(1);
  });

  it('keeps tenants apart: the same item id under two tenants is two jobs', async () => {
    const id = uniqueId();
    await queue.enqueue(job(id));
    await queue.enqueue({ ...job(id), tenantId: 'globex' });
    expect(await inspect.getJob(`acme/${id}`)).toBeTruthy();
    expect(await inspect.getJob(`globex/${id}`)).toBeTruthy();
  });

  it('replaces a failed job on enqueue (a retry re-runs it)', async () => {
    const id = uniqueId();
    await queue.enqueue(job(id));
    const failing = new Worker(MEDIA_QUEUE_NAME, async () => {
      throw new UnrecoverableError('cannot read the file');
    }, { connection: mediaQueueConnection(redisUrl()), autorun: false });
    const failed = new Promise<void>((resolve) => failing.on('failed', (j) => j?.id === mediaJobId(job(id)) && resolve()));
    void failing.run();
    await failed;
    await failing.close();
    expect(await (await inspect.getJob(mediaJobId(job(id))))!.isFailed()).toBe(true);
    await queue.enqueue(job(id));
    const again = await inspect.getJob(mediaJobId(job(id)));
    expect(await again!.isFailed()).toBe(false);
    expect(await again!.isWaiting()).toBe(true);
  });

  it('gives up quickly when Redis cannot be reached, so an upload request is answered', async () => {
    const unreachable = new BullMediaQueue('redis://127.0.0.1:1', { timeoutMs: 500 });
    const started = Date.now();
    await expect(unreachable.enqueue(job(uniqueId()))).rejects.toThrow(/media queue/);
    expect(Date.now() - started).toBeLessThan(3000);
    await unreachable.close().catch(() => undefined);
  });

  it('is reported by /api/health: up with its pending jobs, down when its Redis does not answer, absent without one', async () => {
    await queue.enqueue(job(uniqueId()));
    const up = await checkMediaQueue(queue);
    expect(up.state).toBe('up');
    expect(up.pending).toBeGreaterThanOrEqual(1);
    const unreachable = new BullMediaQueue('redis://127.0.0.1:1', { timeoutMs: 500 });
    expect(await checkMediaQueue(unreachable)).toMatchObject({ state: 'down' });
    await unreachable.close().catch(() => undefined);
    expect(await checkMediaQueue(null)).toEqual({ state: 'absent' });
  });

  it('refuses a job that is not a media job', async () => {
    await expect(queue.enqueue({ ...job('bad id'), tenantId: 'acme' })).rejects.toThrow();
  });

  it('refuses a transcription job with a bad person or language, and keeps it apart from the item’s processing job', async () => {
    const item = job('transcribe000000000001');
    await expect(queue.enqueueTranscription({ tenantId: item.tenantId, mediaId: item.mediaId, ownerId: 'a b', language: 'en' })).rejects.toThrow();
    await expect(queue.enqueueTranscription({ tenantId: item.tenantId, mediaId: item.mediaId, ownerId: 'someone', language: 'xx' as 'en' })).rejects.toThrow();
    expect(transcriptionJobId({ tenantId: item.tenantId, mediaId: item.mediaId, ownerId: 'someone', language: 'en' })).not.toBe(mediaJobId(item));
  });
});
