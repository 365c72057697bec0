/**
 * What the download and viewing screens share (docs/decisions/0028): finished items only, and the
 * tag that marks the tenant's pitch deck. Who may see an item is the one rule of the media
 * library (server/media/access.server.ts, `mediaAccess`); an upload still in progress, a
 * failed one or a video waiting for review is never offered for download.
 */
import type { MediaItem, MediaStatus } from './model';

/** Statuses of a finished item: ready, or a reviewed video that was published. */
export const SHARED_STATUSES: readonly MediaStatus[] = ['ready', 'published'];

export const isFinished = (item: Pick<MediaItem, 'status'>) => SHARED_STATUSES.includes(item.status);

/** The tag that marks a PDF in the library as the tenant's pitch deck (the newest such one wins). */
export const PITCH_DECK_TAG = 'pitch-deck';

export const isPitchDeck = (item: Pick<MediaItem, 'kind' | 'tags'>) => item.kind === 'document' && item.tags.includes(PITCH_DECK_TAG);
