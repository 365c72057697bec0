/**
 * Event trailers (docs/decisions/0031-player.md): the videos an organizer may pick (finished
 * videos of the tenant's library they may see), the check the event form's action runs on a
 * chosen one, and the trailer a viewer of the event may watch.
 */
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaAccess, type MediaAccess } from '../access.server';
import { isFinished } from '#app/lib/media/sharing';

const MAX_OPTIONS = 200;

/** Whether the item may be an event's trailer for this organizer (or be watched as one): a finished tenant video they may see. */
export async function isTrailerCandidate(access: MediaAccess, item: MediaItem | null): Promise<boolean> {
  return !!item && item.scope === 'tenant' && item.kind === 'video' && isFinished(item) && (await access.mayView(item));
}

/** The videos the organizer may choose from, newest first. */
export async function trailerOptions(data: TenantData, user: SessionUser): Promise<{ id: string; title: string }[]> {
  const access = mediaAccess(data, user);
  const page = await data.media.list({ kind: 'video', limit: MAX_OPTIONS, match: (item) => isTrailerCandidate(access, item) });
  return page.items.map((item) => ({ id: item.id, title: item.title }));
}

/** The event's trailer when the viewer may watch it, else null (none set, removed, or not shared with them). */
export async function eventTrailer(data: TenantData, viewer: SessionUser | null, event: Pick<EventRecord, 'trailerMediaId'>): Promise<MediaItem | null> {
  if (!event.trailerMediaId) return null;
  const item = await data.media.get(event.trailerMediaId);
  return item && (await isTrailerCandidate(mediaAccess(data, viewer), item)) ? item : null;
}
