import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, isAnonymousRequest, RenderCache } from './renderCache.server';

describe('RenderCache', () => {
  const page = (text: string) => ({ status: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body: Buffer.from(text) });

  it('keys by tenant, origin, language and URL, so tenants and Host variants never share an entry', () => {
    const cache = new RenderCache(10_000);
    const origin = 'http://aurora.localhost:3000';
    cache.set(RenderCache.key('aurora', origin, 'en', '/'), page('aurora home'));
    expect(cache.get(RenderCache.key('solana', origin, 'en', '/'))).toBeUndefined();
    expect(cache.get(RenderCache.key('aurora', origin, 'es', '/'))).toBeUndefined();
    expect(cache.get(RenderCache.key('aurora', 'http://aurora.localhost:1', 'en', '/'))).toBeUndefined();
    expect(cache.get(RenderCache.key('aurora', 'http://live.aurora-events.example', 'en', '/'))).toBeUndefined();
    expect(cache.get(RenderCache.key('aurora', origin, 'en', '/'))?.body.toString()).toBe('aurora home');
  });

  it('stores gzip and brotli copies of the same bytes, made after the entry is stored', async () => {
    const cache = new RenderCache(10_000);
    const entry = cache.set('k', page('<p>hello</p>'.repeat(100)));
    await entry.compressed;
    expect(gunzipSync(entry.encoded.gzip!).toString()).toBe(entry.body.toString());
    expect(brotliDecompressSync(entry.encoded.br!).toString()).toBe(entry.body.toString());
    expect(entry.encoded.gzip!.length).toBeLessThan(entry.body.length);
    expect(entry.encoded.br!.length).toBeLessThan(entry.body.length);
    // The entry found later is the one the copies were attached to.
    expect(cache.get('k')?.encoded.br).toBe(entry.encoded.br);
  });

  it('keeps a page below the compression threshold as it is', async () => {
    const entry = new RenderCache(10_000).set('k', page('<p>tiny</p>'));
    await entry.compressed;
    expect(entry.encoded).toEqual({});
  });

  it('gives each coding of a page its own ETag', () => {
    const entry = new RenderCache(10_000).set('k', page('x'), 0x1a2);
    expect(entry.etag).toBe('W/"1-1a2"');
    expect(etagOf(entry, undefined)).toBe('W/"1-1a2"');
    expect(etagOf(entry, 'gzip')).toBe('W/"1-1a2-gzip"');
    expect(etagOf(entry, 'br')).toBe('W/"1-1a2-br"');
  });

  it('expires entries after the TTL', () => {
    const cache = new RenderCache(1000);
    cache.set('k', page('x'), 0);
    expect(cache.get('k', 999)).toBeDefined();
    expect(cache.get('k', 1000)).toBeUndefined();
  });

  it('keeps an expired entry as stale for the stale window, then drops it', () => {
    const cache = new RenderCache(1000, 10, 5000);
    cache.set('k', page('x'), 0);
    expect(cache.lookup('k', 500)?.fresh).toBe(true);
    expect(cache.lookup('k', 1500)).toMatchObject({ fresh: false });
    expect(cache.get('k', 1500)).toBeUndefined();
    expect(cache.lookup('k', 6000)).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new RenderCache(10_000, 2);
    cache.set('a', page('a'));
    cache.set('b', page('b'));
    cache.get('a');
    cache.set('c', page('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('is off with a zero TTL', () => {
    expect(new RenderCache(0).enabled).toBe(false);
  });
});

describe('isAnonymousRequest', () => {
  it('accepts GET/HEAD with no cookie or only the language cookie', () => {
    expect(isAnonymousRequest('GET', undefined, undefined)).toBe(true);
    expect(isAnonymousRequest('HEAD', 'lng=fr', undefined)).toBe(true);
  });
  it('refuses anything personal', () => {
    expect(isAnonymousRequest('POST', undefined, undefined)).toBe(false);
    expect(isAnonymousRequest('GET', 'lng=fr; session=abc', undefined)).toBe(false);
    expect(isAnonymousRequest('GET', undefined, 'Bearer x')).toBe(false);
  });
});
