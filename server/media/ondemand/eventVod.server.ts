/**
 * A past event's recording (/eventVod; docs/decisions/0032): the event's VOD, its chapters and
 * its chat replay, or the state that stands in for it.
 *
 * The VOD is the newest video of the event with origin recording or broadcast that is finished
 * and that the viewer may see (the media access rule). Chapters are the event's answered
 * questions at the time each was marked answered; the replay is every public message at the
 * time it was sent; both count from the recording's start (`startedAt`, else its creation).
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { EventRecord } from '#app/lib/events/model';
import { eventStatus } from '#app/lib/events/model';
import { flagsOf, isStaff, roleOf } from '#app/lib/events/permissions';
import type { MediaItem } from '#app/lib/media/model';
import { isFinished } from '#app/lib/media/sharing';
import type { MediaView } from '#app/lib/media/view';
import { chaptersFrom, offsetSeconds, withinRecording, type Chapter, type ReplayMessage } from '#app/lib/ondemand/replay';
import type { ReplayRecord } from '#server/chat/index.server';
import type { TenantData } from '#server/data/tenantData.server';
import { canManageMedia, mediaAccess } from '../access.server';
import { mediaView } from '../view.server';

/** Why an event has no recording to show, told to its organizer and hosts. */
export type NoRecordingReason = 'notOver' | 'recordingOff' | 'downloadOnly' | 'failed' | 'notRecorded';

export type EventVodState =
  | { state: 'ready'; view: MediaView; chapters: Chapter[]; messages: ReplayMessage[]; chat: 'shown' | 'signIn' | 'blocked' }
  | { state: 'processing'; progress: number | null }
  | { state: 'none'; reason: NoRecordingReason | null }
  | { state: 'notAllowed'; signedIn: boolean };

const RECORDED_ORIGINS: ReadonlySet<MediaItem['origin']> = new Set(['recording', 'broadcast']);

/** The event's recordings and kept broadcasts (video), newest first. */
export const recordingsOf = (items: readonly MediaItem[]) => items.filter((item) => item.kind === 'video' && RECORDED_ORIGINS.has(item.origin));

/** When the recording's timeline begins, in ms. */
export const recordingStartMs = (item: MediaItem) => Date.parse(item.startedAt ?? item.createdAt);

/** Chapters and replayed messages of one recording, from the event's public chat. */
export function replayOf(item: MediaItem, records: readonly ReplayRecord[]): { chapters: Chapter[]; messages: ReplayMessage[] } {
  const start = recordingStartMs(item);
  const duration = item.derived.durationSeconds ?? null;
  const answered = records
    .filter((r) => r.message.showHandQuestion && r.message.questionAnswered)
    .map((r) => ({ at: offsetSeconds(start, r.answeredAt), text: r.message.textMessage }));
  const messages: ReplayMessage[] = [];
  for (const { message } of records) {
    const at = offsetSeconds(start, message.createdAt);
    if (at === null || !withinRecording(at, duration)) continue;
    messages.push({
      id: message.msgId,
      at,
      name: message.chatDisplayName,
      avatarColor: message.avatarBgColor,
      text: message.textMessage,
      files: message.chatImageUrls.length + message.attachmentUrls.length,
      question: message.showHandQuestion,
    });
  }
  messages.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  return { chapters: chaptersFrom(answered, duration), messages };
}

/** Why there is nothing to play, as the organizer and hosts are told. */
export function noRecordingReason(event: EventRecord, recordings: readonly MediaItem[], now: number): NoRecordingReason {
  const status = eventStatus(event, now);
  if (status === 'scheduled' || status === 'open' || status === 'live') return 'notOver';
  if (recordings.some((item) => item.status === 'failed')) return 'failed';
  if (event.enableRecording === 'off') return 'recordingOff';
  if (event.recordingDestination === 'download') return 'downloadOnly';
  return 'notRecorded';
}

/** The state of the event's recording for this viewer. */
export async function eventVodState(data: TenantData, event: EventRecord, viewer: SessionUser | null, now = Date.now()): Promise<EventVodState> {
  const recordings = recordingsOf(await data.media.forEvent(event.eventId));
  const access = mediaAccess(data, viewer);
  const [playable] = await access.visible(recordings.filter(isFinished));
  if (playable) {
    const view = await mediaView(data.files, playable, { canManage: canManageMedia(viewer, playable) });
    if (!viewer) return { state: 'ready', view, chapters: [], messages: [], chat: 'signIn' };
    if (flagsOf(event, viewer).isUserBlocked) return { state: 'ready', view, chapters: [], messages: [], chat: 'blocked' };
    return { state: 'ready', view, ...replayOf(playable, await data.chatReplay.messages(event.eventId)), chat: 'shown' };
  }
  // Finished, but not for this viewer (private, or members only and signed out).
  if (recordings.some(isFinished)) return { state: 'notAllowed', signedIn: viewer !== null };
  // Still being made: shown to whoever may see it once finished.
  const [inProgress] = await access.visible(recordings.filter((item) => item.status === 'uploading' || item.status === 'processing').map((item) => ({ ...item, status: 'ready' as const })));
  if (inProgress) return { state: 'processing', progress: inProgress.progress ?? null };
  const staff = viewer !== null && isStaff(roleOf(event, viewer));
  return { state: 'none', reason: staff ? noRecordingReason(event, recordings, now) : null };
}
