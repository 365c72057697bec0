/**
 * The object-storage calls of the media library that storage.server.ts does not have: S3 multipart
 * uploads (create, presigned parts, list, complete, abort), the stored object's size and its first
 * bytes, and the signed download link of an item's file. Every key goes through tenantObjectKey,
 * so it stays inside tenants/<tenantId>/. Bound to a tenant in context.data.files.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type ListPartsCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { TenantId } from '#app/lib/config/tenant';
import type { DerivedFile, MediaItem } from '#app/lib/media/model';
import type { UploadedPart } from '#app/lib/media/uploadApi';
import { isErrorNamed } from '#server/errors';
import { attachmentDisposition, tenantObjectKey, type Storage } from '#server/platform/storage.server';

/** Seconds a presigned part URL stays valid: long enough for a slow 8 MiB part, short enough to be useless later. */
export const PART_URL_SECONDS = 15 * 60;

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
/** The store's "no such object / upload" answers, by name or status. */
export const isMissing = (e: unknown) => isErrorNamed(e, 'NotFound') || isErrorNamed(e, 'NoSuchKey') || isErrorNamed(e, 'NoSuchUpload') || statusOf(e) === 404;

export async function createMultipartUpload(storage: Storage, tenantId: TenantId, key: string, contentType: string): Promise<string> {
  const out = await storage.client.send(new CreateMultipartUploadCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key), ContentType: contentType }));
  if (!out.UploadId) throw new Error('the store gave no upload id');
  return out.UploadId;
}

/** A presigned URL for one part of exactly `bytes` bytes. */
export async function presignUploadPart(storage: Storage, tenantId: TenantId, key: string, uploadId: string, partNumber: number, bytes: number): Promise<string> {
  return (await presignS3Call(storage, tenantId, { op: 'uploadPart', key, uploadId, partNumber, bytes })).url;
}

/**
 * One S3 call of a browser upload (Uppy's S3 client sends each itself, to a URL signed here):
 * the object's PUT with its type and exact length signed in, or a multipart call on the same key,
 * each part with its exact length signed in (docs/decisions/0060).
 */
export type MediaS3Call =
  | { op: 'putObject'; key: string; contentType: string; bytes: number }
  | { op: 'createMultipart'; key: string; contentType: string }
  | { op: 'uploadPart'; key: string; uploadId: string; partNumber: number; bytes: number }
  | { op: 'listParts'; key: string; uploadId: string }
  | { op: 'completeMultipart'; key: string; uploadId: string }
  | { op: 'abortMultipart'; key: string; uploadId: string }
  | { op: 'deleteObject'; key: string };

/** A presigned URL for the call, and the headers the browser must send with it. */
export async function presignS3Call(storage: Storage, tenantId: TenantId, call: MediaS3Call): Promise<{ url: string; headers?: Record<string, string> }> {
  const Bucket = storage.bucket;
  const Key = tenantObjectKey(tenantId, call.key);
  const options = { expiresIn: PART_URL_SECONDS };
  switch (call.op) {
    case 'putObject':
      return {
        url: await getSignedUrl(storage.client, new PutObjectCommand({ Bucket, Key, ContentType: call.contentType, ContentLength: call.bytes }), {
          ...options,
          signableHeaders: new Set(['content-type', 'content-length']),
        }),
        headers: { 'Content-Type': call.contentType },
      };
    case 'createMultipart':
      return {
        url: await getSignedUrl(storage.client, new CreateMultipartUploadCommand({ Bucket, Key, ContentType: call.contentType }), { ...options, signableHeaders: new Set(['content-type']) }),
        headers: { 'Content-Type': call.contentType },
      };
    case 'uploadPart':
      // Storage refuses a part of any other length (SignatureDoesNotMatch).
      return {
        url: await getSignedUrl(storage.client, new UploadPartCommand({ Bucket, Key, UploadId: call.uploadId, PartNumber: call.partNumber, ContentLength: call.bytes }), {
          ...options,
          signableHeaders: new Set(['content-length']),
        }),
      };
    case 'listParts':
      return { url: await getSignedUrl(storage.client, new ListPartsCommand({ Bucket, Key, UploadId: call.uploadId }), options) };
    case 'completeMultipart':
      return { url: await getSignedUrl(storage.client, new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: call.uploadId }), options) };
    case 'abortMultipart':
      return { url: await getSignedUrl(storage.client, new AbortMultipartUploadCommand({ Bucket, Key, UploadId: call.uploadId }), options) };
    case 'deleteObject':
      return { url: await getSignedUrl(storage.client, new DeleteObjectCommand({ Bucket, Key }), options) };
  }
}

