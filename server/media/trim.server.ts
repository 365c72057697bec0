/**
 * A take's trim in the processors (docs/decisions/0044): ffmpeg seeks the input to the kept part
 * (app/lib/media/trim.ts trimInputArgs); these say whether the trim fits the take and how long
 * the kept part is.
 */
import type { Trim } from '#app/lib/media/trim';
import { ProcessingError } from '#server/platform/media/failures.server';

/** Refuses a trim that starts at or after the end of a take whose duration is known. */
export function checkTrim(trim: Trim | undefined, durationSeconds: number): void {
  if (trim && durationSeconds > 0 && trim.startSeconds >= durationSeconds - 0.1) throw new ProcessingError('trim_outside', `start ${trim.startSeconds} s, take ${durationSeconds} s`);
}

/** The seconds ffmpeg will write (for its progress): the kept part, or the whole take. */
export function keptSeconds(trim: Trim | undefined, durationSeconds: number): number {
  if (!trim) return durationSeconds;
  const end = durationSeconds > 0 ? Math.min(trim.endSeconds, durationSeconds) : trim.endSeconds;
  return Math.max(0, end - trim.startSeconds);
}
