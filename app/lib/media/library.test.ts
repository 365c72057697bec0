import { describe, expect, it } from 'vitest';
import { itemTargetsSchema, itemsRequestSchema, libraryHref, libraryItemHref, parseLibraryQuery, splitTags } from './library';

const ID = 'abcdefghi012345678901';

describe('library query in the URL', () => {
  it('keeps known filters, drops unknown values, and round-trips through libraryHref', () => {
    const query = parseLibraryQuery(new URLSearchParams(`kind=image&status=failed&q=%20stage%20&view=list&after=${ID}`));
    expect(query).toEqual({ kind: 'image', status: 'failed', q: 'stage', view: 'list', after: ID });
    expect(parseLibraryQuery(new URLSearchParams('kind=spreadsheet&status=gone&view=table&after=../x'))).toEqual({ kind: undefined, status: undefined, q: undefined, view: 'grid', after: undefined });
    expect(libraryHref('/uploadCustomerMedia', query)).toBe(`/uploadCustomerMedia?kind=image&status=failed&q=stage&view=list&after=${ID}`);
    expect(libraryHref('/uploadCustomerMedia', query, { after: undefined, view: 'grid' })).toBe('/uploadCustomerMedia?kind=image&status=failed&q=stage');
    expect(parseLibraryQuery(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('opens one item in the viewer with the filters kept', () => {
    expect(libraryItemHref('/uploadCustomerMedia', { view: 'grid' }, ID)).toBe(`/uploadCustomerMedia?open=${ID}`);
    expect(libraryItemHref('/uploadCustomerMedia', { view: 'list', q: 'stage' }, ID)).toBe(`/uploadCustomerMedia?q=stage&view=list&open=${ID}`);
  });
});

describe('library API bodies', () => {
  it('names its target items from id and ids, once each', () => {
    expect(itemTargetsSchema.parse({ id: ID, ids: [ID, 'other'], intent: 'x' })).toEqual([ID, 'other']);
    expect(itemTargetsSchema.parse({ intent: 'x' })).toEqual([]);
    expect(itemTargetsSchema.safeParse({ ids: 'not a list' }).success).toBe(false);
  });

  it('takes edit, delete and visibility requests only in their own shape', () => {
    expect(itemsRequestSchema.safeParse({ intent: 'visibility', ids: [ID], visibility: 'public' }).success).toBe(true);
    expect(itemsRequestSchema.safeParse({ intent: 'visibility', ids: [ID], visibility: 'everyone' }).success).toBe(false);
    expect(itemsRequestSchema.safeParse({ intent: 'delete', ids: [] }).success).toBe(false);
    expect(itemsRequestSchema.safeParse({ intent: 'delete', ids: [ID], extra: 1 }).success).toBe(false);
    expect(itemsRequestSchema.safeParse({ intent: 'edit', id: ID, title: 't', description: '', tags: 'a, b', visibility: 'tenant' }).success).toBe(true);
  });

  it('splits a line of tags on commas, trimmed, empty ones dropped', () => {
    expect(splitTags(' stage, , keynote ,day one')).toEqual(['stage', 'keynote', 'day one']);
  });
});
