/**
 * One Uppy per upload screen (docs/decisions/0025): files go from the browser straight to object
 * storage through @uppy/aws-s3, each S3 call signed by the app for the item the upload made; big
 * files as S3 multipart (resumable, pausable), small ones in one PUT. Golden Retriever keeps files
 * and upload state across a reload, so a multipart upload resumes where storage says it stopped.
 *
 * Per file: before uploading, the app checks it and makes its library item (/start); the object
 * key is the item's; after uploading, the app checks the stored bytes and queues processing
 * (/finish). A refusal becomes that file's error, in the page's language.
 */
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import type { Locale } from '@uppy/core/utils';
import GoldenRetriever from '@uppy/golden-retriever';
import { ACCEPTED_TYPES, MAX_BYTES, MEDIA_KINDS, MULTIPART_THRESHOLD_BYTES, type MediaItem, type MediaKind } from '#app/lib/media/model';
import type { Trim } from '#app/lib/media/trim';
import { partSizeFor, uploadProblem, usesMultipart, type UploadScope } from '#app/lib/media/uploadApi';
import { abortMediaUpload, finishMediaUpload, mediaIdOfKey, signMediaCall, startMediaUpload, UploadApiError } from './uploadClient';

export interface MediaMeta extends Meta {
  mediaId?: string;
  mediaKey?: string;
  /** Why the app refused the file before it was uploaded. */
  refused?: string;
  /** The app accepted the stored file: its item (status processing). */
  finished?: boolean;
  /** A recorded take's part to keep (/mediaCapture): the processors cut the rest. */
  trim?: Trim;
}
export type MediaBody = { location?: string; key?: string };
export type MediaUppy = Uppy<MediaMeta, MediaBody>;

export interface UploaderOptions {
  /** Distinct per screen: Golden Retriever restores each screen's own files. */
  id: string;
  scope: UploadScope;
  kinds: readonly MediaKind[];
  /** At most this many files at once (1 for a single-file screen). */
  maxFiles?: number;
  review?: boolean;
  visibility?: MediaItem['visibility'];
  locale?: Locale;
  /** Keep files and upload state across a reload (Golden Retriever); default true. A screen holding its own file (a recorded take) keeps it itself. */
  restore?: boolean;
  /** Translated messages the uploader needs outside the API's answers. */
  messages: { network: (name?: string) => string; problem: (problem: 'type' | 'tooLarge', kind: MediaKind | null) => string };
  onFinished?: (item: MediaItem, file: UppyFile<MediaMeta, MediaBody>) => void;
  onRefused?: (message: string, file: UppyFile<MediaMeta, MediaBody>) => void;
}

