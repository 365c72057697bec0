import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The content codings a cached page is kept in besides its plain bytes. */
export type PageEncoding = 'br' | 'gzip';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /**
   * Compressed copies of `body`, made once per entry on zlib's thread pool after it is stored
   * (docs/decisions/0095); a coding is absent until its copy is ready, and the plain bytes go out meanwhile.
   */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** Settles once the compressed copies are attached (or could not be made). */
  compressed: Promise<void>;
  /** The weak validator of the plain bytes; each coding's is this one with a suffix (etagOf). */
  etag: string;
  expiresAt: number;
}

/** The compression middleware's threshold: smaller pages go out as they are. */
export const MIN_COMPRESSED_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli quality 5: within ~12 % of quality 11's size at a tenth of its time (a 73 KB page: 9.4 KB
 * against 8.3 KB, ~20 ms against ~270 ms), which matters when many pages are refreshed every TTL.
 */
const BROTLI_QUALITY = 5;

/** The compressed copies of a page body, made off the event loop. */
export async function compressPage(body: Buffer): Promise<Record<PageEncoding, Buffer>> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { gzip: gz, br };
}

/** The ETag of one representation of a page: each content coding has its own (RFC 9110 8.8.3). */
export function etagOf(page: Pick<CachedPage, 'etag'>, encoding: PageEncoding | undefined): string {
  return encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
}

/**
 * Anonymous page renders, kept per tenant + request origin + language + URL for a short time. The
 * key always starts with the tenant id, so one tenant's page can never be served on another
 * tenant's host; the origin is part of it because pages carry absolute URLs built from it.
 * A bounded LRU: the oldest entry goes when the cache is full.
 */
export class RenderCache {
  private entries = new Map<string, CachedPage>();
  /**
   * @param ttlMs how long an entry is fresh
   * @param maxEntries LRU bound
   * @param staleMs how long after expiry an entry may still be served while one refresh renders
   */
  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
    private staleMs = ttlMs * 10,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** `origin` as the URL parser serializes it (scheme, lower-case host, no default port). */
  static key(tenantId: string, origin: string, language: string, url: string) {
    return `${tenantId}\u0000${origin}\u0000${language}\u0000${url}`;
  }

  /** A fresh entry, or undefined. */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const found = this.lookup(key, now);
    return found?.fresh ? found.page : undefined;
  }

  /** A fresh entry, or an expired one still inside the stale window (stale-while-revalidate). */
  lookup(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt + this.staleMs <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency for the LRU order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { page: hit, fresh: hit.expiresAt > now };
  }

  set(key: string, page: Pick<CachedPage, 'status' | 'headers' | 'body'>, now = Date.now()): CachedPage {
    const encoded: CachedPage['encoded'] = {};
    const entry: CachedPage = {
      ...page,
      encoded,
      // A page too small to gain from compression is only ever sent as it is.
      compressed: page.body.length < MIN_COMPRESSED_BYTES ? Promise.resolve() : compressPage(page.body).then((copies) => void Object.assign(encoded, copies), () => undefined),
      etag: `W/"${page.body.length.toString(16)}-${now.toString(16)}"`,
      expiresAt: now + this.ttlMs,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  clear() {
    this.entries.clear();
  }

  /** Drops every page of these tenants (their configuration changed); other tenants' pages stay. */
  forgetTenants(tenantIds: Iterable<string>) {
    const prefixes = [...tenantIds].map((id) => `${id}\u0000`);
    if (!prefixes.length) return;
    for (const key of this.entries.keys()) if (prefixes.some((prefix) => key.startsWith(prefix))) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

/** Cookies that do not make a visitor "signed in": only the language choice. */
const ANONYMOUS_COOKIES = new Set(['lng']);

/** A request may be answered from the cache only when nothing in it is personal. */
export function isAnonymousRequest(method: string, cookieHeader: string | undefined, authorization: string | undefined) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (authorization) return false;
  if (!cookieHeader) return true;
  return cookieHeader.split(';').every((c) => {
    const name = c.split('=')[0]?.trim();
    return !name || ANONYMOUS_COOKIES.has(name);
  });
}
