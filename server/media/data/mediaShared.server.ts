/**
 * "Shared with me" reads of the media library (docs/decisions/0028): the finished items of the
 * tenant a viewer may see (the library's one rule, server/media/access.server.ts, through the
 * viewer's access object), and the tenant's pitch deck. They read the tenant's own partition only
 * (listMedia), so another tenant's items cannot appear.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import { isFinished, isPitchDeck } from '#app/lib/media/sharing';
import type { MediaAccess } from '#app/lib/media/visibility';
import type { Database, Item } from '#server/platform/dynamo/dynamo.server';
import { listMedia } from './media.server';

/** How many items of the tenant one listing looks at; the screens show at most this many. */
export const SHARED_SCAN_LIMIT = 1000;

/** The viewer may see the item and it is finished: what the download screens offer. */
export const isSharedWith = async (access: MediaAccess, item: MediaItem) => isFinished(item) && (await access.mayView(item));

async function eachItem(
  db: Database,
  tenantId: TenantId,
  kind: MediaKind | undefined,
  keep: (item: MediaItem) => boolean | Promise<boolean>,
  max: number,
): Promise<MediaItem[]> {
  const out: MediaItem[] = [];
  let startKey: Item | null = null;
  let seen = 0;
  do {
    const page = await listMedia(db, tenantId, { kind, limit: 100, startKey });
    const kept = await Promise.all(page.items.map(keep));
    for (const [i, item] of page.items.entries()) if (kept[i] && out.length < max) out.push(item);
    seen += page.items.length;
    startKey = page.next;
  } while (startKey && seen < SHARED_SCAN_LIMIT && out.length < max);
  return out;
}

/** The finished items of the tenant the viewer (of `access`) may see, newest first, optionally of one kind. */
export function listSharedMedia(db: Database, tenantId: TenantId, access: MediaAccess, kind?: MediaKind): Promise<MediaItem[]> {
  return eachItem(db, tenantId, kind, (item) => isSharedWith(access, item), SHARED_SCAN_LIMIT);
}

/**
 * The tenant's pitch deck for this viewer: the newest document tagged pitch-deck they may see
 * once it is finished; a finished one wins over a newer one still being processed or failed (the
 * screens say which). Null when the tenant has none the viewer may see.
 */
export async function findPitchDeck(db: Database, tenantId: TenantId, access: MediaAccess): Promise<MediaItem | null> {
  const decks = await eachItem(db, tenantId, 'document', (item) => isPitchDeck(item) && access.mayView({ ...item, status: 'ready' }), 20);
  for (const deck of decks) if (await isSharedWith(access, deck)) return deck;
  return decks[0] ?? null;
}