/** Where a refused file's S3 calls would go: never signed, so its upload fails with the refusal. */
const refusedKey = (fileId: string) => `refused/${fileId.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** A kind the file's announced type belongs to, for messages about it. */
function kindOf(type: string): MediaKind | null {
  return MEDIA_KINDS.find((k) => ACCEPTED_TYPES[k].includes(type)) ?? null;
}

export function createUploader(options: UploaderOptions): MediaUppy {
  const { scope, kinds, messages } = options;
  const allowedFileTypes = kinds.flatMap((k) => ACCEPTED_TYPES[k]);
  const uppy: MediaUppy = new Uppy<MediaMeta, MediaBody>({
    id: options.id,
    autoProceed: false,
    // Uppy logs every failed file as a console error; a refusal is expected and shown on the page.
    logger: { debug: () => undefined, warn: (...args: unknown[]) => console.warn('[Uppy]', ...args), error: (...args: unknown[]) => console.warn('[Uppy]', ...args) },
    ...(options.locale ? { locale: options.locale } : {}),
    restrictions: {
      allowedFileTypes,
      maxFileSize: Math.max(...kinds.map((k) => MAX_BYTES[k])),
      maxNumberOfFiles: options.maxFiles ?? null,
    },
    // Each kind has its own limit: refuse before anything is sent, saying which.
    onBeforeFileAdded: (file) => {
      const type = file.type ?? '';
      const problem = uploadProblem(type, file.size ?? 0, kinds);
      if (problem) {
        uppy.info(messages.problem(problem, kindOf(type)), 'error', 8000);
        return false;
      }
      return true;
    },
  });

  uppy.use(AwsS3<MediaMeta, MediaBody>, {
    id: 'AwsS3',
    shouldUseMultipart: (file) => usesMultipart(file.size ?? 0),
    getChunkSize: (file) => partSizeFor(file.size),
    limit: 3,
    generateObjectKey: (file) => file.meta.mediaKey ?? refusedKey(file.id),
    signRequest: async (request) => {
      const mediaId = mediaIdOfKey(request.key);
      if (!mediaId) {
        const file = uppy.getFiles().find((f) => refusedKey(f.id) === request.key);
        throw new Error(file?.meta.refused ?? messages.network());
      }
      return signMediaCall({ mediaId, scope, request }, messages.network());
    },
  });
  // Its IndexedDB store keeps files up to 10 MiB by default (its typings name only name/version, but
  // the store takes its limits from the same object): media files are larger, so keep up to a video's.
  const indexedDB = { name: 'uppy-blobs', maxFileSize: MAX_BYTES.video, maxTotalSize: MAX_BYTES.video };
  const retriever = { id: 'GoldenRetriever', indexedDB };
  if (options.restore !== false) uppy.use(GoldenRetriever, retriever);

  // Before uploading: the app checks each file and makes its item; a restored file keeps its own.
  uppy.addPreProcessor(async (fileIDs) => {
    for (const id of fileIDs) {
      const file = uppy.getFile(id);
      if (!file || file.meta.mediaKey) continue;
      try {
        const started = await startMediaUpload(
          {
            fileName: file.name ?? 'file',
            contentType: file.type ?? '',
            size: file.size ?? 0,
            kinds: [...kinds],
            scope,
            ...(options.review ? { review: true } : {}),
            ...(options.visibility ? { visibility: options.visibility } : {}),
            ...(file.meta.trim ? { trim: file.meta.trim } : {}),
          },
          messages.network(file.name),
        );
        uppy.setFileMeta(id, { mediaId: started.mediaId, mediaKey: started.key, refused: undefined });
      } catch (e) {
        const message = e instanceof UploadApiError ? e.message : messages.network(file.name);
        uppy.setFileMeta(id, { refused: message });
        options.onRefused?.(message, uppy.getFile(id));
      }
    }
  });

  // After uploading: the app checks what storage holds and queues processing.
  uppy.addPostProcessor(async (fileIDs) => {
    for (const id of fileIDs) {
      const file = uppy.getFile(id);
      if (!file?.meta.mediaId || file.meta.finished || !file.progress.uploadComplete) continue;
      try {
        const { item } = await finishMediaUpload(file.meta.mediaId, scope, messages.network(file.name));
        uppy.setFileMeta(id, { finished: true });
        options.onFinished?.(item, uppy.getFile(id));
      } catch (e) {
        const message = e instanceof UploadApiError ? e.message : messages.network(file.name);
        uppy.emit('upload-error', uppy.getFile(id), new Error(message));
        options.onRefused?.(message, uppy.getFile(id));
      }
    }
  });

  // A file removed before it was accepted leaves nothing behind (its parts, its item).
  uppy.on('file-removed', (file) => {
    const { mediaId, finished } = file.meta;
    if (!mediaId || finished) return;
    const uploadId = (file as { s3Multipart?: { uploadId?: string } }).s3Multipart?.uploadId;
    abortMediaUpload(mediaId, scope, uploadId, messages.network(file.name)).catch(() => undefined);
  });

  return uppy;
}

/** Sizes a screen names in its rules: the threshold above which uploads go in parts. */
export const RESUMABLE_FROM_BYTES = MULTIPART_THRESHOLD_BYTES;
