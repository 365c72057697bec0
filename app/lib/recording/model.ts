/**
 * Room recordings (docs/decisions/0030-recording.md), shared by the browser and the server.
 *
 * One event may be recorded several times (stopped and started again); each recording is made
 * either by LiveKit Egress (mode egress: a room composite to MP4 + HLS in the tenant's storage) or,
 * where no egress service is configured, by the organizer's browser (mode browser: MediaRecorder,
 * uploaded through the media pipeline). Its life:
 *
 *   starting → recording → stopping → processing → ready | failed
 *
 * (failed may also follow any earlier state). At most one recording per event is active
 * (starting, recording or stopping) at a time.
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';

export const RECORDING_RUN_MODES = ['egress', 'browser'] as const;
export type RecordingRunMode = (typeof RECORDING_RUN_MODES)[number];

export const RECORDING_STATUSES = ['starting', 'recording', 'stopping', 'processing', 'ready', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** The states in which the room is (about to be) recorded: the indicator shows, a new start is refused. */
export const ACTIVE_STATUSES: ReadonlySet<RecordingStatus> = new Set(['starting', 'recording', 'stopping']);
export const isActive = (status: RecordingStatus) => ACTIVE_STATUSES.has(status);

/** Which state may follow which; anything else is refused (a late or repeated webhook changes nothing). */
const NEXT: Record<RecordingStatus, readonly RecordingStatus[]> = {
  starting: ['recording', 'stopping', 'failed'],
  recording: ['stopping', 'processing', 'failed'],
  stopping: ['processing', 'failed'],
  processing: ['ready', 'failed'],
  ready: [],
  failed: [],
};
export const canMove = (from: RecordingStatus, to: RecordingStatus) => NEXT[from].includes(to);

export interface Recording {
  id: string;
  eventId: string;
  mode: RecordingRunMode;
  status: RecordingStatus;
  /** Where the finished file goes (the event's recordingDestination when it started). */
  destination: 'cloud' | 'download';
  /** Who started it (user sub), or 'auto' when the event going live started it. */
  startedBy: string;
  startedAt: string;
  endedAt?: string;
  /** The media item the recording becomes (made at start for egress, at upload for browser). */
  mediaId?: string;
  /** LiveKit's egress id (mode egress). */
  egressId?: string;
  /** Why it failed, in words for the organizer. */
  failure?: string;
  updatedAt: string;
}

export const recordingIdSchema = z.string().regex(/^[a-z0-9]{16}$/);

/** What the room asks and shows (GET /api/recording?event=). */
export interface RecordingState {
  /** How this deployment records: egress when an egress service is configured, else browser. */
  mode: RecordingRunMode;
  /** Whether this event may be recorded at all (enableRecording). */
  enabled: boolean;
  /** Where this event's recordings go (recordingDestination). */
  destination: Recording['destination'];
  /** The newest recording of the event (active or finished), or null. */
  current: Pick<Recording, 'id' | 'mode' | 'status' | 'startedAt' | 'endedAt' | 'destination'> | null;
  /** Organizer and hosts: they may stop (and see the controls). */
  canControl: boolean;
  /** Who may start: organizer and hosts with egress; the organizer only when their browser records. */
  canStart: boolean;
  /** Organizer only: the finished recording's item when it is a private download (destination download). */
  download?: { mediaId: string; status: string } | null;
}

/** POST /api/recording: start, stop, or (browser mode) report the upload that holds the recording. */
export const recordingActionSchema = z.discriminatedUnion('intent', [
  z.object({ eventId: eventIdSchema, intent: z.literal('start') }),
  z.object({ eventId: eventIdSchema, intent: z.literal('stop'), recordingId: recordingIdSchema }),
  z.object({ eventId: eventIdSchema, intent: z.literal('attach'), recordingId: recordingIdSchema, mediaId: z.string().regex(/^[a-z0-9]{21}$/) }),
  z.object({ eventId: eventIdSchema, intent: z.literal('fail'), recordingId: recordingIdSchema }),
]);
export type RecordingAction = z.infer<typeof recordingActionSchema>;

/** The small summary the server puts in the LiveKit room's metadata so every browser in the room learns it at once. */
export interface RoomRecordingMeta {
  recording: { status: RecordingStatus; mode: RecordingRunMode } | null;
}

export function parseRoomRecordingMeta(metadata: string | undefined | null): RoomRecordingMeta | null {
  if (!metadata) return null;
  try {
    const value = JSON.parse(metadata) as Partial<RoomRecordingMeta>;
    if (!value || typeof value !== 'object' || !('recording' in value)) return null;
    const r = value.recording;
    if (r === null) return { recording: null };
    if (r && (RECORDING_STATUSES as readonly string[]).includes(r.status) && (RECORDING_RUN_MODES as readonly string[]).includes(r.mode)) {
      return { recording: { status: r.status, mode: r.mode } };
    }
    return null;
  } catch {
    return null;
  }
}
