/**
 * The media upload API (app/routes/api/media/*; docs/decisions/0025-media-uploads.md): the browser
 * asks the app to sign, then sends the bytes straight to object storage, never through the app.
 *
 *   POST /api/media/upload/start     StartUploadRequest → StartUploadResponse (the item, its key, single PUT or multipart)
 *   POST /api/media/upload/sign      SignRequest → SignResponse: a presigned URL for one S3 call on the item's key
 *                                    (PUT object with type and length signed, or create / part / list / complete / abort)
 *   POST /api/media/upload/abort     { mediaId, uploadId? } → { aborted: true } (parts and item gone)
 *   POST /api/media/upload/finish    { mediaId } → { item } once the stored bytes were checked and queued
 *   GET  /api/media/download?id=<mediaId>[&scope=system] → 302 to a short-lived signed URL (attachment)
 *
 * Errors: { error: UploadErrorCode, message } in the request's language, with a 4xx status.
 */
import { z } from 'zod';
import { trimSchema } from './trim';
import { MAX_BYTES, MEDIA_KINDS, MEDIA_VISIBILITIES, MULTIPART_THRESHOLD_BYTES, kindOfType, type MediaItem, type MediaKind } from './model';

/** S3's limits: parts of at least 5 MiB (but the last), at most 10,000 parts. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PARTS = 10_000;

/** The part size the uploader uses for a file: 8 MiB, more when the file would need over 10,000 parts. */
export function partSizeFor(bytes: number): number {
  return Math.max(MULTIPART_THRESHOLD_BYTES, Math.ceil(bytes / MAX_PARTS / (1024 * 1024)) * 1024 * 1024);
}

/** How many parts a multipart upload of a file of this size has. */
export const partCountFor = (bytes: number) => Math.ceil(bytes / partSizeFor(bytes));

/**
 * The exact size of part `partNumber` (from 1) of a file of `bytes`: partSizeFor(bytes) for every
 * part but the last, which holds the rest; null for a part the file does not have. The uploader
 * cuts the file this way, the server signs each part's URL for this length and checks the stored
 * parts against it (docs/decisions/0060).
 */
export function partBytesFor(bytes: number, partNumber: number): number | null {
  const size = partSizeFor(bytes);
  const count = partCountFor(bytes);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) return null;
  return partNumber < count ? size : bytes - size * (count - 1);
}

/** Whether a file of this size goes up as a multipart upload (resumable, pausable) rather than one PUT. */
export const usesMultipart = (bytes: number) => bytes >= MULTIPART_THRESHOLD_BYTES;

/** Where an upload lands: the person's tenant library, or the platform's system media (platform admins only). */
export const UPLOAD_SCOPES = ['tenant', 'system'] as const;
export type UploadScope = (typeof UPLOAD_SCOPES)[number];

const mediaId = z.string().regex(/^[a-z0-9]{21}$/);
/** S3 upload ids are opaque; AWS's are long base64-ish strings, s3rver's 32 hex digits. */
const uploadId = z.string().min(1).max(1024).regex(/^[A-Za-z0-9._~+/=-]+$/);

export const startUploadSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.string().trim().toLowerCase().min(1).max(200),
    size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Only this kind is accepted (the media screens take audio/video only, the system image screen images only). */
    kinds: z.array(z.enum(MEDIA_KINDS)).min(1).max(MEDIA_KINDS.length).optional(),
    title: z.string().trim().max(200).optional(),
    visibility: z.enum(MEDIA_VISIBILITIES).optional(),
    scope: z.enum(UPLOAD_SCOPES).default('tenant'),
    /** Sent for review (/reviewVideoUpload): once processed it waits for an admin's decision. */
    review: z.boolean().optional(),
    /**
     * A room recording made by the organizer's browser (docs/decisions/0030): the event it records.
     * Accepted only from the event's organizer and hosts; the event's recordingDestination decides
     * who sees the item.
     */
    origin: z.enum(['upload', 'recording']).optional(),
    // The event id's shape (app/lib/events/model.ts eventIdSchema), without importing the events' strings into upload screens.
    eventId: z.string().regex(/^[a-z0-9]{12}$/).optional(),
    /** A recorded take (/mediaCapture): only this part is kept; video and audio only (docs/decisions/0044). */
    trim: trimSchema.optional(),
  })
  .refine((v) => (v.origin === 'recording') === (v.eventId !== undefined), { message: 'origin recording and eventId go together', path: ['eventId'] });
export type StartUploadRequest = z.input<typeof startUploadSchema>;

/** The item made for the upload: the browser's S3 client then sends every call to a URL /sign gives it. */
export interface StartUploadResponse {
  mediaId: string;
  scope: UploadScope;
  /** The object's key (tenant-relative): the only key /sign signs for this item. */
  key: string;
  /** single: one PUT; multipart: parts of `partSize` bytes (resumable, pausable). */
  mode: 'single' | 'multipart';
  partSize: number;
}

/** One S3 call the browser's uploader wants signed (Uppy's aws-s3 `signRequest`). */
export const signRequestSchema = z.object({
  mediaId,
  scope: z.enum(UPLOAD_SCOPES).default('tenant'),
  request: z.object({
    method: z.enum(['PUT', 'POST', 'GET', 'DELETE']),
    key: z.string().min(1).max(1024),
    uploadId: uploadId.optional(),
    partNumber: z.number().int().min(1).max(MAX_PARTS).optional(),
    contentType: z.string().max(200).optional(),
  }),
});
export type SignRequest = z.input<typeof signRequestSchema>;
export interface SignResponse {
  url: string;
  key?: string;
  headers?: Record<string, string>;
}

export const abortUploadSchema = z.object({ mediaId, scope: z.enum(UPLOAD_SCOPES).default('tenant'), uploadId: uploadId.optional() });
export const finishUploadSchema = z.object({ mediaId, scope: z.enum(UPLOAD_SCOPES).default('tenant') });

export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export const UPLOAD_ERROR_CODES = [
  'badRequest',
  'unauthenticated',
  'forbidden',
  'notFound',
  'type',
  'tooLarge',
  'userQuota',
  'tenantQuota',
  'notUploaded',
  'mismatch',
  'unavailable',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];
export interface UploadErrorResponse {
  error: UploadErrorCode;
  message: string;
}

export interface FinishUploadResponse {
  item: MediaItem;
}

/** Why a file cannot be uploaded here, before anything is asked of the server (the server checks again). */
export function uploadProblem(contentType: string, size: number, kinds: readonly MediaKind[] = MEDIA_KINDS): 'type' | 'tooLarge' | null {
  const kind = kindOfType(contentType.trim().toLowerCase());
  if (!kind || !kinds.includes(kind)) return 'type';
  if (size > MAX_BYTES[kind]) return 'tooLarge';
  return null;
}

/** The extension the stored original gets, from its type (never from the user's file name). */
export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'application/pdf': 'pdf',
};

/** A size for people: the unit key (upload.units.*) and the number in the language's notation. */
export function byteSize(bytes: number, language: string): { unit: 'kb' | 'mb' | 'gb'; n: string } {
  const format = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);
  if (bytes >= 1024 ** 3) return { unit: 'gb', n: format(bytes / 1024 ** 3) };
  if (bytes >= 1024 ** 2) return { unit: 'mb', n: format(bytes / 1024 ** 2) };
  return { unit: 'kb', n: format(Math.max(bytes, 1) / 1024) };
}
