/**
 * The files of a download product that a buyer holds (a standing order granted them): what the
 * product page, the buyer's Orders and the receipt point them to. Each is fetched through
 * /api/media/download, which checks the grant again on every download.
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { Product } from '#app/lib/shop/model';
import type { TenantData } from '#server/data/tenantData.server';

export interface OwnedFile {
  mediaId: string;
  title: string;
  href: string;
}

export const downloadHref = (mediaId: string) => `/api/media/download?id=${encodeURIComponent(mediaId)}`;

export async function ownedFiles(data: TenantData, product: Pick<Product, 'delivers' | 'mediaIds'>, userId: string): Promise<OwnedFile[]> {
  if (product.delivers !== 'download' || !product.mediaIds?.length) return [];
  const files = await Promise.all(
    product.mediaIds.map(async (mediaId) => {
      if (!(await data.products.hasDownload(userId, mediaId))) return null;
      const item = await data.media.get(mediaId);
      return item ? { mediaId, title: item.title, href: downloadHref(mediaId) } : null;
    }),
  );
  return files.filter((f): f is OwnedFile => f !== null);
}

/** What the viewer owns of this product (nothing when signed out). */
export const ownedDownloads = (data: TenantData, product: Pick<Product, 'delivers' | 'mediaIds'>, viewer: SessionUser | null) => (viewer ? ownedFiles(data, product, viewer.sub) : Promise.resolve([]));
