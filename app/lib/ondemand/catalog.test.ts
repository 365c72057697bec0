import { describe, expect, it } from 'vitest';
import { catalogHref, matchesCatalogSearch, parseCatalogQuery, playbackHref } from './catalog';

describe('the on-demand libraries query', () => {
  it('reads search, organizer, language and cursor from the URL', () => {
    const query = parseCatalogQuery(new URLSearchParams('q=%20keynote%20&organizer=3f2a-11&language=pt-BR&after=0000000000abcdefghijk'));
    expect(query).toEqual({ q: 'keynote', organizer: '3f2a-11', language: 'pt-BR', after: '0000000000abcdefghijk' });
  });

  it('drops what cannot be a value', () => {
    expect(parseCatalogQuery(new URLSearchParams('organizer=a%20b&language=english&after=T%23x%23MEDIA&q='))).toEqual({});
    expect(parseCatalogQuery(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
    expect(parseCatalogQuery(new URLSearchParams('after=0000000000abcdefghijk00'))).toEqual({});
  });

  it('builds URLs that keep the query and start again at page one when asked', () => {
    const query = { q: 'jazz night', language: 'fr', after: '0000000000abcdefghijk' };
    expect(catalogHref('/aod', query, { after: undefined })).toBe('/aod?q=jazz+night&language=fr');
    expect(catalogHref('/vod', {})).toBe('/vod');
    expect(catalogHref('/vod', {}, { organizer: 'u-1', after: '0000000000abcdefghijk' })).toBe('/vod?organizer=u-1&after=0000000000abcdefghijk');
  });

  it('searches title, description and tags for every word, ignoring case and accents', () => {
    const item = { title: 'Opening keynote', description: 'Café conversations about the roadmap', tags: ['Product', 'Q&A'] };
    expect(matchesCatalogSearch(item, undefined)).toBe(true);
    expect(matchesCatalogSearch(item, 'KEYNOTE')).toBe(true);
    expect(matchesCatalogSearch(item, 'cafe roadmap')).toBe(true);
    expect(matchesCatalogSearch(item, 'product keynote')).toBe(true);
    expect(matchesCatalogSearch(item, 'keynote pricing')).toBe(false);
  });

  it('links each kind to its playback screen', () => {
    expect(playbackHref('video', 'abc')).toBe('/mediaPlayBack?mediaId=abc');
    expect(playbackHref('audio', 'abc')).toBe('/listenerMediaPlayback?mediaId=abc');
  });
});
