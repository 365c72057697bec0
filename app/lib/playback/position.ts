/**
 * Remembered playback positions (docs/decisions/0031-player.md): what the browser sends, and where
 * a returning viewer resumes.
 */
import { z } from 'zod';

/** The player saves the position this often while playing (and at once on pause and on leaving). */
export const SAVE_EVERY_SECONDS = 5;
/** Nearer the start than this, there is nothing worth resuming. */
export const RESUME_MIN_SECONDS = 5;
/** Nearer the end than this, the item counts as watched: the next visit starts from the beginning. */
export const RESUME_END_MARGIN_SECONDS = 10;
/** The API route the players post positions to. */
export const POSITION_API = '/api/playback/position';

export const positionSaveSchema = z
  .object({
    mediaId: z.string().regex(/^[a-z0-9]{21}$/),
    seconds: z.number().finite().min(0).max(24 * 3600),
  })
  .strict();
export type PositionSave = z.infer<typeof positionSaveSchema>;

/** Where to start an item given the saved position and its length: the saved second, or 0. */
export function resumeAt(saved: number | null | undefined, durationSeconds: number | null | undefined): number {
  if (saved === null || saved === undefined || !Number.isFinite(saved) || saved < RESUME_MIN_SECONDS) return 0;
  if (durationSeconds && saved > durationSeconds - RESUME_END_MARGIN_SECONDS) return 0;
  return Math.floor(saved);
}
