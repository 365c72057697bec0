/**
 * Media items for the pipeline's browser tests, made the way an upload leaves them: the record in
 * the test stack's DynamoDB, the original in its S3, status processing, and the job on the stack's
 * Redis queue, where the stack's own media worker takes it.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { BullMediaQueue } from '#server/media/queue.server';
import { createLocalDatabase, createLocalStorage, quietAwsEnv, type LocalStackEnv } from '#local/stack/stack';
import { E2E_STACK_DIR } from './stack';

function stackSettings() {
  return JSON.parse(readFileSync(join(E2E_STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string | undefined>;
}

export interface PipelineStack {
  tenant(id: string): ReturnType<typeof tenantData>;
  tenantId(id: string): TenantId;
  queue: BullMediaQueue;
  close(): Promise<void>;
}

export function pipelineStack(): PipelineStack {
  Object.assign(process.env, quietAwsEnv());
  const env = stackSettings();
  if (!env.MEDIA_QUEUE_REDIS_URL) throw new Error('the test stack runs without a media queue (no MEDIA_QUEUE_REDIS_URL in app-env.json)');
  // The stack's own settings (endpoints and its local credentials), as its app receives them.
  const local = env as unknown as LocalStackEnv;
  const db = createLocalDatabase(local);
  const storage = createLocalStorage(local);
  const { registry } = loadRegistry(process.cwd());
  const queue = new BullMediaQueue(env.MEDIA_QUEUE_REDIS_URL);
  return {
    tenant: (id) => tenantData({ db, storage }, tenantIdOf(registry, id)),
    tenantId: (id) => tenantIdOf(registry, id),
    queue,
    async close() {
      await queue.close();
      db.raw.destroy();
      storage.client.destroy();
    },
  };
}

export interface UploadedFile {
  kind: MediaKind;
  path: string;
  contentType: string;
  extension: string;
  title: string;
}

/** Stores the file as the owner's item, moves it to processing and enqueues its job. */
export async function uploadAndEnqueue(stack: PipelineStack, tenant: string, owner: { sub: string; name: string }, file: UploadedFile, visibility: MediaItem['visibility'] = 'private'): Promise<MediaItem> {
  const data = stack.tenant(tenant);
  const bytes = await readFile(file.path);
  const item = await data.media.create({
    kind: file.kind,
    ownerId: owner.sub,
    ownerName: owner.name,
    title: file.title,
    visibility,
    original: { fileName: `${file.title}.${file.extension}`, contentType: file.contentType, bytes: bytes.length, extension: file.extension },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType: file.contentType });
  const processing = await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
  if (!processing) throw new Error(`item ${item.id} did not move to processing`);
  await stack.queue.enqueue({ tenantId: stack.tenantId(tenant), scope: 'tenant', mediaId: item.id, kind: file.kind });
  return processing;
}
