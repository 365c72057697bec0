/**
 * The on-demand libraries (/vod video, /aod audio): the query a URL carries (search, organizer,
 * language, the page cursor), the search rule and what a card shows. Shared by the loader and the
 * screen; the server applies the media access rule before any of this.
 */
import { mediaLanguageSchema } from '#app/lib/media/model';

export const CATALOG_KINDS = ['video', 'audio'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** Cards per page. */
export const CATALOG_PAGE_SIZE = 12;

export interface CatalogQuery {
  q?: string;
  /** An owner's user id (the organizer who published the item). */
  organizer?: string;
  language?: string;
  /** The last item id of the previous page. */
  after?: string;
}

const MEDIA_ID = /^[a-z0-9]{21}$/;
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The query from a URL; anything malformed is left out (the page then shows more, never fails). */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const organizer = params.get('organizer') ?? '';
  const language = params.get('language') ?? '';
  const after = params.get('after') ?? '';
  return {
    ...(q ? { q } : {}),
    ...(USER_ID.test(organizer) ? { organizer } : {}),
    ...(mediaLanguageSchema.safeParse(language).success ? { language } : {}),
    ...(MEDIA_ID.test(after) ? { after } : {}),
  };
}

/** The URL of a library query with changes applied (a changed filter starts again at the first page). */
export function catalogHref(path: string, query: CatalogQuery, change: Partial<CatalogQuery> = {}): string {
  const next: CatalogQuery = { ...query, ...change };
  const params = new URLSearchParams();
  for (const name of ['q', 'organizer', 'language', 'after'] as const) {
    const value = next[name];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface Searchable {
  title: string;
  description: string;
  tags: readonly string[];
}

/** Every word of the search appears in the title, the description or a tag (case- and accent-insensitive). */
export function matchesCatalogSearch(item: Searchable, q: string | undefined): boolean {
  if (!q) return true;
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const haystack = fold([item.title, item.description, ...item.tags].join('\n'));
  return fold(q)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** One item as a library card shows it; the poster is a short-lived signed URL. */
export interface CatalogCard {
  id: string;
  title: string;
  description: string;
  tags: string[];
  ownerName: string;
  language: string | null;
  durationSeconds: number | null;
  posterUrl: string | null;
  createdAt: string;
  /** The item's playback screen. */
  href: string;
}

/** A filter choice: an organizer (id, name) or a language (tag, name). */
export interface CatalogOption {
  value: string;
  label: string;
}

/** The playback screen of a library item (/mediaPlayBack for video, /listenerMediaPlayback for audio). */
export const playbackHref = (kind: CatalogKind, mediaId: string) =>
  `${kind === 'video' ? '/mediaPlayBack' : '/listenerMediaPlayback'}?mediaId=${encodeURIComponent(mediaId)}`;
