import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { getObjectBuffer } from '#server/platform/storage.server';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listUploadedParts,
  presignUploadPart,
  readFirstBytes,
  storedObject,
} from './mediaObjects.server';

const MiB = 1024 * 1024;

/** A part sent the way the browser sends it: a PUT to the presigned URL; the ETag comes back in the answer. */
async function putPart(url: string, body: Buffer): Promise<{ status: number; etag: string | null }> {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body) });
  await res.arrayBuffer();
  return { status: res.status, etag: res.headers.get('etag') };
}

describe('multipart uploads against the local store (s3rver completed by patches/s3rver+3.7.0.patch)', () => {
  const storage = testStorage();

  it('lists the parts already stored, so an interrupted upload resumes, then assembles them', async () => {
    const tenantId = uniqueTenantId();
    const key = 'media/resume/original.bin';
    const uploadId = await createMultipartUpload(storage, tenantId, key, 'application/octet-stream');
    const first = randomBytes(5 * MiB);
    const second = randomBytes(1234);
    const one = await putPart(await presignUploadPart(storage, tenantId, key, uploadId, 1, first.length), first);
    expect(one.status).toBe(200);

    // The page reloads: the uploader asks what is there and sends only what is missing.
    const afterOne = await listUploadedParts(storage, tenantId, key, uploadId);
    expect(afterOne).toEqual([{ PartNumber: 1, ETag: one.etag, Size: first.length }]);

    const two = await putPart(await presignUploadPart(storage, tenantId, key, uploadId, 2, second.length), second);
    const parts = (await listUploadedParts(storage, tenantId, key, uploadId))!;
    expect(parts.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, first.length],
      [2, second.length],
    ]);
    expect(parts[1]!.ETag).toBe(two.etag);

    expect(await completeMultipartUpload(storage, tenantId, key, uploadId, parts)).toBe(true);
    expect(await storedObject(storage, tenantId, key)).toMatchObject({ bytes: first.length + second.length });
    expect(Buffer.from(await readFirstBytes(storage, tenantId, key, 16))).toEqual(first.subarray(0, 16));
    expect((await getObjectBuffer(storage, tenantId, key)).equals(Buffer.concat([first, second]))).toBe(true);
    // A completed upload is gone: its id lists nothing.
    expect(await listUploadedParts(storage, tenantId, key, uploadId)).toBeNull();
  });

  it('aborts an upload: its parts are discarded and later parts are refused', async () => {
    const tenantId = uniqueTenantId();
    const key = 'media/cancel/original.bin';
    const uploadId = await createMultipartUpload(storage, tenantId, key, 'application/octet-stream');
    expect((await putPart(await presignUploadPart(storage, tenantId, key, uploadId, 1, 1000), randomBytes(1000))).status).toBe(200);

    await abortMultipartUpload(storage, tenantId, key, uploadId);
    expect(await listUploadedParts(storage, tenantId, key, uploadId)).toBeNull();
    expect((await putPart(await presignUploadPart(storage, tenantId, key, uploadId, 2, 1000), randomBytes(1000))).status).toBe(404);
    expect(await completeMultipartUpload(storage, tenantId, key, uploadId, [{ PartNumber: 1, ETag: '"x"' }])).toBe(false);
    expect(await storedObject(storage, tenantId, key)).toBeNull();
    // Aborting twice is not an error (a cancelled upload may be cancelled again after a reload).
    await expect(abortMultipartUpload(storage, tenantId, key, uploadId)).resolves.toBeUndefined();
  });

  it('answers an upload id of another key as unknown', async () => {
    const tenantId = uniqueTenantId();
    const uploadId = await createMultipartUpload(storage, tenantId, 'media/a/original.bin', 'application/octet-stream');
    expect(await listUploadedParts(storage, tenantId, 'media/b/original.bin', uploadId)).toBeNull();
    await abortMultipartUpload(storage, tenantId, 'media/a/original.bin', uploadId);
  });
});
