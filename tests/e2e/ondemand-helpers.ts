/**
 * Fixtures of the on-demand browser tests: an event's recording made the way the recording part
 * leaves one (an item with origin recording, the event's id and its start time; the original
 * in storage; the stack's own media worker cuts it), and the event's chat written through the
 * chat repository the app uses, with the times a test needs.
 */
import { readFile } from 'node:fs/promises';
import type { MediaItem, MediaVisibility } from '#app/lib/media/model';
import { formatMsgId } from '#app/lib/chat/protocol';
import { ChatRepository } from '#server/chat/data/repository.server';
import { draft } from '#tests/support/chat';
import { e2eStores } from './library-helpers';
import type { PipelineStack } from './pipeline-helpers';

export interface RecordingSpec {
  eventId: string;
  owner: { sub: string; name: string };
  title: string;
  /** An MP4 made with ffmpeg (tests/support/mediaFiles.ts). */
  path: string;
  startedAt: string;
  visibility?: MediaVisibility;
}

/** Stores the recording's original and queues it for the stack's worker; the item is processing. */
export async function queueRecording(stack: PipelineStack, tenant: string, spec: RecordingSpec): Promise<MediaItem> {
  const data = stack.tenant(tenant);
  const bytes = await readFile(spec.path);
  const item = await data.media.create({
    kind: 'video',
    ownerId: spec.owner.sub,
    ownerName: spec.owner.name,
    title: spec.title,
    visibility: spec.visibility ?? 'tenant',
    origin: 'recording',
    eventId: spec.eventId,
    startedAt: spec.startedAt,
    original: { fileName: 'recording.mp4', contentType: 'video/mp4', bytes: bytes.length, extension: 'mp4' },
  });
  await data.files.put({ key: item.original.key, body: bytes, contentType: 'video/mp4' });
  const processing = await data.media.setStatus(item.id, { status: 'processing', progress: 0 }, 'uploading');
  if (!processing) throw new Error(`recording ${item.id} did not move to processing`);
  await stack.queue.enqueue({ tenantId: stack.tenantId(tenant), scope: 'tenant', mediaId: item.id, kind: 'video' });
  return processing;
}

export interface ChatLine {
  text: string;
  /** Seconds after the recording's start. */
  at: number;
  name?: string;
  /** A raised-hand question, answered this many seconds after the start (or never). */
  question?: { answeredAt?: number };
}

/** Writes the lines as public chat messages of the event at their times; questions are answered at theirs. */
export async function writeChat(tenantId: Parameters<ChatRepository['postMessage']>[0], eventId: string, startMs: number, lines: ChatLine[]): Promise<void> {
  const repo = new ChatRepository(e2eStores().db);
  const iso = (seconds: number) => new Date(startMs + seconds * 1000).toISOString();
  for (const line of lines) {
    const change = await repo.postMessage(
      tenantId,
      eventId,
      draft(`u-${line.name ?? 'guest'}`, line.text, { chatDisplayName: line.name ?? 'Guest', createdAt: iso(line.at), showHandQuestion: Boolean(line.question) }),
    );
    if (line.question?.answeredAt !== undefined && change) {
      await repo.answer(tenantId, eventId, formatMsgId(change.event.seq), true, new Date(iso(line.question.answeredAt)));
    }
  }
}
