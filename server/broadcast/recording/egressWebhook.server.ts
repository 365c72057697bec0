/**
 * LiveKit's signed egress webhooks (egress_started, egress_updated, egress_ended) for a tenant's
 * event, after server/broadcast/livekitWebhook.server.ts verified the signature and the room's owner.
 * They drive the recording's state; on a completed egress the MP4 already sits at the media item's
 * original key, so the item is handed to the media pipeline like a finished upload. A restream
 * egress that ends clears the event's restream. The room's live captions of the recorded span
 * become the item's captions track (docs/decisions/0048).
 */
import { EgressStatus, type EgressInfo } from 'livekit-server-sdk';
import type { EventRecord } from '#app/lib/events/model';
import type { Recording, RecordingStatus } from '#app/lib/recording/model';
import { canMove } from '#app/lib/recording/model';
import { startProcessing } from '#server/media/index.server';
import { keepLiveCaptions } from '#server/speech/index.server';
import { announce, type RecordingContext } from './recorder.server';

export interface EgressWebhookAnswer {
  status: number;
  message: string;
}

/** The path a recording walks forward; a webhook may skip states another webhook never sent. */
const FORWARD: readonly RecordingStatus[] = ['starting', 'recording', 'stopping', 'processing'];

async function advance(ctx: RecordingContext, event: EventRecord, recording: Recording, target: RecordingStatus, extra: { endedAt?: string; failure?: string } = {}): Promise<Recording | null> {
  let current: Recording | null = recording;
  if (target !== 'failed') {
    const from = FORWARD.indexOf(recording.status);
    const to = FORWARD.indexOf(target);
    if (from < 0 || to < 0 || to < from) return null;
    for (const step of FORWARD.slice(from + 1, to + 1)) {
      if (!current) return null;
      current = await ctx.data.recordings.move(event.eventId, recording.id, { status: step, ...(step === 'stopping' || step === 'processing' ? extra : {}) });
    }
  } else if (canMove(recording.status, 'failed')) {
    current = await ctx.data.recordings.move(event.eventId, recording.id, { status: 'failed', ...extra });
  } else return null;
  if (current) await announce(ctx, event, current);
  return current;
}

const secondsIso = (ns: bigint | number | undefined) => {
  const n = Number(ns ?? 0);
  // LiveKit's egress times are nanoseconds since the epoch.
  return new Date(n > 0 ? Math.floor(n / 1e6) : Date.now()).toISOString();
};

/** The MP4 is in storage: the item takes its real size and goes to the media workers. */
async function hand(ctx: RecordingContext, recording: Recording): Promise<string | null> {
  if (!recording.mediaId) return 'noMedia';
  const item = await ctx.data.media.get(recording.mediaId);
  if (!item) return 'mediaGone';
  if (item.status !== 'uploading') return null;
  const stored = await ctx.data.files.stat(item.original.key);
  if (!stored || stored.bytes === 0) {
    await ctx.data.media.setStatus(item.id, { status: 'failed', failure: 'The recording file was not found in storage.' }, 'uploading');
    return 'noFile';
  }
  const sized = await ctx.data.media.setStatus(item.id, { status: 'uploading', original: { ...item.original, bytes: stored.bytes } }, 'uploading');
  if (!sized) return null;
  await ctx.data.media.addUsage(item.ownerId, stored.bytes);
  const started = await startProcessing(ctx.data.media, ctx.services.mediaQueue, ctx.tenant.id, sized, 'uploading');
  if (started.state === 'unavailable') {
    await ctx.data.media.setStatus(item.id, { status: 'failed', failure: 'Media processing is unavailable; retry it from the library.' }, 'uploading');
  }
  return null;
}

export async function receiveEgressWebhook(ctx: RecordingContext, event: EventRecord, kind: string, info: EgressInfo | undefined): Promise<EgressWebhookAnswer> {
  if (!info?.egressId) return { status: 400, message: 'The webhook names no egress.' };
  const recordings = await ctx.data.recordings.list(event.eventId);
  const recording = recordings.find((r) => r.egressId === info.egressId);
  if (!recording) {
    const restream = await ctx.data.recordings.restreamLive(event.eventId);
    if (restream?.egressId === info.egressId && kind === 'egress_ended') {
      await ctx.data.recordings.setRestreamLive(event.eventId, null);
      return { status: 200, message: 'restream ended' };
    }
    return { status: 200, message: 'ignored: not a recording of this event' };
  }

  const failed = info.status === EgressStatus.EGRESS_FAILED || info.status === EgressStatus.EGRESS_ABORTED;
  if (failed) {
    const moved = await advance(ctx, event, recording, 'failed', { endedAt: secondsIso(info.endedAt), failure: info.error || 'egress' });
    if (moved && recording.mediaId) await ctx.data.media.setStatus(recording.mediaId, { status: 'failed', failure: info.error || 'The recording failed.' }, 'uploading');
    return { status: 200, message: moved ? 'failed' : 'unchanged' };
  }
  if (kind === 'egress_ended' || info.status === EgressStatus.EGRESS_COMPLETE || info.status === EgressStatus.EGRESS_LIMIT_REACHED) {
    if (recording.status === 'processing' || recording.status === 'ready' || recording.status === 'failed') return { status: 200, message: 'unchanged' };
    const problem = await hand(ctx, recording);
    if (problem) {
      await advance(ctx, event, recording, 'failed', { endedAt: secondsIso(info.endedAt), failure: problem });
      return { status: 200, message: `failed: ${problem}` };
    }
    await advance(ctx, event, recording, 'processing', { endedAt: secondsIso(info.endedAt) });
    const item = recording.mediaId ? await ctx.data.media.get(recording.mediaId) : null;
    if (item) await keepLiveCaptions(ctx.data, item, secondsIso(info.endedAt));
    return { status: 200, message: 'processing' };
  }
  if (info.status === EgressStatus.EGRESS_ENDING) {
    const moved = await advance(ctx, event, recording, 'stopping', { endedAt: secondsIso(info.updatedAt) });
    return { status: 200, message: moved ? 'stopping' : 'unchanged' };
  }
  if (info.status === EgressStatus.EGRESS_ACTIVE || kind === 'egress_started') {
    const moved = await advance(ctx, event, recording, 'recording');
    return { status: 200, message: moved ? 'recording' : 'unchanged' };
  }
  return { status: 200, message: 'unchanged' };
}
