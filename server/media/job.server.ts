/**
 * One media job, start to end: read the item, download its original into a fresh work folder, run
 * the kind's processor, store what it derives under the item's folder, and move the item to ready
 * (or pending_review when it was sent for review) or failed with a reason.
 *
 * Idempotent: the same keys are written on every run, and only an item in status processing is
 * worked on, so a job run twice (a worker killed mid-job, its job taken over) ends the same.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaFailure } from '#app/lib/media/failures';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { mediaFolder } from './data/media.server';
import { tenantData } from '../data/tenantData.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { processAudio } from './audio.server';
import { processDocument } from './document.server';
import { isProcessingError } from '#server/platform/media/failures.server';
import { processImage } from './image.server';
import { downloadToFile, uploadFromFile } from './objects.server';
import type { Processor, StoreDerived } from './processor.server';
import { processVideo } from './video.server';
import { emitWebhook } from '#server/webhooks/index.server';

export const PROCESSORS: Record<MediaKind, Processor> = { image: processImage, video: processVideo, audio: processAudio, document: processDocument };

export interface JobStores {
  db: Database;
  storage: Storage;
}

export interface RunJobOptions {
  /** Whether a passing error may still be retried (false on the last attempt: the item then fails). */
  willRetry: boolean;
  /** Also told of each progress step (the worker forwards it to BullMQ). */
  onProgress?: (percent: number) => void;
  /** Folder for work folders (default: the OS temp folder). */
  tmpRoot?: string;
}

export type JobOutcome = { state: 'done'; item: MediaItem } | { state: 'failed'; failure: MediaFailure } | { state: 'skipped'; reason: string };

/** Writes progress at most every 5 points or 2 s, one write at a time, only while the item is processing. */
function progressWriter(write: (percent: number) => Promise<unknown>) {
  let last = -1;
  let lastAt = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      if (percent <= last || (percent - last < 5 && Date.now() - lastAt < 2000)) return;
      last = percent;
      lastAt = Date.now();
      chain = chain.then(() => write(percent)).catch(() => undefined);
    },
    settled: () => chain,
  };
}

/** media.ready for every item, recording.ready too for a room's recording or a kept broadcast (docs/decisions/0088). */
async function emitReady(data: ReturnType<typeof tenantData>, item: MediaItem) {
  const fields = { mediaId: item.id, kind: item.kind, title: item.title, ownerId: item.ownerId, visibility: item.visibility, origin: item.origin ?? 'upload', ...(item.eventId ? { eventId: item.eventId } : {}), createdAt: item.createdAt };
  await emitWebhook(data, 'media.ready', fields);
  if (item.origin === 'recording' || item.origin === 'broadcast') await emitWebhook(data, 'recording.ready', { ...fields, ...(item.startedAt ? { startedAt: item.startedAt } : {}) });
}

export async function runMediaJob(stores: JobStores, tenantId: TenantId, mediaId: string, options: RunJobOptions): Promise<JobOutcome> {
  const media = tenantData(stores, tenantId).media;
  const item = await media.get(mediaId);
  if (!item) return { state: 'skipped', reason: 'the item is gone' };
  if (item.status !== 'processing') return { state: 'skipped', reason: `the item is ${item.status}` };

  const workDir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), `media-${mediaId}-`));
  const progress = progressWriter(async (percent) => {
    options.onProgress?.(percent);
    await media.setStatus(mediaId, { status: 'processing', progress: percent }, 'processing');
  });
  try {
    const originalPath = join(workDir, `original${extname(item.original.key)}`);
    await downloadToFile(stores.storage, tenantId, item.original.key, originalPath);
    const folder = mediaFolder(mediaId);
    const store: StoreDerived = async (relativeKey, path, contentType, size) => {
      const key = `${folder}/${relativeKey}`;
      const bytes = await uploadFromFile(stores.storage, tenantId, key, path, contentType);
      return { key, contentType, bytes, ...(size ?? {}) };
    };
    const output = await PROCESSORS[item.kind]({
      originalPath,
      contentType: item.original.contentType,
      workDir,
      store,
      progress: (f) => progress.report(f),
      ...(item.trim ? { trim: item.trim } : {}),
    });
    let original: MediaItem['original'] | undefined;
    if (output.cleanedOriginal) {
      const bytes = await uploadFromFile(stores.storage, tenantId, item.original.key, output.cleanedOriginal.path, output.cleanedOriginal.contentType);
      original = { ...item.original, bytes };
    }
    await progress.settled();
    const done = await media.setStatus(
      mediaId,
      { status: item.review?.requested ? 'pending_review' : 'ready', progress: 100, derived: output.derived, ...(original ? { original } : {}) },
      'processing',
    );
    options.onProgress?.(100);
    if (!done) return { state: 'skipped', reason: 'the item changed while it was processed' };
    // Quotas count what is stored. Only the run whose status change went through adjusts them,
    // so a job run twice counts the difference once.
    if (original && original.bytes !== item.original.bytes) await media.addUsage(item.ownerId, original.bytes - item.original.bytes);
    if (done.status === 'ready') await emitReady(tenantData(stores, tenantId), done);
    return { state: 'done', item: done };
  } catch (e) {
    await progress.settled();
    if (isProcessingError(e) || !options.willRetry) {
      const failure: MediaFailure = isProcessingError(e) ? e.code : 'processing_error';
      await media.setStatus(mediaId, { status: 'failed', failure }, 'processing');
      if (!isProcessingError(e)) throw e;
      return { state: 'failed', failure };
    }
    throw e;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
