/**
 * A past event's recording with its chat (/eventVod): the chapters made from the answered
 * questions and the chat replayed in step with the video. Times are seconds from the recording's
 * start; everything here is pure, so the server builds and the browser replays the same way.
 */

export interface Chapter {
  startSeconds: number;
  title: string;
}

/** A public chat message at its offset into the recording. */
export interface ReplayMessage {
  id: string;
  /** Seconds from the recording's start. */
  at: number;
  name: string;
  avatarColor: string;
  text: string;
  /** Images or attachments it carried (the replay names them, it does not show them). */
  files: number;
  question: boolean;
}

/** Seconds from `startMs` to `iso`, or null when the time is unreadable. */
export function offsetSeconds(startMs: number, iso: string | null | undefined): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? (at - startMs) / 1000 : null;
}

/** Whether an offset falls inside a recording of `durationSeconds` (unknown duration: anything from the start). */
export const withinRecording = (at: number, durationSeconds: number | null) => at >= 0 && (durationSeconds === null || at <= durationSeconds);

/** Chapters from answered questions (offset and text), in time order; questions outside the recording are left out. */
export function chaptersFrom(answered: ReadonlyArray<{ at: number | null; text: string }>, durationSeconds: number | null): Chapter[] {
  return answered
    .filter((q): q is { at: number; text: string } => q.at !== null && withinRecording(q.at, durationSeconds))
    .map((q) => ({ startSeconds: Math.floor(q.at), title: q.text.trim() }))
    .sort((a, b) => a.startSeconds - b.startSeconds);
}

/** How many of the messages (sorted by `at`) have been sent by `seconds` into the recording. */
export function shownCount(messages: ReadonlyArray<Pick<ReplayMessage, 'at'>>, seconds: number): number {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (messages[mid]!.at <= seconds) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The chapter playing at `seconds` (index), or -1 before the first. */
export function currentChapter(chapters: readonly Chapter[], seconds: number): number {
  return shownCount(chapters.map((c) => ({ at: c.startSeconds })), seconds) - 1;
}
