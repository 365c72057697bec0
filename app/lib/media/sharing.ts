/**
 * Who may see a media item (docs/PRODUCT.md, Data: Media; docs/decisions/0028): its visibility.
 * private: the owner and the tenant's admins; tenant: every signed-in member of the tenant;
 * public: anyone on the tenant's site, signed in or not. Only finished items are shared: an
 * upload still in progress, a failed one or a video waiting for review is its owner's alone.
 */
import type { MediaItem, MediaStatus } from './model';

/** The person looking: null when signed out. */
export interface MediaViewer {
  sub: string;
  /** A tenant admin (group `admin`) sees every item of the tenant. */
  admin: boolean;
}

export const viewerOf = (user: { sub: string; groups: readonly string[] } | null): MediaViewer | null =>
  user ? { sub: user.sub, admin: user.groups.includes('admin') } : null;

/** Statuses of a finished item others may see: ready, or a reviewed video that was published. */
export const SHARED_STATUSES: readonly MediaStatus[] = ['ready', 'published'];

/** Whether the viewer may see (and download) the item. */
export function canViewMedia(item: Pick<MediaItem, 'ownerId' | 'visibility' | 'status'>, viewer: MediaViewer | null): boolean {
  if (!SHARED_STATUSES.includes(item.status)) return false;
  if (item.visibility === 'public') return true;
  if (!viewer) return false;
  if (item.visibility === 'tenant') return true;
  return viewer.admin || item.ownerId === viewer.sub;
}

/** The tag that marks a PDF in the library as the tenant's pitch deck (the newest such one wins). */
export const PITCH_DECK_TAG = 'pitch-deck';

export const isPitchDeck = (item: Pick<MediaItem, 'kind' | 'tags'>) => item.kind === 'document' && item.tags.includes(PITCH_DECK_TAG);
