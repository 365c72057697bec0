/**
 * The on-demand libraries (/vod, /aod; docs/decisions/0032): the tenant's finished items of one
 * kind that the viewer may see (the media library's one rule, server/media/access.server.ts,
 * applied by `data.media.shared`: a paid event's recordings only to those who may watch its
 * replay), searched and filtered, one page after the URL's cursor, with the filter choices the
 * visible items offer.
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { languageName } from '#app/lib/media/languages';
import {
  CATALOG_PAGE_SIZE,
  matchesCatalogSearch,
  playbackHref,
  type CatalogCard,
  type CatalogKind,
  type CatalogOption,
  type CatalogQuery,
} from '#app/lib/ondemand/catalog';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaAccess } from '../access.server';

/** Poster links live as long as a library page is likely to stay open. */
const POSTER_SECONDS = 3600;

export interface CatalogPage {
  cards: CatalogCard[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  organizers: CatalogOption[];
  languages: CatalogOption[];
  /** The library holds items for this viewer before search and filters (an empty filter result is not an empty library). */
  total: number;
}

const byLabel = (a: CatalogOption, b: CatalogOption) => a.label.localeCompare(b.label);

/** The organizers and languages among the items, each once, by name. */
export function catalogOptions(items: readonly MediaItem[], uiLanguage: string): Pick<CatalogPage, 'organizers' | 'languages'> {
  const organizers = new Map<string, string>();
  const languages = new Set<string>();
  for (const item of items) {
    if (!organizers.has(item.ownerId)) organizers.set(item.ownerId, item.ownerName || item.ownerId);
    if (item.language) languages.add(item.language);
  }
  return {
    organizers: [...organizers].map(([value, label]) => ({ value, label })).sort(byLabel),
    languages: [...languages].map((value) => ({ value, label: languageName(value, uiLanguage) })).sort(byLabel),
  };
}

/** The items the query keeps, newest first, from the one after the cursor (ids grow with time, so a cursor whose item is gone still works). */
export function pageOf(items: readonly MediaItem[], query: CatalogQuery): { items: MediaItem[]; next: string | null } {
  const kept = items.filter(
    (item) =>
      (!query.organizer || item.ownerId === query.organizer) &&
      (!query.language || item.language === query.language) &&
      matchesCatalogSearch(item, query.q) &&
      (!query.after || item.id < query.after),
  );
  const shown = kept.slice(0, CATALOG_PAGE_SIZE);
  return { items: shown, next: kept.length > CATALOG_PAGE_SIZE ? shown.at(-1)!.id : null };
}

async function card(data: TenantData, kind: CatalogKind, item: MediaItem): Promise<CatalogCard> {
  const poster = item.derived.poster;
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    tags: item.tags,
    ownerName: item.ownerName,
    language: item.language ?? null,
    durationSeconds: item.derived.durationSeconds ?? null,
    posterUrl: poster ? await data.files.presignDownload({ key: poster.key, expiresIn: POSTER_SECONDS }) : null,
    createdAt: item.createdAt,
    href: playbackHref(kind, item.id),
  };
}

export async function catalogPage(data: TenantData, viewer: SessionUser | null, kind: CatalogKind, query: CatalogQuery, uiLanguage: string): Promise<CatalogPage> {
  const items = (await data.media.shared(mediaAccess(data, viewer), kind)).filter((item) => item.scope === 'tenant');
  const page = pageOf(items, query);
  return {
    cards: await Promise.all(page.items.map((item) => card(data, kind, item))),
    next: page.next,
    ...catalogOptions(items, uiLanguage),
    total: items.length,
  };
}
