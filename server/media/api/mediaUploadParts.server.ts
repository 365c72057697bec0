/**
 * The multipart side of an upload (docs/decisions/0060): every S3 multipart upload the browser
 * opens for an item is recorded on it before anything is signed for it (at most MAX_UPLOAD_IDS,
 * and a new one ends the older ones), so whoever ends the upload (finish, abort, a refusal, the
 * sweeper) aborts them all; and the parts storage holds are checked before completion is signed:
 * exactly parts 1…n, each of the length the announced size gives (partBytesFor).
 */
import type { MediaItem } from '#app/lib/media/model';
import { partBytesFor, partCountFor, type UploadedPart } from '#app/lib/media/uploadApi';
import type { TenantData } from '#server/data/tenantData.server';

/** Multipart uploads one item may open: the uploader opens one, and a new one after a failed start. */
export const MAX_UPLOAD_IDS = 5;

type UploadData = Pick<TenantData, 'media' | 'files'>;

/**
 * Records `uploadId` on the item (false when it may not have another); a new one ends the item's
 * other multipart uploads, so one item never holds more than one file's parts for long.
 */
export async function admitUploadId(data: UploadData, item: MediaItem, uploadId: string): Promise<boolean> {
  const registered = await data.media.registerUploadId(item.id, uploadId, MAX_UPLOAD_IDS);
  if (!registered) return false;
  if (registered.added) {
    for (const other of registered.ids) if (other !== uploadId) await data.files.abortMultipart(item.original.key, other);
  }
  return true;
}

/** Aborts every multipart upload opened for the item (and `also`); a completed or aborted one is already gone. */
export async function abortItemUploads(data: UploadData, item: MediaItem, also?: string): Promise<void> {
  const ids = new Set(await data.media.uploadIds(item.id));
  if (also) ids.add(also);
  for (const id of ids) await data.files.abortMultipart(item.original.key, id);
}

/** Whether the stored parts are exactly those of a file of `bytes`: parts 1…n, each of its exact length. */
export function partsMatch(parts: readonly UploadedPart[], bytes: number): boolean {
  if (parts.length !== partCountFor(bytes)) return false;
  const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
  return sorted.every((part, i) => part.PartNumber === i + 1 && part.Size === partBytesFor(bytes, i + 1));
}
