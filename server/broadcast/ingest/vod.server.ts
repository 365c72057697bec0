/**
 * Keeps a finished live push as the event's VOD (docs/decisions/0029): the receiver's copy of the
 * source is remuxed to MP4 (no re-encode), stored as the original of a new media item (origin
 * broadcast, eventId set, owned by the event's organizer) and handed to the media pipeline like an
 * upload, so it gets renditions, a poster and its duration. A public event's broadcast is public;
 * a rehearsal's or demo's stays private to its organizer.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem } from '#app/lib/media/model';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import { uploadFromFile } from '#server/media/index.server';
import type { MediaQueue } from '#server/media/index.server';
import { startProcessing } from '#server/media/index.server';
import { FFMPEG, run } from '#server/platform/media/tools.server';
import type { Storage } from '#server/platform/storage.server';

export interface KeepBroadcast {
  stores: DataStores & { storage: Storage };
  queue: MediaQueue | null;
  tenantId: TenantId;
  eventId: string;
  recordingPath: string;
  workDir: string;
  startedAt: Date;
}

/** The new item (processing, or uploading when the queue is down: a retry picks it up), or null when nothing was recorded. */
export async function keepBroadcast(input: KeepBroadcast): Promise<MediaItem | null> {
  const data = tenantData(input.stores, input.tenantId);
  const event = await data.events.get(input.eventId);
  if (!event) return null;
  const mp4 = join(input.workDir, 'broadcast.mp4');
  try {
    await run(FFMPEG, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input.recordingPath, '-map', '0', '-c', 'copy', '-movflags', '+faststart', mp4]);
  } catch {
    // An empty or unreadable recording (a push cut before its first frames): nothing to keep.
    return null;
  }
  const { size } = await stat(mp4);
  const day = input.startedAt.toISOString().slice(0, 16).replace('T', ' ');
  const item = await data.media.create({
    kind: 'video',
    ownerId: event.organizerId,
    ownerName: event.organizerName,
    title: event.title,
    description: `${day} UTC`,
    visibility: event.kind === 'event' ? 'public' : 'private',
    original: { fileName: `broadcast-${input.startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}.mp4`, contentType: 'video/mp4', bytes: size, extension: 'mp4' },
    origin: 'broadcast',
    eventId: input.eventId,
    // The replay of chat and questions on /eventVod is timed from the push's first frame.
    startedAt: input.startedAt.toISOString(),
  });
  await uploadFromFile(input.stores.storage, input.tenantId, item.original.key, mp4, 'video/mp4');
  await data.media.addUsage(item.ownerId, size);
  const started = await startProcessing(data.media, input.queue, input.tenantId, item, 'uploading');
  return started.state === 'started' ? started.item : item;
}
