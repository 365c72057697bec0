/**
 * Streaming between the tenant's storage and the worker's disk: originals can be gigabytes, so
 * they never pass through memory. Keys go through tenantObjectKey like every other object access.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TenantId } from '#app/lib/config/tenant';
import { isErrorNamed } from '../errors';
import { tenantObjectKey, type Storage } from '#server/platform/storage.server';
import { ProcessingError } from '#server/platform/media/failures.server';

/** Writes the tenant's object to a local file; a missing object is the item's failure (original_missing). */
export async function downloadToFile(storage: Storage, tenantId: TenantId, key: string, path: string): Promise<void> {
  let body: Readable;
  try {
    const out = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
    body = out.Body as Readable;
  } catch (e) {
    if (isErrorNamed(e, 'NoSuchKey') || isErrorNamed(e, 'NotFound')) throw new ProcessingError('original_missing', key);
    throw e;
  }
  await pipeline(body, createWriteStream(path));
}

/** Stores a local file as the tenant's object; returns its size in bytes. */
export async function uploadFromFile(storage: Storage, tenantId: TenantId, key: string, path: string, contentType: string): Promise<number> {
  const { size } = await stat(path);
  await storage.client.send(
    new PutObjectCommand({
      Bucket: storage.bucket,
      Key: tenantObjectKey(tenantId, key),
      Body: createReadStream(path),
      ContentLength: size,
      ContentType: contentType,
    }),
  );
  return size;
}
