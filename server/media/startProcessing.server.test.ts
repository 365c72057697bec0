import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { testDatabase } from '#tests/support/local-stack';
import { BullMediaQueue, MEDIA_QUEUE_NAME, mediaJobId, mediaQueueConnection } from './queue.server';
import { startProcessing } from './startProcessing.server';

const { registry } = loadRegistry(process.cwd());
const tenantId = tenantIdOf(registry, [...registry.tenants.keys()][0]);
const media = tenantData({ db: testDatabase() }, tenantId).media;

function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  // A database of its own: test files run in parallel, and each empties its queue when done.
  if (url) return `${url}/2`;
  throw new Error(`No Redis for these tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
}

const newItem = () =>
  media.create({ kind: 'audio', ownerId: 'o', ownerName: 'O', title: 'a', original: { fileName: 'a.mp3', contentType: 'audio/mpeg', bytes: 10, extension: 'mp3' } });

describe('startProcessing', () => {
  const queue = new BullMediaQueue(redisUrl());
  const unreachable = new BullMediaQueue('redis://127.0.0.1:1', { timeoutMs: 300 });
  const inspect = new Queue(MEDIA_QUEUE_NAME, { connection: mediaQueueConnection(redisUrl()) });
  afterAll(async () => {
    await inspect.obliterate({ force: true });
    await Promise.all([queue.close(), inspect.close(), unreachable.close().catch(() => undefined)]);
  });

  it('moves an uploaded item to processing and queues its job', async () => {
    const item = await newItem();
    const result = await startProcessing(media, queue, tenantId, item, 'uploading');
    expect(result).toMatchObject({ state: 'started', item: { status: 'processing', progress: 0 } });
    expect((await inspect.getJob(mediaJobId({ tenantId, mediaId: item.id })))?.data).toMatchObject({ mediaId: item.id, kind: 'audio' });
  });

  it('leaves the item as it was when there is no queue or it does not answer', async () => {
    const item = await newItem();
    expect(await startProcessing(media, null, tenantId, item, 'uploading')).toEqual({ state: 'unavailable' });
    expect((await media.get(item.id))?.status).toBe('uploading');
    const failed = await media.setStatus(item.id, { status: 'failed', failure: 'audio_unreadable' });
    expect(await startProcessing(media, unreachable, tenantId, failed!, 'failed')).toEqual({ state: 'unavailable' });
    expect(await media.get(item.id)).toMatchObject({ status: 'failed', failure: 'audio_unreadable' });
  });

  it('refuses an item that is not in the expected status', async () => {
    const item = await newItem();
    expect(await startProcessing(media, queue, tenantId, item, 'failed')).toEqual({ state: 'conflict' });
    const stale = { ...item };
    await startProcessing(media, queue, tenantId, item, 'uploading');
    expect(await startProcessing(media, queue, tenantId, stale, 'uploading')).toEqual({ state: 'conflict' });
  });
});
