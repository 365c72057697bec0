/**
 * The library's view of the media rules (server/media/access.server.ts, the one rule set): an
 * organizer sees their own items and the tenant's shared, finished ones; the tenant's admins see
 * and manage every item of the tenant. An item the viewer may not see answers 404, one they may see
 * but not change 403. Also the library's cards and its delete.
 */
import type { SessionUser } from '#app/lib/identity/types';
import { IMAGE_SIZE_NAMES, type DerivedFile, type MediaItem } from '#app/lib/media/model';
import type { LibraryCard, LibraryQuery } from '#app/lib/media/library';
import { mediaFolder } from './data/media.server';
import { canManageMedia, isMediaAdmin, mediaAccess } from './access.server';
import type { TenantData } from '../data/tenantData.server';

type Viewer = SessionUser;

/** Signed links in the library live this long (seconds): enough to look at a page, short enough not to be shared. */
const LINK_SECONDS = 900;
export const LIBRARY_PAGE_SIZE = 24;

export const isTenantAdmin = (viewer: Viewer) => isMediaAdmin(viewer);
export const canManage = (viewer: Viewer, item: MediaItem) => canManageMedia(viewer, item);

/** Whether the item's title or one of its tags contains the search (case-insensitive). */
export function matchesSearch(item: MediaItem, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLocaleLowerCase();
  return item.title.toLocaleLowerCase().includes(needle) || item.tags.some((tag) => tag.toLocaleLowerCase().includes(needle));
}

export type Lookup = { item: MediaItem } | { status: 403 | 404 };

/** The item when the viewer may change it; 404 when they may not even see it (or it is not this tenant's), else 403. */
export async function findManageable(data: TenantData, viewer: Viewer, id: string): Promise<Lookup> {
  const item = await data.media.get(id);
  if (!item || item.scope !== 'tenant' || !(await mediaAccess(data, viewer).mayView(item))) return { status: 404 };
  if (!canManage(viewer, item)) return { status: 403 };
  return { item };
}

/**
 * Deletes the item: every stored file under its folder (original, sizes, renditions, pages), its
 * record, then gives its bytes back to the owner's and the tenant's quota: an upload's reservation
 * when it still holds one (docs/decisions/0060), else a finished item's original. The record goes
 * once: a second delete (a double click, two admins) finds nothing and gives nothing back.
 */
export async function removeMediaItem(data: TenantData, item: MediaItem): Promise<boolean> {
  await data.files.deleteFolder(mediaFolder(item.id));
  const removed = await data.media.delete(item.id);
  if (!removed) return false;
  const released = await data.media.settleUpload(item, 'released');
  if (!released && item.status !== 'uploading') await data.media.addUsage(item.ownerId, -item.original.bytes);
  return true;
}

const link = (data: TenantData, file: DerivedFile | undefined) => (file ? data.files.presignDownload({ key: file.key, expiresIn: LINK_SECONDS }) : Promise.resolve(null));

/** What a library card shows of an item, with short-lived signed links to its preview (and, for images, every size). */
export async function libraryCard(data: TenantData, viewer: Viewer, item: MediaItem, withSizes = false): Promise<LibraryCard> {
  const preview = item.derived.sizes?.small300 ?? item.derived.poster ?? item.derived.pages?.[0];
  const sizes = withSizes
    ? await Promise.all(
        IMAGE_SIZE_NAMES.map(async (name) => {
          const file = item.derived.sizes?.[name];
          return { name, width: file?.width ?? null, height: file?.height ?? null, url: await link(data, file) };
        }),
      )
    : null;
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    description: item.description,
    tags: item.tags,
    visibility: item.visibility,
    status: item.status,
    progress: item.progress ?? null,
    failure: item.failure ?? null,
    ownerName: item.ownerName,
    mine: item.ownerId === viewer.sub,
    canManage: canManage(viewer, item),
    createdAt: item.createdAt,
    fileName: item.original.fileName,
    bytes: item.original.bytes,
    width: item.derived.width ?? null,
    height: item.derived.height ?? null,
    durationSeconds: item.derived.durationSeconds ?? null,
    language: item.language ?? null,
    review: item.review?.requested ? { reason: item.review.reason ?? null, decidedAt: item.review.decidedAt ?? null } : null,
    previewUrl: await link(data, preview),
    sizes,
  };
}

/**
 * One page of the library as the viewer may see it, filtered, searched, newest first; `ownOnly`
 * keeps the viewer's own items (My media), still under the one rule.
 */
export async function libraryPage(data: TenantData, viewer: Viewer, query: LibraryQuery, options: { withSizes?: boolean; ownOnly?: boolean } = {}) {
  const { withSizes = false, ownOnly = false } = options;
  // One item more than a page: a next page is offered only when it really holds something
  // (the store's own "more" also counts items the filter would leave out).
  const access = mediaAccess(data, viewer);
  const page = await data.media.list({
    kind: query.kind,
    status: query.status,
    afterId: query.after,
    limit: LIBRARY_PAGE_SIZE + 1,
    match: (item) => item.scope === 'tenant' && (!ownOnly || item.ownerId === viewer.sub) && matchesSearch(item, query.q) && access.mayView(item),
  });
  const shown = page.items.slice(0, LIBRARY_PAGE_SIZE);
  const cards = await Promise.all(shown.map((item) => libraryCard(data, viewer, item, withSizes)));
  return { cards, next: page.items.length > LIBRARY_PAGE_SIZE ? shown.at(-1)!.id : null };
}
