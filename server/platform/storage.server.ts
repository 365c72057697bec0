import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { TenantId } from '#app/lib/config/tenant';
import type { Env } from '#server/env.server';
import { isErrorNamed } from '#server/errors';
import { markOutages, SDK_MAX_ATTEMPTS, SDK_REQUEST_HANDLER } from './unavailable.server';

export interface Storage {
  client: S3Client;
  bucket: string;
}

export function createStorage(env: Pick<Env, 'AWS_REGION' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE'>): Storage {
  const client = new S3Client({
    region: env.AWS_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    // Presigned URLs must not carry checksum parameters the browser cannot compute.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Fail within seconds when storage does not answer (docs/decisions/0053).
    requestHandler: SDK_REQUEST_HANDLER,
    maxAttempts: SDK_MAX_ATTEMPTS,
  });
  markOutages(client, 'storage');
  return { client, bucket: env.S3_BUCKET };
}

export async function pingStorage(storage: Storage): Promise<void> {
  await storage.client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
}

// ---------------------------------------------------------------------------------------------
// Tenant-scoped object keys
// ---------------------------------------------------------------------------------------------

export type StorageErrorCode = 'INVALID_TENANT' | 'INVALID_KEY' | 'TYPE_NOT_ALLOWED' | 'TOO_LARGE' | 'INVALID_SIZE' | 'INVALID_EXPIRY';

