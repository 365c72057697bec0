/**
 * Every screen of the route table is visited by the accessibility test
 * (tests/e2e/axe-every-screen.spec.ts) with the ids it reads taken from the sample data: a route
 * that reads a kind of id with no recipe in tests/e2e/screen-params.ts fails here, so a new route
 * is covered as soon as it is in the table.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#app/route-table.js';
import { mediaKindsOf, RECIPES, screenUrl, type SampleData } from '#tests/e2e/screen-params';

const sample: SampleData = {
  event: async () => ({ eventId: 'ev1', shortCode: 'Abc1234', inviteCode: 'inv1' }),
  organizerId: async () => 'org1',
  channelId: async () => 'ch1',
  productId: async () => 'pr1',
  mediaId: async (kinds) => (kinds.includes('document') ? 'deck1' : null),
  articleSlug: async (list) => `${list.slice(1)}-first`,
};

describe('screen parameter recipes', () => {
  it('give every id a screen of the route table reads', () => {
    const missing = ROUTES.flatMap((r) => Object.entries(r.ids?.query ?? {}).filter(([, kind]) => typeof (RECIPES as Record<string, unknown>)[kind] !== 'function').map(([param, kind]) => `${r.path} ?${param}= (${kind})`));
    expect(missing).toEqual([]);
  });

  it('build each screen its URL from the sample data', async () => {
    const byPath = new Map(ROUTES.map((r) => [r.path, r]));
    expect(await screenUrl(byPath.get('/preview')!, sample)).toBe('/preview?event=ev1');
    expect(await screenUrl(byPath.get('/blogDetails')!, sample)).toBe('/blogDetails?slug=blog-first');
    expect(await screenUrl(byPath.get('/pitchDeckDownload')!, sample)).toBe('/pitchDeckDownload?file=deck1');
    // The photo editor reads images only: with no sample image it is visited without one.
    expect(mediaKindsOf(byPath.get('/photoEditor')!, 'image')).toEqual(['image']);
    expect(await screenUrl(byPath.get('/photoEditor')!, sample)).toBe('/photoEditor');
    expect(await screenUrl(byPath.get('/liveEvents')!, sample)).toBe('/liveEvents');
  });

  it('refuse a route reading a kind of id no recipe covers', async () => {
    const route = { path: '/newScreen', file: 'routes/x.tsx', ids: { query: { thing: 'gadget' } } };
    // @ts-expect-error a kind the table does not know yet
    await expect(screenUrl(route, sample)).rejects.toThrow(/no recipe/);
  });
});
