/**
 * Trimming a recorded take (docs/decisions/0044): the browser sends the part to keep with the
 * upload, the item stores it, and the video and audio processors cut it with ffmpeg, so the
 * library item has the kept part's duration. Shared by the capture screen and the server.
 */
import { z } from 'zod';

/** The shortest part worth keeping, in seconds. */
export const MIN_TRIM_SECONDS = 1;
/** No take is longer than a day; a larger number is a mistake or an attack. */
export const MAX_TRIM_SECONDS = 24 * 60 * 60;

export interface Trim {
  startSeconds: number;
  endSeconds: number;
}

const seconds = z.number().finite().min(0).max(MAX_TRIM_SECONDS);

/** What the upload API accepts: a start before an end, at least MIN_TRIM_SECONDS apart. */
export const trimSchema = z
  .object({ startSeconds: seconds, endSeconds: seconds })
  .strict()
  .refine((t) => t.endSeconds - t.startSeconds >= MIN_TRIM_SECONDS, { message: 'the kept part must be at least one second long', path: ['endSeconds'] });

export type TrimProblem = 'order' | 'tooShort' | 'outOfRange';

/** Why a trim of a take of `durationSeconds` cannot be used, or null when it can. */
export function trimProblem(trim: Trim, durationSeconds: number): TrimProblem | null {
  const { startSeconds: start, endSeconds: end } = trim;
  if (![start, end, durationSeconds].every(Number.isFinite)) return 'outOfRange';
  if (start < 0 || end > durationSeconds + 0.001) return 'outOfRange';
  if (end <= start) return 'order';
  if (end - start < MIN_TRIM_SECONDS) return 'tooShort';
  return null;
}

/**
 * The trim to send with the upload: rounded to tenths, and none at all when the whole take is kept
 * (nothing for the processors to cut).
 */
export function trimToSend(trim: Trim, durationSeconds: number): Trim | undefined {
  const start = Math.max(0, Math.round(trim.startSeconds * 10) / 10);
  const end = Math.min(durationSeconds, Math.round(trim.endSeconds * 10) / 10);
  if (start <= 0.05 && end >= durationSeconds - 0.05) return undefined;
  return { startSeconds: start, endSeconds: end };
}

/** ffmpeg's input options that keep only the trimmed part (accurate seek; output time starts at 0). */
export function trimInputArgs(trim: Trim | undefined): string[] {
  if (!trim) return [];
  return ['-ss', trim.startSeconds.toFixed(3), '-to', trim.endSeconds.toFixed(3)];
}
