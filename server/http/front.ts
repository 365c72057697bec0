/**
 * The server's front: every request passes here before Express (docs/decisions/0095). It starts
 * the request's observation (request id, tenant, access line, metrics) and answers a fresh
 * anonymous page from the render cache at once; everything else goes on to Express, whose first
 * middleware continues the same observation. A cache hit is thus the cheapest answer the server
 * gives: no Express request and response objects, no middleware chain.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveTenant, type Registry } from '../config/registry.server';
import { negotiateLanguage } from '../locale.server';
import { beginRequest } from '../observability/http.server';
import { runInRequest } from '../observability/context.server';
import type { LiveRegistry } from '#server/registry/index.server';
import { isAnonymousRequest } from '../renderCache.server';
import { PageCache } from './pageCache';
import { requestOrigin, requestTargetProblem } from './requestTarget';
import type { SetSecurityHeaders } from './securityHeaders';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontOptions {
  registry: Registry;
  rootDomain: string;
  pages: PageCache;
  setSecurityHeaders: SetSecurityHeaders;
  live?: Pick<LiveRegistry, 'tenantFilesReady'> | null;
  /** Express's compiled "trust proxy" setting: whether X-Forwarded-Proto may name the scheme. */
  trustProxy: (address: string | undefined, hop: number) => boolean;
}

/** The scheme the request came in on, as Express's req.protocol gives it. */
function protocolOf(req: IncomingMessage, trustProxy: FrontOptions['trustProxy']): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trustProxy(req.socket.remoteAddress, 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  return value.split(',')[0]!.trim();
}

/** A request that carries no body (no length, or a zero one, and no chunked transfer). */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}

/**
 * Whether the front answered the request from the render cache. Only a GET or HEAD without a body,
 * whose target is well formed, of a tenant that serves pages now (known, enabled, files ready),
 * with nothing personal in it, is looked up; an entry exists only for a URL that passed every
 * check of the Express chain when it was rendered, and those checks depend on the method and path
 * alone, so the answer is the one the chain would lead to.
 */
function answeredFromCache(req: IncomingMessage, res: ServerResponse, options: FrontOptions): boolean {
  const { pages } = options;
  if (!pages.cache.enabled || !isAnonymousRequest(req.method ?? '', req.headers.cookie, req.headers.authorization) || !hasNoBody(req)) return false;
  const url = req.url ?? '';
  const host = req.headers.host;
  if (requestTargetProblem(url, host)) return false;
  const tenant = resolveTenant(options.registry, host, options.rootDomain);
  if (!tenant || tenant.disabled || options.live?.tenantFilesReady(tenant.id)) return false;
  const language = negotiateLanguage(tenant, req.headers.cookie, req.headers['accept-language']);
  const key = PageCache.key(requestOrigin(protocolOf(req, options.trustProxy), host), url, tenant.id, language);
  const query = url.indexOf('?');
  options.setSecurityHeaders(res, query < 0 ? url : url.slice(0, query));
  return pages.answerFresh(req, res, key);
}

/** The request listener: the front, then Express for whatever it did not answer. */
export function createFront(express: RequestListener, options: FrontOptions): RequestListener {
  return (req, res) => {
    const context = beginRequest(req, res, { registry: options.registry, rootDomain: options.rootDomain });
    runInRequest(context, () => {
      if (!answeredFromCache(req, res, options)) express(req, res);
    });
  };
}
