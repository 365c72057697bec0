/**
 * Starting, stopping and following a room's recording (docs/decisions/0030). Two ways to record,
 * decided by the deployment: LiveKit Egress (LIVEKIT_EGRESS=on: the server starts a room composite
 * to MP4 + HLS, signed webhooks move it along), or the browser of the organizer (no egress: the
 * server keeps the state, the browser records and uploads through the media pipeline).
 *
 * Every change is also written to the LiveKit room's metadata, so everyone in the room learns it
 * without asking (the indicator), best-effort: the state itself lives in the table.
 */
import type { Tenant } from '#app/lib/config/tenant';
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import { roleOf, isStaff, type EventUser } from '#app/lib/events/permissions';
import type { MediaItem } from '#app/lib/media/model';
import { isActive, type Recording, type RecordingState, type RoomRecordingMeta } from '#app/lib/recording/model';
import type { RecordingChange } from '../data/recordings.server';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaFolder } from '#server/media/index.server';
import type { MediaQueue } from '#server/media/index.server';
import type { VideoService } from '#server/platform/video.server';
import type { RecordingServices } from './services.server';
import { keepLiveCaptions } from '#server/speech/index.server';
import { log } from '#server/observability/log.server';

export interface RecordingContext {
  tenant: Pick<Tenant, 'id' | 'video'>;
  data: TenantData;
  services: { video: Pick<VideoService, 'setRoomMetadata' | 'config'>; recording: RecordingServices; mediaQueue: MediaQueue | null };
}

/** Why a start or stop was refused: the API answers each with its status. */
export type RecordingRefusal = 'disabled' | 'forbidden' | 'notOpen' | 'busy' | 'notFound' | 'conflict' | 'unavailable';
export class RecordingError extends Error {
  constructor(readonly code: RecordingRefusal, message?: string) {
    super(message ?? code);
    this.name = 'RecordingError';
  }
}
export const isRecordingError = (e: unknown): e is RecordingError => e instanceof Error && e.name === 'RecordingError';

export const recordingMode = (ctx: Pick<RecordingContext, 'services'>) => (ctx.services.recording.egress.enabled ? 'egress' : 'browser');

/** Where a cloud recording's HLS segments go, beside the item's files. */
export const egressHlsFolder = (mediaId: string) => `${mediaFolder(mediaId)}/egress-hls`;

/** Tells everyone in the room the recording's state (best-effort: the table holds the truth). */
export async function announce(ctx: RecordingContext, event: EventRecord, recording: Pick<Recording, 'status' | 'mode'> | null): Promise<void> {
  const meta: RoomRecordingMeta = { recording: recording ? { status: recording.status, mode: recording.mode } : null };
  try {
    await ctx.services.video.setRoomMetadata(ctx.tenant, event, JSON.stringify(meta));
  } catch (e) {
    log.warn(`[recording] room metadata not updated for ${event.eventId}: ${(e as Error).message}`);
  }
}

async function move(ctx: RecordingContext, event: EventRecord, recordingId: string, change: RecordingChange): Promise<Recording | null> {
  const moved = await ctx.data.recordings.move(event.eventId, recordingId, change);
  if (moved) await announce(ctx, event, moved);
  return moved;
}

/** The item an egress recording becomes: the MP4 is written straight to its original key. */
async function recordingItem(ctx: RecordingContext, event: EventRecord, destination: Recording['destination']): Promise<MediaItem> {
  return ctx.data.media.create({
    kind: 'video',
    ownerId: event.organizerId,
    ownerName: event.organizerName,
    title: event.title,
    visibility: destination === 'cloud' ? 'tenant' : 'private',
    original: { fileName: `${event.title}.mp4`, contentType: 'video/mp4', bytes: 0, extension: 'mp4' },
    origin: 'recording',
    eventId: event.eventId,
    // Made as the egress starts: its first frame is now (the replay of chat and questions counts from it).
    startedAt: new Date().toISOString(),
  });
}

