import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#app/lib/media/model';
import { CATALOG_PAGE_SIZE } from '#app/lib/ondemand/catalog';
import { catalogOptions, pageOf } from './catalog.server';

let n = 0;
function item(over: Partial<MediaItem> = {}): MediaItem {
  n++;
  return {
    id: `${String(1000 - n).padStart(9, '0')}${'a'.repeat(12)}`,
    scope: 'tenant',
    kind: 'video',
    ownerId: 'o1',
    ownerName: 'Ana',
    title: `Clip ${n}`,
    description: '',
    tags: [],
    visibility: 'public',
    status: 'ready',
    original: { key: 'k', fileName: 'f.mp4', contentType: 'video/mp4', bytes: 1 },
    derived: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('a library page', () => {
  it('pages newest first after the cursor, offering a next page only when one holds something', () => {
    const items = Array.from({ length: CATALOG_PAGE_SIZE + 3 }, () => item());
    const first = pageOf(items, {});
    expect(first.items).toEqual(items.slice(0, CATALOG_PAGE_SIZE));
    expect(first.next).toBe(items[CATALOG_PAGE_SIZE - 1]!.id);
    const second = pageOf(items, { after: first.next! });
    expect(second.items).toEqual(items.slice(CATALOG_PAGE_SIZE));
    expect(second.next).toBeNull();
    expect(pageOf(items.slice(0, CATALOG_PAGE_SIZE), {}).next).toBeNull();
  });

  it('continues after a cursor whose item has gone (ids grow with time)', () => {
    const items = [item(), item(), item()];
    const gone = items.splice(1, 1)[0]!;
    expect(pageOf(items, { after: gone.id }).items).toEqual([items[1]]);
  });

  it('filters by organizer, language and search together', () => {
    const items = [item({ ownerId: 'o1', language: 'fr', title: 'Soirée jazz' }), item({ ownerId: 'o2', language: 'fr', title: 'Jazz' }), item({ ownerId: 'o1', language: 'en', title: 'Jazz' })];
    expect(pageOf(items, { organizer: 'o1', language: 'fr', q: 'jazz' }).items).toEqual([items[0]]);
    expect(pageOf(items, { q: 'jazz' }).items).toHaveLength(3);
    expect(pageOf(items, { organizer: 'nobody' }).items).toEqual([]);
  });

  it('offers each organizer and language of the visible items once, by name', () => {
    const items = [item({ ownerId: 'o2', ownerName: 'Zoé', language: 'fr' }), item({ ownerId: 'o1', ownerName: 'Ana', language: 'en' }), item({ ownerId: 'o2', ownerName: 'Zoé' })];
    expect(catalogOptions(items, 'en')).toEqual({
      organizers: [
        { value: 'o1', label: 'Ana' },
        { value: 'o2', label: 'Zoé' },
      ],
      languages: [
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'French' },
      ],
    });
    expect(catalogOptions(items, 'es').languages.map((l) => l.label)).toEqual(['Francés', 'Inglés']);
  });
});