/** An expected refusal (bad key, type or size): callers answer it with a 400, never a 500. */
export class StorageError extends Error {
  constructor(
    public code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
/** By name, not instanceof: see server/errors.ts. */
export const isStorageError = (e: unknown): e is StorageError => isErrorNamed(e, 'StorageError');

const TENANT_ID = /^[a-z0-9-]+$/;
/** Characters S3 documents as safe in keys; anything else is refused rather than encoded. */
const SAFE_KEY = /^[A-Za-z0-9!_.*'()/=@+,-]+$/;
const MAX_KEY_LENGTH = 900;
/** S3 refuses presigned URLs that live longer than seven days. */
const MAX_EXPIRES_IN = 7 * 24 * 3600;

export const tenantPrefix = (tenantId: TenantId) => `tenants/${tenantId}/`;

/**
 * The full object key for a tenant's key. Every object lives under "tenants/<tenantId>/";
 * a key may name that prefix itself (it is then kept), but never another tenant's prefix,
 * a leading slash, "..", "." or empty segments, or characters outside the S3-safe set.
 */
export function tenantObjectKey(tenantId: TenantId, key: string): string {
  if (!TENANT_ID.test(tenantId)) throw new StorageError('INVALID_TENANT', `invalid tenant id "${tenantId}"`);
  if (typeof key !== 'string' || key.length === 0) throw new StorageError('INVALID_KEY', 'object key is empty');
  if (key.startsWith('/')) throw new StorageError('INVALID_KEY', 'object key must not start with "/"');
  if (key.includes('..')) throw new StorageError('INVALID_KEY', 'object key must not contain ".."');
  if (!SAFE_KEY.test(key)) throw new StorageError('INVALID_KEY', 'object key may use only letters, digits and !_.*\'()/=@+,-');
  const prefix = tenantPrefix(tenantId);
  let full: string;
  if (key.startsWith('tenants/')) {
    if (!key.startsWith(prefix)) throw new StorageError('INVALID_KEY', 'object key names another tenant');
    full = key;
  } else {
    full = prefix + key;
  }
  const rest = full.slice(prefix.length);
  if (rest.length === 0) throw new StorageError('INVALID_KEY', 'object key names no object');
  if (rest.split('/').some((segment) => segment === '' || segment === '.')) {
    throw new StorageError('INVALID_KEY', 'object key must not contain empty or "." segments');
  }
  if (full.length > MAX_KEY_LENGTH) throw new StorageError('INVALID_KEY', `object key is longer than ${MAX_KEY_LENGTH} characters`);
  return full;
}

function checkExpiry(expiresIn: number): number {
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN) {
    throw new StorageError('INVALID_EXPIRY', `expiresIn must be whole seconds between 1 and ${MAX_EXPIRES_IN}`);
  }
  return expiresIn;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** "image/*" matches any image type; otherwise types compare exactly (case-insensitive, no parameters). */
export function isAllowedType(contentType: string, allowedTypes: readonly string[]): boolean {
  const type = contentType.trim().toLowerCase();
  if (!MIME.test(type)) return false;
  return allowedTypes.some((allowed) => {
    const a = allowed.trim().toLowerCase();
    return a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type;
  });
}

// ---------------------------------------------------------------------------------------------
// Presigned URLs (browser-direct uploads and downloads)
// ---------------------------------------------------------------------------------------------

export interface PresignUploadOptions {
  tenantId: TenantId;
  /** Key inside the tenant's prefix, e.g. "events/<eventId>/poster/original". */
  key: string;
  contentType: string;
  /** Exact size in bytes of the file the browser will send. */
  size: number;
  maxBytes: number;
  /** MIME types accepted, "image/*" style wildcards allowed. */
  allowedTypes: readonly string[];
  /** Seconds the URL stays valid (default 300). */
  expiresIn?: number;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Full object key (tenants/<tenantId>/...). */
  key: string;
  /** Headers the browser must send with the PUT (Content-Length is set by the browser from the body). */
  headers: { 'Content-Type': string };
  expiresAt: string;
}

/**
 * A presigned PUT limited to one key, one content type and one exact size: Content-Type and
 * Content-Length are signed, so S3 refuses an upload with any other type or length.
 * Disallowed types and sizes are refused here, before anything is signed.
 */
export async function presignUpload(storage: Storage, options: PresignUploadOptions): Promise<PresignedUpload> {
  const key = tenantObjectKey(options.tenantId, options.key);
  const contentType = options.contentType.trim().toLowerCase();
  if (!isAllowedType(contentType, options.allowedTypes)) {
    throw new StorageError('TYPE_NOT_ALLOWED', `files of type "${options.contentType}" are not accepted here`);
  }
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1) throw new StorageError('INVALID_SIZE', 'maxBytes must be a positive integer');
  if (!Number.isInteger(options.size) || options.size < 1) throw new StorageError('INVALID_SIZE', 'size must be a positive whole number of bytes');
  if (options.size > options.maxBytes) {
    throw new StorageError('TOO_LARGE', `the file is ${options.size} bytes; at most ${options.maxBytes} bytes are accepted`);
  }
  const expiresIn = checkExpiry(options.expiresIn ?? 300);
  const url = await getSignedUrl(
    storage.client,
    new PutObjectCommand({ Bucket: storage.bucket, Key: key, ContentType: contentType, ContentLength: options.size }),
    { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return {
    url,
    method: 'PUT',
    key,
    headers: { 'Content-Type': contentType },
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
  };
}

export interface PresignDownloadOptions {
  tenantId: TenantId;
  key: string;
  /** Seconds the URL stays valid (default 300). */
  expiresIn?: number;
  /** When given, the browser saves the object under this name (Content-Disposition: attachment). */
  fileName?: string;
}

/** Content-Disposition with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = clean.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function presignDownload(storage: Storage, options: PresignDownloadOptions): Promise<string> {
  const key = tenantObjectKey(options.tenantId, options.key);
  const expiresIn = checkExpiry(options.expiresIn ?? 300);
  return getSignedUrl(
    storage.client,
    new GetObjectCommand({
      Bucket: storage.bucket,
      Key: key,
      ...(options.fileName ? { ResponseContentDisposition: attachmentDisposition(options.fileName) } : {}),
    }),
    { expiresIn },
  );
}

// ---------------------------------------------------------------------------------------------
// Server-side object access
// ---------------------------------------------------------------------------------------------

export interface PutObjectOptions {
  tenantId: TenantId;
  key: string;
  body: Buffer | Uint8Array | string;
  contentType: string;
  cacheControl?: string;
}

/** Stores an object under the tenant's prefix; returns its full key. */
export async function putObject(storage: Storage, options: PutObjectOptions): Promise<string> {
  const key = tenantObjectKey(options.tenantId, options.key);
  await storage.client.send(
    new PutObjectCommand({
      Bucket: storage.bucket,
      Key: key,
      Body: options.body,
      ContentType: options.contentType,
      ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
    }),
  );
  return key;
}

/** Reads a whole object of the tenant into memory (for server-side processing of small files). */
export async function getObjectBuffer(storage: Storage, tenantId: TenantId, key: string): Promise<Buffer> {
  const out = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
  if (!out.Body) return Buffer.alloc(0);
  return Buffer.from(await out.Body.transformToByteArray());
}

/**
 * Streams one object of the tenant (for answers built as they are sent, such as a zip of photos):
 * nothing is held in memory beyond the stream's buffers. Throws the store's own error (NoSuchKey)
 * when it is missing.
 */
export async function getObjectStream(storage: Storage, tenantId: TenantId, key: string): Promise<{ body: Readable; bytes: number | undefined }> {
  const out = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
  if (!(out.Body instanceof Readable)) throw new Error('the object store answered without a readable body');
  return { body: out.Body, bytes: out.ContentLength };
}

export async function deleteObject(storage: Storage, tenantId: TenantId, key: string): Promise<void> {
  await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
}

/**
 * Deletes every object under a tenant-relative folder ("media/<id>"), page by page; returns how
 * many went. One by one, because the local stand-in and S3 both take single deletes.
 */
export async function deleteFolder(storage: Storage, tenantId: TenantId, folder: string): Promise<number> {
  const prefix = `${tenantObjectKey(tenantId, folder.replace(/\/+$/, ''))}/`;
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key?.startsWith(prefix)) continue;
      await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: object.Key }));
      deleted++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}

/** The stored object's content type; throws the store's own error when it is missing (NotFound, 404). */
export async function objectContentType(storage: Storage, tenantId: TenantId, key: string): Promise<string | undefined> {
  const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(tenantId, key) }));
  return head.ContentType;
}
