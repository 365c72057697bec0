/**
 * An audio playlist (SPEC.md §3 Media: playlist items with play-all, shuffle, loop and repeat;
 * audio volume default 1), built on /audioPlaylistUpload from the tenant's audio items.
 *
 * playAll: when a track ends the next one starts. shuffle: tracks play in a random order.
 * loop: after the last track the list starts again. repeat: the current track plays again.
 */
import { z } from 'zod';

/** A playlist holds at most this many tracks. */
export const MAX_PLAYLIST_TRACKS = 100;

export interface PlaylistFlags {
  playAll: boolean;
  shuffle: boolean;
  loop: boolean;
  repeat: boolean;
  /** 0–1; SPEC §3 default 1. */
  volume: number;
}

export const DEFAULT_PLAYLIST_FLAGS: PlaylistFlags = { playAll: true, shuffle: false, loop: false, repeat: false, volume: 1 };

export interface Playlist extends PlaylistFlags {
  id: string;
  ownerId: string;
  title: string;
  /** Media item ids (audio), in play order. */
  trackIds: string[];
  createdAt: string;
  updatedAt: string;
}

const MEDIA_ID = /^[a-z0-9]{21}$/;
/** A playlist's longest title; the message names it. */
export const PLAYLIST_TITLE_MAX = 120;

/** What an owner saves: the title, the ordered tracks and the flags. */
export const playlistSaveSchema = z
  .object({
    title: z.string().trim().min(1, 'library.errors.titleRequired').max(PLAYLIST_TITLE_MAX, 'library.errors.titleTooLong'),
    trackIds: z
      .array(z.string().regex(MEDIA_ID, 'library.errors.track'))
      .max(MAX_PLAYLIST_TRACKS, 'library.errors.tooManyTracks')
      .refine((ids) => new Set(ids).size === ids.length, 'library.errors.duplicateTrack'),
    playAll: z.boolean(),
    shuffle: z.boolean(),
    loop: z.boolean(),
    repeat: z.boolean(),
    volume: z.number().min(0, 'library.errors.volume').max(1, 'library.errors.volume').default(1),
  })
  .strict();
export type PlaylistSave = z.infer<typeof playlistSaveSchema>;

/** The order tracks play in: as listed, or shuffled (Fisher–Yates with the given random source). */
export function playOrder(count: number, shuffle: boolean, random: () => number = Math.random): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  if (!shuffle) return order;
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * The position in the play order after the current track ends: the same one when repeating, the
 * next one while playing all, the first again after the last when looping, else null (stop).
 */
export function nextPosition(position: number, count: number, flags: Pick<PlaylistFlags, 'playAll' | 'loop' | 'repeat'>): number | null {
  if (count === 0) return null;
  if (flags.repeat) return position;
  if (!flags.playAll) return null;
  if (position + 1 < count) return position + 1;
  return flags.loop ? 0 : null;
}