/**
 * Starts recording the event's room. `who` is the user (organizer or host; in browser mode the
 * organizer, whose browser records) or null (the server itself: the event went live). `auto`
 * marks the event's automatic start (enableRecording cloud), made once per event.
 */
export async function startRecording(
  ctx: RecordingContext,
  event: EventRecord,
  who: EventUser | null,
  { auto = false, now = Date.now() }: { auto?: boolean; now?: number } = {},
): Promise<Recording> {
  if (event.enableRecording !== 'cloud') throw new RecordingError('disabled');
  const mode = recordingMode(ctx);
  if (who) {
    const role = roleOf(event, who);
    if (!isStaff(role)) throw new RecordingError('forbidden');
    if (mode === 'browser' && role !== 'organizer') throw new RecordingError('forbidden');
  }
  const status = eventStatus(event, now);
  if (status !== 'open' && status !== 'live') throw new RecordingError('notOpen');
  const recording = await ctx.data.recordings.create({
    eventId: event.eventId,
    mode,
    destination: event.recordingDestination,
    startedBy: who ? who.sub : 'auto',
    ...(auto ? { auto: true } : {}),
  });
  if (!recording) throw new RecordingError('busy');

  if (mode === 'browser') {
    // The browser starts its recorder as soon as it has this answer; it reports a failure with 'fail'.
    return (await move(ctx, event, recording.id, { status: 'recording' })) ?? recording;
  }
  const item = await recordingItem(ctx, event, recording.destination);
  try {
    const info = await ctx.services.recording.egress.startRecording(ctx.tenant, event.channelName, {
      mp4Key: ctx.data.files.objectKey(item.original.key),
      hlsPrefix: ctx.data.files.objectKey(`${egressHlsFolder(item.id)}/segment`),
      playlistName: ctx.data.files.objectKey(`${egressHlsFolder(item.id)}/index.m3u8`),
    });
    return (await move(ctx, event, recording.id, { status: 'starting', egressId: info.egressId, mediaId: item.id })) ?? recording;
  } catch (e) {
    log.warn(`[recording] egress start failed for ${event.eventId}: ${(e as Error).message}`);
    await ctx.data.media.delete(item.id);
    await move(ctx, event, recording.id, { status: 'failed', failure: 'egressUnavailable', endedAt: new Date().toISOString() });
    throw new RecordingError('unavailable', (e as Error).message);
  }
}

/** Stops the event's recording (organizer or host). */
export async function stopRecording(ctx: RecordingContext, event: EventRecord, user: EventUser, recordingId: string): Promise<Recording> {
  if (!isStaff(roleOf(event, user))) throw new RecordingError('forbidden');
  const recording = await ctx.data.recordings.get(event.eventId, recordingId);
  if (!recording) throw new RecordingError('notFound');
  if (!isActive(recording.status) || recording.status === 'stopping') return recording;
  const stopping = await move(ctx, event, recording.id, { status: 'stopping', endedAt: new Date().toISOString() });
  if (!stopping) throw new RecordingError('conflict');
  if (recording.mode === 'egress' && recording.egressId) {
    try {
      await ctx.services.recording.egress.stop(ctx.tenant, recording.egressId);
    } catch (e) {
      // Still stopping: the egress_ended webhook finishes it; a second stop tries again.
      log.warn(`[recording] egress stop failed for ${event.eventId}: ${(e as Error).message}`);
      throw new RecordingError('unavailable', (e as Error).message);
    }
  }
  return stopping;
}

/**
 * Browser mode: the organizer's upload of the recording finished (/api/media/upload/finish queued
 * it): the recording now waits for the media pipeline. The item must be this event's recording
 * and the caller's own upload.
 */
