/**
 * Loader building blocks of the download and viewing screens (/downloadFiles, /downloadPhotos,
 * /viewPhotos, /pitchDeckDownload, /pitchDeckSlide; docs/decisions/0028): who is looking, the
 * items shared with them, and signed URLs. Images are signed for an hour (the page may stay open);
 * downloads go through the screen's own `?file=` link, which signs a one-minute attachment URL on
 * each press, so a link on an open page never goes stale and a copied one soon dies.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { type DerivedFile, type ImageSizeName, type MediaItem } from '#app/lib/media/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { DeckState, DeckSummary, PhotoCard, SizedImage, Slide } from '#app/components/media/gallery/types';
import { getSessionUser } from '#server/identity/index.server';
import { isSharedWith } from '../data/mediaShared.server';
import { mediaAccess, type MediaAccess } from '../access.server';
import type { TenantFiles } from '#server/data/tenantData.server';
import { NO_STORE } from '#server/http/responses.server';

export { NO_STORE };

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** Signed image URLs outlive a page left open for a while. */
const IMAGE_URL_SECONDS = 3600;
/** Signed download URLs are used at once: the browser follows the redirect straight away. */
export const DOWNLOAD_URL_SECONDS = 60;

/** Who is looking, and what they may see of the tenant's media (the one rule: server/media/access.server.ts). */
export async function sharedViewer(args: Args): Promise<{ viewer: SessionUser | null; signedIn: boolean; access: MediaAccess }> {
  const viewer = await getSessionUser(args);
  return { viewer, signedIn: viewer !== null, access: mediaAccess(args.context.data, viewer) };
}

const itemId = z.string().regex(/^[a-z0-9]{21}$/);

/**
 * When the URL asks for a download (`?<param>=<id>`), the answer: a redirect to a short-lived
 * signed URL of the original, saved under its own name, or 404 when the id names nothing this
 * viewer may download on this tenant (another tenant's item is simply not found). Null when
 * the URL asks for no download.
 */
export async function downloadRedirect(args: Args, access: MediaAccess, param: string, accept: (item: MediaItem) => boolean = () => true) {
  const raw = new URL(args.request.url).searchParams.get(param);
  if (raw === null) return null;
  const id = itemId.safeParse(raw);
  const item = id.success ? await args.context.data.media.get(id.data) : null;
  if (!item || !accept(item) || !(await isSharedWith(access, item))) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  // The library's one download link (attachment, never rendered), here living one minute.
  const url = await args.context.data.files.mediaDownloadUrl(item, { expiresIn: DOWNLOAD_URL_SECONDS });
  return redirect(url, { headers: NO_STORE });
}

async function signed(files: TenantFiles, file: DerivedFile | undefined): Promise<SizedImage | null> {
  if (!file?.width || !file.height) return null;
  return { src: await files.presignDownload({ key: file.key, expiresIn: IMAGE_URL_SECONDS }), width: file.width, height: file.height };
}

async function sizes(files: TenantFiles, item: MediaItem, names: ImageSizeName[]): Promise<SizedImage[]> {
  const found = await Promise.all(names.map((name) => signed(files, item.derived.sizes?.[name])));
  // The same file can stand for two sizes when the original is small: keep each width once.
  const seen = new Set<number>();
  return found.filter((s): s is SizedImage => s !== null && !seen.has(s.width) && (seen.add(s.width), true)).sort((a, b) => a.width - b.width);
}

/** A photo's grid (small300, medium500) and lightbox (medium750, large1500) images; null when none was derived. */
export async function photoCard(files: TenantFiles, item: MediaItem): Promise<PhotoCard | null> {
  const [grid, large] = await Promise.all([sizes(files, item, ['small300', 'medium500']), sizes(files, item, ['medium750', 'large1500'])]);
  if (grid.length === 0 && large.length === 0) return null;
  return { id: item.id, title: item.title, fileName: item.original.fileName, grid: grid.length ? grid : large, large: large.length ? large : grid };
}

export async function photoCards(files: TenantFiles, items: MediaItem[]): Promise<PhotoCard[]> {
  return (await Promise.all(items.map((item) => photoCard(files, item)))).filter((c): c is PhotoCard => c !== null);
}

/** The deck's page images, in page order. */
export async function slidesOf(files: TenantFiles, deck: MediaItem): Promise<Slide[]> {
  const pages = deck.derived.pages ?? [];
  const slides = await Promise.all(pages.map((page) => signed(files, page)));
  return slides.filter((s): s is Slide => s !== null);
}

/** The tenant's pitch deck as the viewer finds it: none, still being processed, failed, or ready with its summary. */
export async function pitchDeck(args: Args, access: MediaAccess): Promise<{ state: DeckState; deck: DeckSummary | null; item: MediaItem | null }> {
  const item = await args.context.data.media.pitchDeck(access);
  if (!item) return { state: 'none', deck: null, item: null };
  const state: DeckState = (await isSharedWith(access, item)) ? 'ready' : item.status === 'failed' ? 'failed' : 'processing';
  if (state !== 'ready') return { state, deck: null, item: null };
  return {
    state,
    item,
    deck: {
      id: item.id,
      title: item.title,
      fileName: item.original.fileName,
      bytes: item.original.bytes,
      pageCount: item.derived.pageCount ?? item.derived.pages?.length ?? null,
      updatedAt: item.updatedAt,
      href: `/pitchDeckDownload?file=${item.id}`,
    },
  };
}
