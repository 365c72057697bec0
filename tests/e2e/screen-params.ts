/**
 * Where a screen that reads an id (`ids.query` in app/route-table.js) gets one when every screen is
 * visited (tests/e2e/axe-every-screen.spec.ts): a recipe per kind of id, taking it from the
 * tenant's sample data. A recipe answers null when the sample data has none of that kind: the
 * screen is then visited without it and shows its own "choose one" or empty state.
 * tests/unit/screen-params.test.ts fails when a route reads a kind of id no recipe covers.
 */
import type { IdKind, RouteEntry } from '#app/route-table.js';

type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** What a tenant's sample data offers (the e2e stack seeds it; tests/e2e/screen-samples.ts reads it). */
export interface SampleData {
  /** An upcoming event, with an invitation code, organized by the organizer the screens are checked as. */
  event(): Promise<{ eventId: string; shortCode: string; inviteCode?: string }>;
  /** The demo organizer's user id. */
  organizerId(): Promise<string>;
  /** The tenant's sample channel, when its shop is on. */
  channelId(): Promise<string | null>;
  /** A published product of the sample channel. */
  productId(): Promise<string | null>;
  /** A sample library item of one of the kinds (the pitch deck is the tenant's document; a picture is seeded). */
  mediaId(kinds: ReadonlyArray<MediaKind>): Promise<string | null>;
  /** The slug of the first article linked from a list screen. */
  articleSlug(listPath: string): Promise<string | null>;
}

export type Recipe = (sample: SampleData, route: RouteEntry, param: string) => Promise<string | null>;

const ALL_MEDIA: ReadonlyArray<MediaKind> = ['image', 'video', 'audio', 'document'];

/** The media kinds the route serves under `param` (its entitlement says), else any. */
export function mediaKindsOf(route: RouteEntry, param: string): ReadonlyArray<MediaKind> {
  const entitlements = route.entitlement === undefined ? [] : Array.isArray(route.entitlement) ? route.entitlement : [route.entitlement];
  const match = entitlements.find((e) => e.media === `query.${param}`);
  return match?.kinds ?? ALL_MEDIA;
}

/** A detail screen's list is its path without "Details" (/blogDetails ← /blog). */
const listOf = (route: RouteEntry) => route.path.replace(/Details$/, '');

export const RECIPES: Record<IdKind, Recipe> = {
  event: async (s) => (await s.event()).eventId,
  shortCode: async (s) => (await s.event()).shortCode,
  inviteCode: async (s) => (await s.event()).inviteCode ?? null,
  user: (s) => s.organizerId(),
  channel: (s) => s.channelId(),
  product: (s) => s.productId(),
  media: (s, route, param) => s.mediaId(mediaKindsOf(route, param)),
  article: (s, route) => s.articleSlug(listOf(route)),
  // No sample playlists, bookings, orders, chat files or polls: those screens show their own empty state.
  playlist: async () => null,
  booking: async () => null,
  order: async () => null,
  chatFile: async () => null,
  chatFileList: async () => null,
  chatMessage: async () => null,
  poll: async () => null,
};

/** The path and query a screen is visited at: every id it reads that the sample data has. */
export async function screenUrl(route: RouteEntry, sample: SampleData): Promise<string> {
  const query = new URLSearchParams();
  for (const [param, kind] of Object.entries(route.ids?.query ?? {})) {
    const recipe = RECIPES[kind];
    if (!recipe) throw new Error(`${route.path} reads ?${param}= (${kind}) and no recipe gives one`);
    const value = await recipe(sample, route, param);
    if (value !== null) query.set(param, value);
  }
  const search = query.toString();
  return search ? `${route.path}?${search}` : route.path;
}
