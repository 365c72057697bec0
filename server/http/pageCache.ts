/**
 * The Remix handler behind the anonymous render cache (docs/decisions/0002-render-cache.md).
 *
 *  - Only complete GET pages are stored: a 200 text/html GET render with a non-empty body, no
 *    Set-Cookie and no private/no-store. A HEAD is answered from a GET render (its headers, no
 *    body), so a HEAD can never leave an empty page behind for the next visitors.
 *  - The key is tenant + request origin + language + URL: pages carry absolute URLs built from the
 *    request's origin (og:url, share links), so a page rendered for one Host variant of a tenant
 *    ("aurora.localhost:1", a secondary domain) is only ever served on that same origin.
 *  - Concurrent misses for one key share a single render; a stale entry is served at once while
 *    one background render refreshes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { AppContext } from '../context';
import { etagOf, isAnonymousRequest, RenderCache, type CachedPage } from '../renderCache.server';
import { chooseEncoding, matchesIfNoneMatch } from './contentCoding';
import { detachedRequest, sendFetchResponse, toFetchRequest } from './fetchRequest';
import { requestOrigin } from './requestTarget';
import { countRenderCache } from '../observability/metrics.server';
import { log } from '../observability/log.server';

export type RemixHandler = (request: Request, context: AppContext) => Promise<Response>;

/** What may be stored: a whole GET page that is the same for every anonymous visitor. */
export function isStorablePage(method: string, response: Response): boolean {
  return (
    method === 'GET' &&
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie') &&
    !/no-store|private/.test(response.headers.get('cache-control') ?? '')
  );
}

/**
 * Sends a cached page: the stored copy in the best content coding the client accepts (made once
 * per entry, never per request), with that representation's ETag and length; 304 when the
 * client's If-None-Match names it; headers only for a HEAD.
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: 'HIT' | 'MISS' | 'STALE' | 'SHELL', overrides: Record<string, string> = {}) {
  res.statusCode = page.status;
  for (const [k, v] of page.headers) res.setHeader(k, v);
  for (const k in overrides) res.setHeader(k, overrides[k]!);
  const encoding = chooseEncoding(req.headers['accept-encoding'], page.encoded);
  const etag = etagOf(page, encoding);
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding, Cookie, Accept-Language');
  res.setHeader('X-Render-Cache', state);
  countRenderCache(state);
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = encoding ? page.encoded[encoding]! : page.body;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export class PageCache {
  /** Renders in progress per cache key: concurrent misses for one page share a single render. */
  private inflight = new Map<string, Promise<CachedPage | Response>>();

  constructor(readonly cache: RenderCache) {}

  /** The cache key of a request: tenant, the origin it was sent to (scheme and Host), language and URL. */
  static key(origin: string, url: string, tenantId: string, language: string): string {
    return RenderCache.key(tenantId, origin, language, url);
  }

  /** The key of an Express request. */
  static keyOf(req: ExpressRequest, tenantId: string, language: string): string {
    return PageCache.key(requestOrigin(req.protocol, req.get('host')), req.originalUrl, tenantId, language);
  }

  /** Renders; stores and returns the page when it may be cached, else returns the response. */
  private async render(handler: RemixHandler, key: string, request: Request, context: AppContext): Promise<CachedPage | Response> {
    const response = await handler(request, context);
    if (!isStorablePage(request.method, response)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length === 0) return new Response(null, { status: response.status, headers: response.headers });
    const headers = [...response.headers.entries()].filter(([k]) => !['content-length', 'content-encoding'].includes(k));
    return this.cache.set(key, { status: response.status, headers, body });
  }

  private renderOnce(handler: RemixHandler, key: string, request: Request, context: AppContext) {
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.render(handler, key, request, context).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /**
   * Answers with the shared shell of a gated page (docs/decisions/0024), once the caller has let
   * this person in. The shell is rendered with `context.shell` from a request without cookies, so
   * it names no one; it is kept like an anonymous page under its own key and sent `private,
   * no-store`, because only the server decides who may have it. false when the shell render is not
   * a storable page: the caller then renders the person's page as usual.
   */
  async serveShell(req: ExpressRequest, res: ExpressResponse, handler: RemixHandler, context: AppContext): Promise<boolean> {
    const key = `${PageCache.keyOf(req, context.tenant.id, context.language)}\u0000shell`;
    const found = this.cache.lookup(key);
    if (!found?.fresh) {
      const rendering = this.renderOnce(handler, key, detachedRequest(req, { anonymous: true }), { ...context, shell: true });
      if (!found) {
        const result = await rendering;
        if (result instanceof Response) {
          await result.body?.cancel();
          return false;
        }
        sendCached(req, res, result, 'SHELL', { 'Cache-Control': 'private, no-store' });
        return true;
      }
      rendering.catch((e) => log.error('background shell render failed', e));
    }
    sendCached(req, res, found.page, 'SHELL', { 'Cache-Control': 'private, no-store' });
    return true;
  }

  /**
   * A fresh anonymous page answered at once (docs/decisions/0095): true when sent. Called by the
   * server's front before Express, with the key of the tenant and language the page would be
   * rendered for; anything else (a miss, a stale entry, a personal request) is left to `serve` at
   * the end of the chain.
   */
  answerFresh(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    if (!this.cache.enabled || !isAnonymousRequest(req.method ?? 'GET', req.headers.cookie, req.headers.authorization)) return false;
    const page = this.cache.get(key);
    if (!page) return false;
    sendCached(req, res, page, 'HIT');
    return true;
  }

  /** Answers an anonymous GET or HEAD from the cache, rendering (as a GET) on a miss. */
  async serve(req: ExpressRequest, res: ExpressResponse, handler: RemixHandler, context: AppContext): Promise<void> {
    const key = PageCache.keyOf(req, context.tenant.id, context.language);
    const found = this.cache.lookup(key);
    if (found?.fresh) return sendCached(req, res, found.page, 'HIT');
    if (found) {
      // Stale: answer at once and refresh in the background, detached from this response.
      if (!this.inflight.has(key)) this.renderOnce(handler, key, detachedRequest(req), context).catch((e) => log.error('background render failed', e));
      return sendCached(req, res, found.page, 'STALE');
    }
    const leader = !this.inflight.has(key);
    const result = await this.renderOnce(handler, key, toFetchRequest(req, res, { method: 'GET' }), context);
    if (!(result instanceof Response)) return sendCached(req, res, result, leader ? 'MISS' : 'HIT');
    // Not cacheable (an error page, a redirect): the leader sends it; others render their own.
    if (leader) return sendFetchResponse(res, result);
    return sendFetchResponse(res, await handler(toFetchRequest(req, res), context));
  }
}
