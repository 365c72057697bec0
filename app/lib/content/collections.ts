/**
 * The three article lists and their screens. `collection` is the folder under the tenant's
 * content (tenants/<id>/content/<lang>/<collection>/<slug>.md) and also the feature switch
 * that turns the list and its detail screen off.
 */
export const COLLECTION_ROUTES = {
  blog: { collection: 'blog', feature: 'blog', list: '/blog', detail: '/blogDetails' },
  news: { collection: 'news', feature: 'news', list: '/news', detail: '/newsDetails' },
  job: { collection: 'jobs', feature: 'jobs', list: '/job', detail: '/jobDetails' },
} as const;

export type CollectionRoute = keyof typeof COLLECTION_ROUTES;

export function detailHref(route: CollectionRoute, slug: string): string {
  return `${COLLECTION_ROUTES[route].detail}?slug=${encodeURIComponent(slug)}`;
}

/** Card data of one article in a list, dates already formatted for the request's locale. */
export interface ArticleCard {
  slug: string;
  title: string;
  summary: string;
  /** ISO date (YYYY-MM-DD) for <time dateTime>, or null when the front matter has none. */
  date: string | null;
  dateLabel: string | null;
  location: string | null;
  employmentType: string | null;
}

export interface ArticleView extends ArticleCard {
  html: string;
  author: string | null;
  /** Where the "Apply" link of a job goes: an https URL, a mailto: address or /contactUs. */
  applyHref: string | null;
}