/** The parts storage holds for this upload (every page); null when the upload is unknown (aborted, completed). */
export async function listUploadedParts(storage: Storage, tenantId: TenantId, key: string, uploadId: string): Promise<UploadedPart[] | null> {
  const parts: UploadedPart[] = [];
  let marker: string | undefined;
  try {
    for (;;) {
      const page: ListPartsCommandOutput = await storage.client.send(
        new ListPartsCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key), UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const p of page.Parts ?? []) if (p.PartNumber && p.ETag) parts.push({ PartNumber: p.PartNumber, ETag: p.ETag, Size: p.Size ?? 0 });
      if (!page.IsTruncated || !page.NextPartNumberMarker) break;
      marker = page.NextPartNumberMarker;
    }
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
  return parts;
}

/** Assembles the parts; false when the upload is unknown. */
export async function completeMultipartUpload(storage: Storage, tenantId: TenantId, key: string, uploadId: string, parts: ReadonlyArray<{ PartNumber: number; ETag: string }>): Promise<boolean> {
  const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
  try {
    await storage.client.send(
      new CompleteMultipartUploadCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key), UploadId: uploadId, MultipartUpload: { Parts: sorted } }),
    );
    return true;
  } catch (e) {
    if (isMissing(e)) return false;
    throw e;
  }
}

/** Discards the upload's parts; an unknown upload (already aborted or completed) is not an error. */
export async function abortMultipartUpload(storage: Storage, tenantId: TenantId, key: string, uploadId: string): Promise<void> {
  try {
    await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key), UploadId: uploadId }));
  } catch (e) {
    if (!isMissing(e)) throw e;
  }
}

/** The stored object's size and declared type, or null when nothing is stored under the key. */
export async function storedObject(storage: Storage, tenantId: TenantId, key: string): Promise<{ bytes: number; contentType?: string } | null> {
  try {
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
    return { bytes: head.ContentLength ?? 0, ...(head.ContentType ? { contentType: head.ContentType } : {}) };
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

/** The object's first `length` bytes (one ranged GET: the file is never read whole to learn its type). */
export async function readFirstBytes(storage: Storage, tenantId: TenantId, key: string, length: number): Promise<Uint8Array> {
  const out = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key), Range: `bytes=0-${length - 1}` }));
  if (!out.Body) return new Uint8Array();
  const bytes = await out.Body.transformToByteArray();
  // A store that ignores Range sends everything: only the head is looked at.
  return bytes.length > length ? bytes.subarray(0, length) : bytes;
}

/** Types a browser would run as a document (script, markup): never rendered, always a download of opaque bytes. */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)\b/i;

/** Seconds a download link lives. */
export const DOWNLOAD_URL_SECONDS = 300;

/** The name a download is saved under: the original's own name, or the title with the derived file's extension. */
export function downloadFileName(item: Pick<MediaItem, 'title' | 'original'>, file?: Pick<DerivedFile, 'key'>): string {
  if (!file) return item.original.fileName;
  const ext = file.key.slice(file.key.lastIndexOf('.') + 1);
  const base = (item.title || item.original.fileName.replace(/\.[^.]*$/, '')).slice(0, 150);
  const stem = file.key.slice(file.key.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return `${base}-${stem}.${ext}`;
}

export interface DownloadLinkOptions {
  /** A derived file of the item (a size, the MP4, a page); the original when absent. */
  file?: Pick<DerivedFile, 'key' | 'contentType'>;
  expiresIn?: number;
}

/**
 * A short-lived signed GET for an item's file that the browser saves (`Content-Disposition:
 * attachment`, named after the item). Anything a browser could run as a page (HTML, SVG, XML,
 * script) is also sent as application/octet-stream, so it is never rendered from any origin.
 */
export async function mediaDownloadUrl(storage: Storage, tenantId: TenantId, item: MediaItem, options: DownloadLinkOptions = {}): Promise<string> {
  const key = options.file?.key ?? item.original.key;
  const type = options.file?.contentType ?? item.original.contentType;
  return getSignedUrl(
    storage.client,
    new GetObjectCommand({
      Bucket: storage.bucket,
      Key: tenantObjectKey(tenantId, key),
      ResponseContentDisposition: attachmentDisposition(downloadFileName(item, options.file)),
      ...(ACTIVE_TYPES.test(type) ? { ResponseContentType: 'application/octet-stream' } : {}),
    }),
    { expiresIn: options.expiresIn ?? DOWNLOAD_URL_SECONDS },
  );
}
