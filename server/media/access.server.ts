/**
 * Who may see and manage a media item (docs/PRODUCT.md, Media): the owner and the tenant's admins
 * always; other signed-in members of the tenant a tenant-visible item once it is ready (or
 * published); anyone a public one once it is ready. Work in progress, review and rejected videos
 * stay with the owner and the admins. Callers answer "not allowed" as not found (404), so an item
 * one may not see does not show that it exists.
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import type { TenantData } from '../data/tenantData.server';

const SHOWN: ReadonlySet<MediaItem['status']> = new Set(['ready', 'published']);

export const isMediaAdmin = (user: SessionUser | null) => !!user?.groups.includes('admin');

/** The owner or an admin of the tenant: may edit, retry, delete. */
export function canManageMedia(user: SessionUser | null, item: Pick<MediaItem, 'ownerId'>): boolean {
  return !!user && (isMediaAdmin(user) || user.sub === item.ownerId);
}

export function canViewMedia(user: SessionUser | null, item: Pick<MediaItem, 'ownerId' | 'visibility' | 'status'>): boolean {
  if (canManageMedia(user, item)) return true;
  if (!SHOWN.has(item.status)) return false;
  if (item.visibility === 'public') return true;
  return item.visibility === 'tenant' && !!user;
}

/**
 * canViewMedia, or the buyer of a product that delivers this item (a download grant of a paid,
 * not refunded order: server/data/products.server.ts) once it is finished, whatever its visibility.
 */
export async function mayViewMedia(data: TenantData, user: SessionUser | null, item: MediaItem): Promise<boolean> {
  if (canViewMedia(user, item)) return true;
  if (!user || item.scope !== 'tenant' || !SHOWN.has(item.status)) return false;
  return data.products.hasDownload(user.sub, item.id);
}
