import { describe, expect, it } from 'vitest';
import { chooseEncoding, matchesIfNoneMatch } from './contentCoding';

const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, among the codings a client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('GZIP', both)).toBe('gzip');
    expect(chooseEncoding(['gzip', 'br'], both)).toBe('br');
  });

  it('sends the plain bytes without a header, for codings it does not hold, or when refused', () => {
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('', both)).toBeUndefined();
    expect(chooseEncoding('identity', both)).toBeUndefined();
    expect(chooseEncoding('deflate, zstd', both)).toBeUndefined();
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(chooseEncoding('*;q=0', both)).toBeUndefined();
  });

  it('follows the q values, and * for codings not named', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=2, gzip', both)).toBe('gzip');
  });

  it('only chooses a copy that exists (compressed copies are made after the page is stored)', () => {
    expect(chooseEncoding('br, gzip', {})).toBeUndefined();
    expect(chooseEncoding('br, gzip', { gzip: both.gzip })).toBe('gzip');
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = 'W/"11dfd-1a2-br"';
  it('compares weakly, in a list, and takes *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch('"11dfd-1a2-br"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"11dfd-1a2-br"', etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });
  it('does not match another representation or another version', () => {
    expect(matchesIfNoneMatch('W/"11dfd-1a2"', etag)).toBe(false);
    expect(matchesIfNoneMatch('W/"11dfd-1a2-gzip"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
