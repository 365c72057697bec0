/**
 * The item's own part of who may see and manage a media item (docs/PRODUCT.md, Media;
 * docs/decisions/0054): pure rules the server's one media rule (server/media/access.server.ts,
 * which adds the event's replay right) and the browser share.
 */
import type { SessionUser } from '../identity/types';
import type { MediaItem } from './model';
import { isFinished } from './sharing';

/** Items made from an event (its room recording, its kept broadcast): they follow the event's replay right. */
const MADE_FROM_AN_EVENT: ReadonlySet<NonNullable<MediaItem['origin']>> = new Set(['recording', 'broadcast']);

export const isMediaAdmin = (user: Pick<SessionUser, 'groups'> | null) => !!user?.groups.includes('admin');

/** The owner or an admin of the tenant: may edit, retry, delete. */
export function canManageMedia(user: Pick<SessionUser, 'sub' | 'groups'> | null, item: Pick<MediaItem, 'ownerId'>): boolean {
  return !!user && (isMediaAdmin(user) || user.sub === item.ownerId);
}

/** The item's own part of the rule for everyone else: finished, and public, or for the tenant's signed-in members. */
export function visibleByItself(user: SessionUser | null, item: Pick<MediaItem, 'visibility' | 'status'>): boolean {
  if (!isFinished(item)) return false;
  if (item.visibility === 'public') return true;
  return item.visibility === 'tenant' && !!user;
}

/** An item made in a room or kept from a push: visible to others only through the event it names. */
export const madeFromAnEvent = (item: Pick<MediaItem, 'origin'>) => MADE_FROM_AN_EVENT.has(item.origin ?? 'upload');

/** Whether signing in could let a signed-out visitor see it: a finished item that is not private. */
export const mightViewSignedIn = (user: SessionUser | null, item: Pick<MediaItem, 'visibility' | 'status'>) =>
  !user && isFinished(item) && item.visibility !== 'private';

/** What one viewer may see of the tenant's media (made by the server's mediaAccess, each event's answer read once). */
export interface MediaAccess {
  readonly user: SessionUser | null;
  /** Whether the viewer may see the item (and play, list or download it): the library's one rule. */
  mayView(item: MediaItem): Promise<boolean>;
  /** The items the viewer may see, in their order (nulls, such as missing items, dropped). */
  visible<T extends MediaItem>(items: readonly (T | null)[]): Promise<T[]>;
  /**
   * Whether signing in could let a signed-out visitor see it (a members' item, or one made from an
   * event whose replay a signed-in buyer may watch): such screens ask to sign in rather than 404.
   */
  mightViewSignedIn(item: MediaItem): boolean;
}