export async function attachUpload(ctx: RecordingContext, event: EventRecord, user: EventUser, recordingId: string, mediaId: string): Promise<Recording> {
  const recording = await ctx.data.recordings.get(event.eventId, recordingId);
  if (!recording || recording.mode !== 'browser') throw new RecordingError('notFound');
  const item = await ctx.data.media.get(mediaId);
  if (!item || item.eventId !== event.eventId || item.origin !== 'recording' || item.ownerId !== user.sub) throw new RecordingError('notFound');
  if (recording.status === 'processing' && recording.mediaId === mediaId) return recording;
  const moved =
    (await move(ctx, event, recording.id, { status: 'stopping', endedAt: recording.endedAt ?? new Date().toISOString() }).then(() =>
      move(ctx, event, recording.id, { status: 'processing', mediaId }),
    )) ?? null;
  if (!moved) throw new RecordingError('conflict');
  // The room's live captions of the recorded span become the item's captions track (docs/decisions/0048).
  await keepLiveCaptions(ctx.data, item, moved.endedAt);
  return moved;
}

/** Browser mode: the organizer's recorder could not start or its file could not be uploaded. */
export async function failRecording(ctx: RecordingContext, event: EventRecord, user: EventUser, recordingId: string): Promise<Recording> {
  if (!isStaff(roleOf(event, user))) throw new RecordingError('forbidden');
  const recording = await ctx.data.recordings.get(event.eventId, recordingId);
  if (!recording || recording.mode !== 'browser') throw new RecordingError('notFound');
  const moved = await move(ctx, event, recording.id, { status: 'failed', failure: 'browser', endedAt: recording.endedAt ?? new Date().toISOString() });
  if (!moved) throw new RecordingError('conflict');
  return moved;
}

/** A processing recording follows its media item: ready when the item is, failed when it failed. */
export async function followMedia(ctx: RecordingContext, event: EventRecord, recording: Recording): Promise<Recording> {
  if (recording.status !== 'processing' || !recording.mediaId) return recording;
  const item = await ctx.data.media.get(recording.mediaId);
  if (!item) return (await move(ctx, event, recording.id, { status: 'failed', failure: 'mediaGone' })) ?? recording;
  if (item.status === 'ready' || item.status === 'published') return (await move(ctx, event, recording.id, { status: 'ready' })) ?? recording;
  if (item.status === 'failed') return (await move(ctx, event, recording.id, { status: 'failed', failure: item.failure ?? 'processing' })) ?? recording;
  return recording;
}

/**
 * What the room shows about recording, for this user. In egress mode the server itself makes the
 * automatic start once the event is live. In browser mode nothing starts by itself: recording
 * loads the organizer's own browser beside their call, so they start it (docs/decisions/0030).
 */
export async function recordingState(ctx: RecordingContext, event: EventRecord, user: EventUser, now = Date.now()): Promise<RecordingState> {
  const mode = recordingMode(ctx);
  const role = roleOf(event, user);
  const enabled = event.enableRecording === 'cloud';
  const live = eventStatus(event, now) === 'live';
  if (enabled && live && mode === 'egress' && !(await ctx.data.recordings.autoStarted(event.eventId))) {
    try {
      await startRecording(ctx, event, null, { auto: true, now });
    } catch (e) {
      if (!isRecordingError(e)) throw e;
    }
  }
  let [current] = await ctx.data.recordings.list(event.eventId, 1);
  if (current) current = await followMedia(ctx, event, current);
  const state: RecordingState = {
    mode,
    enabled,
    destination: event.recordingDestination,
    current: current ? { id: current.id, mode: current.mode, status: current.status, startedAt: current.startedAt, endedAt: current.endedAt, destination: current.destination } : null,
    canControl: enabled && isStaff(role),
    canStart: enabled && (role === 'organizer' || (mode === 'egress' && role === 'host')),
  };
  if (role === 'organizer') {
    const download = (await ctx.data.recordings.list(event.eventId, 10)).find((r) => r.destination === 'download' && r.mediaId);
    state.download = download?.mediaId ? { mediaId: download.mediaId, status: download.status } : null;
  }
  return state;
}
