/**
 * Who may see and manage a media item (docs/PRODUCT.md, Media; docs/decisions/0054): the one rule
 * of every media route, screen and listing.
 *
 * - The owner and the tenant's admins always (and they alone manage it).
 * - Others once it is ready (or published), by its visibility: a public item anyone, a tenant item
 *   the tenant's signed-in members. Work in progress, review and rejected videos stay with the
 *   owner and the admins.
 * - And, for an item made from an event (its room recording, its kept broadcast, with their
 *   captions: the item's `eventId`, which every such item has carried since it was made), only
 *   those who may watch that event's replay: when the event sells its seats or its replay, its
 *   ticket and replay holders, organizer, hosts and tenant admins; a rehearsal's or demo's, its
 *   organizer, hosts and admins. An event that is gone, or a recording that names none, lets
 *   nobody else in.
 *
 * Callers answer "not allowed" as not found (404), so an item one may not see does not show that
 * it exists. A viewer's access object reads each event once, and events that sell nothing cost no
 * ticket read.
 */
import { isStaff, roleOf } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { isFinished } from '#app/lib/media/sharing';
import { canManageMedia, madeFromAnEvent, mightViewSignedIn, visibleByItself, type MediaAccess } from '#app/lib/media/visibility';
import type { TenantData } from '../data/tenantData.server';
import { mayWatchReplay } from '#server/entitlement/index.server';

// The item's own rules live in app/lib/media/visibility.ts (the browser shares them); this module adds the event's.
export { canManageMedia, isMediaAdmin, type MediaAccess } from '#app/lib/media/visibility';

export function mediaAccess(data: TenantData, user: SessionUser | null): MediaAccess {
  const events = new Map<string, Promise<boolean>>();
  const eventAllows = (eventId: string) => {
    let allowed = events.get(eventId);
    if (!allowed) {
      allowed = data.events.get(eventId).then((event) => {
        if (!event) return false;
        if (event.kind !== 'event') return !!user && isStaff(roleOf(event, user));
        return mayWatchReplay(data, event, user);
      });
      events.set(eventId, allowed);
    }
    return allowed;
  };
  const mayView = async (item: MediaItem) => {
    if (canManageMedia(user, item)) return true;
    if (!visibleByItself(user, item)) return false;
    if (item.eventId) return eventAllows(item.eventId);
    // Made in a room or kept from a push, but naming no event (none is stored so): nobody else.
    return !madeFromAnEvent(item);
  };
  return {
    user,
    mayView,
    async visible<T extends MediaItem>(items: readonly (T | null)[]) {
      const present = items.filter((item): item is T => item !== null);
      const allowed = await Promise.all(present.map(mayView));
      return present.filter((_, i) => allowed[i]);
    },
    mightViewSignedIn: (item) => mightViewSignedIn(user, item),
  };
}

/**
 * The rule for one item, or the buyer of a product that delivers this item (a download grant of a
 * paid, not refunded order: server/commerce/data/products.server.ts) once it is finished, whatever its
 * visibility: the single-item routes (playlist, status, download, transcripts) ask this.
 */
export async function mayViewMedia(data: TenantData, user: SessionUser | null, item: MediaItem): Promise<boolean> {
  if (await mediaAccess(data, user).mayView(item)) return true;
  if (!user || item.scope !== 'tenant' || !isFinished(item)) return false;
  return data.products.hasDownload(user.sub, item.id);
}
