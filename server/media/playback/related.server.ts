/**
 * What /morePlayBack lists after a video: the tenant's other finished videos the viewer may see by
 * the same organizer or sharing a tag with it, those sharing most first (then the same organizer,
 * then newest), each with its poster signed for the page's lifetime.
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaAccess } from '../access.server';
import { isFinished } from '#app/lib/media/sharing';

export const MAX_RELATED = 8;
/** How many of the tenant's newest videos are read to find them (one page of the library's query). */
const SCAN_LIMIT = 200;
const POSTER_SECONDS = 3600;

export interface RelatedItem {
  id: string;
  title: string;
  ownerName: string;
  poster: string | null;
  durationSeconds: number | null;
}

/** How related `other` is to `item`: shared tags count one each, the same owner one more; 0 is unrelated. */
export function relatedness(item: Pick<MediaItem, 'ownerId' | 'tags'>, other: Pick<MediaItem, 'ownerId' | 'tags'>): number {
  const tags = new Set(item.tags.map((tag) => tag.toLowerCase()));
  const shared = other.tags.filter((tag) => tags.has(tag.toLowerCase())).length;
  return shared + (other.ownerId === item.ownerId ? 1 : 0);
}

export async function relatedVideos(data: TenantData, viewer: SessionUser | null, item: MediaItem): Promise<RelatedItem[]> {
  const access = mediaAccess(data, viewer);
  const page = await data.media.list({
    kind: 'video',
    limit: SCAN_LIMIT,
    match: (other) => other.id !== item.id && other.scope === 'tenant' && isFinished(other) && relatedness(item, other) > 0 && access.mayView(other),
  });
  // Newest first from the query; a stable sort keeps that order among equally related items.
  const ranked = page.items.sort((a, b) => relatedness(item, b) - relatedness(item, a)).slice(0, MAX_RELATED);
  return Promise.all(
    ranked.map(async (other) => ({
      id: other.id,
      title: other.title,
      ownerName: other.ownerName,
      poster: other.derived.poster ? await data.files.presignDownload({ key: other.derived.poster.key, expiresIn: POSTER_SECONDS }) : null,
      durationSeconds: other.derived.durationSeconds ?? null,
    })),
  );
}
