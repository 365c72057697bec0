/**
 * Hands an item to the media workers: moves it to processing (only from the status the caller
 * expects), then enqueues its job. If the queue cannot take it the item goes back to where it was,
 * so nothing waits for a job that does not exist. Used by the retry endpoint and by the upload
 * completion (uploading → processing).
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem, MediaStatus } from '#app/lib/media/model';
import type { TenantData } from '../data/tenantData.server';
import type { MediaQueue } from './queue.server';

export type StartProcessingResult =
  /** Queued: the item is processing. */
  | { state: 'started'; item: MediaItem }
  /** No queue configured, or it did not answer: the item is unchanged; say processing is unavailable. */
  | { state: 'unavailable' }
  /** The item was not in `from` (already processing, done, or gone). */
  | { state: 'conflict' };

export async function startProcessing(
  media: TenantData['media'],
  queue: MediaQueue | null,
  tenantId: TenantId,
  item: MediaItem,
  from: MediaStatus,
): Promise<StartProcessingResult> {
  if (!queue) return { state: 'unavailable' };
  if (item.status !== from) return { state: 'conflict' };
  const moved = await media.setStatus(item.id, { status: 'processing', progress: 0 }, from);
  if (!moved) return { state: 'conflict' };
  try {
    await queue.enqueue({ tenantId, scope: item.scope, mediaId: item.id, kind: item.kind });
  } catch {
    await media.setStatus(item.id, { status: from, ...(item.failure ? { failure: item.failure } : {}) }, 'processing');
    return { state: 'unavailable' };
  }
  return { state: 'started', item: moved };
}
