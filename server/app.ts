import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { maxBodyBytesFor } from '#app/route-table.js';
import { themeStylesheet } from './config/themeStylesheet.server';
import { resolveTenant, type Registry } from './config/registry.server';
import type { Tenant } from '#app/lib/config/tenant';
import type { AppContext } from './context';
import type { Env } from './env.server';
import { readBodies, requestBody } from './http/bodies';
import { sendFetchResponse, toFetchRequest } from './http/fetchRequest';
import { expectsForm, formBodyProblem } from './http/formBodies';
import { httpMessages, refusalLanguage } from './http/messages';
import { mergeGuestCartAtSignIn } from '#server/commerce/shop/cart.server';
import { hasCartCookie } from '#server/commerce/shop/cartCookie.server';
import { PageCache, type RemixHandler } from './http/pageCache';
import { requestTargetProblem } from './http/requestTarget';
import { isRoomDocumentRequest, mayEnterRoom } from '#server/rooms/index.server';
import { identityGateway } from './identity/gateway';
import { LIVEKIT_WEBHOOK_PATH, receiveLivekitWebhook } from '#server/broadcast/livekitWebhook.server';
import { isKnownNamespace, isLanguageTag, namespaceFile } from './i18n.server';
import { negotiateLanguage } from './locale.server';
import { languageTag } from '#app/lib/i18n/variants';
import { isAnonymousRequest, RenderCache } from './renderCache.server';
import { checkDependencies, checkMediaQueue, checkSpeech, checkVideoServer, degradedServices, requestContext } from './compose.server';
import type { Services } from './services';
import { logRequestErrors, metricsEndpoint, observeRequests, resumeRequestContext } from './observability/http.server';
import { isServiceUnavailable, outageResponse, withRetryAfter, wrapBuildForOutages, type OutageStrings } from '#server/platform/unavailable.server';
import { catalogue } from './i18n.server';
import type { LiveRegistry } from '#server/registry/index.server';
import { unavailableSiteHtml } from './http/unavailableSite';
import { askAnswer, wellKnownToken } from '#server/domains/index.server';
import { WELL_KNOWN_PREFIX } from '#app/lib/domains/domain';
import { embedScript } from '#server/embeds/index.server';
import { createFront, type RequestListener } from './http/front';
import { securityHeaders } from './http/securityHeaders';
import { EMBED_SCRIPT_PATH } from '#app/lib/embed/paths';

export interface AppOptions {
  env: Env;
  registry: Registry;
  services: Services;
  /** The Remix server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder with the built browser assets (build/client). */
  clientDir?: string;
  /** Extra middleware mounted before the Remix handler (Vite in development). */
  devMiddleware?: express.RequestHandler;
  /** A published registry (REGISTRY_SOURCE=store): tenants' files arrive on first use, and changed tenants' cached pages go. */
  live?: Pick<LiveRegistry, 'tenantFilesReady' | 'onChange'> | null;
}

const UNKNOWN_SITE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unknown site</title>' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"></head>' +
  '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">' +
  '<h1>Unknown site</h1><p>This address is not served here. Check the link you followed.</p></body></html>';

/**
 * Trailing-slash policy (docs/decisions/0003): one canonical URL per page. "/signIn/" and
 * "//signIn" answer 301 to "/signIn", keeping the query string.
 */
export function canonicalPath(path: string): string | null {
  if (path === '/') return null;
  const collapsed = path.replace(/\/{2,}/g, '/');
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return trimmed !== path ? trimmed || '/' : null;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The methods a route may answer; any other is refused before it reaches one. */
const ROUTE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * CSRF protection (docs/decisions/0008-identity-gateway.md): a state-changing request must come
 * from a page of this very host. Its Origin (or, without one, its Referer) must name the host the
 * request was sent to; "null" and unparsable values fail. A request with neither header is not a
 * browser's cross-site request (browsers send Origin on every cross-site POST) and passes.
 */
export function crossSiteRefusal(method: string, headers: { origin?: string; referer?: string; host?: string; forwardedHost?: string }): string | null {
  if (!STATE_CHANGING.has(method.toUpperCase())) return null;
  const source = headers.origin ?? headers.referer;
  if (source === undefined) return null;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return 'The request came from an unknown page.';
  }
  const own = headers.forwardedHost?.split(',')[0]?.trim() || headers.host;
  return host && own && host.toLowerCase() === own.toLowerCase() ? null : 'The request came from another site.';
}

/**
 * A refusal before any route runs: JSON ({ error, message }) under /api/, plain text elsewhere;
 * never cached.
 */
function refuse(req: ExpressRequest, res: ExpressResponse, status: number, error: string, message: string) {
  res.status(status).setHeader('Cache-Control', 'no-store');
  if (req.path.startsWith('/api/')) res.json({ error, message });
  else res.type('text').send(message);
}

/**
 * The server's request listener: the front (fresh cached pages, server/http/front.ts), then the
 * Express app. `listen` starts a server on it; `express` is the app behind the front.
 */
export type App = RequestListener & { listen(port: number, host: string, backlog?: number | (() => void), callback?: () => void): Server; express: express.Express };

export function createApp(options: AppOptions): App {
  const { env, registry, services } = options;
  const app = express();
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', env.TRUST_PROXY);
  app.disable('x-powered-by');
  // Request id, tenant and access line for every request (docs/decisions/0049).
  app.use(observeRequests({ registry, rootDomain: env.PLATFORM_ROOT_DOMAIN }));
  const setSecurityHeaders = securityHeaders(env);
  app.use((req, res, next) => {
    setSecurityHeaders(res, req.path);
    next();
  });

  const messagesFor = (req: ExpressRequest) => httpMessages(refusalLanguage(registry, env.PLATFORM_ROOT_DOMAIN, req.headers));

  // A target no URL can be built from (absolute form, impossible Host) is the client's mistake.
  app.use((req, res, next) => {
    const problem = requestTargetProblem(req.url, req.headers.host);
    if (!problem) return next();
    // The Host cannot be trusted to name a tenant here: the language comes from Accept-Language.
    const language = refusalLanguage(registry, env.PLATFORM_ROOT_DOMAIN, { 'accept-language': req.headers['accept-language'] });
    res.setHeader('Connection', 'close');
    res.status(400).setHeader('Cache-Control', 'no-store').type('text').send(httpMessages(language)[problem]);
  });

  // Every body is read here, capped per route (app/route-table.js), before any route looks at it.
  app.use(
    readBodies({
      limitFor: maxBodyBytesFor,
      refuse: (req, res, limit) => refuse(req, res, 413, 'payloadTooLarge', messagesFor(req).tooLarge(Math.floor(limit / 1024))),
    }),
  );
  // The body reader goes on from a stream event, outside the request's async context.
  app.use(resumeRequestContext);

  const pages = new PageCache(new RenderCache(env.RENDER_CACHE_SECONDS * 1000));

  app.get('/api/health', async (_req, res) => {
    const [dependencies, video, mediaQueue, speech] = await Promise.all([
      checkDependencies(services),
      checkVideoServer(env),
      checkMediaQueue(services.mediaQueue),
      checkSpeech(services.speech.stt),
    ]);
    const down = dependencies.filter((d) => !d.up);
    const chatBus = services.chat.bus.health();
    const degraded = degradedServices({ video, mediaQueue, chatBus, speech });
    res.setHeader('Cache-Control', 'no-store');
    res.status(down.length ? 503 : 200).json({
      status: down.length ? 'down' : 'ok',
      message: `${down.length ? `unavailable: ${down.map((d) => d.name).join(', ')}` : 'all dependencies up'}${degraded.length ? `; degraded: ${degraded.join(', ')}` : ''}`,
      dependencies,
      // Reported, never failing the check: without them only video, media processing,
      // cross-instance chat or speech to text is unavailable (docs/decisions/0052).
      video,
      mediaQueue,
      chatBus,
      // The speech workers and their queues (docs/decisions/0098); down: speech to text answers 503.
      speech,
      degraded,
    });
  });

  // Prometheus metrics on the platform's own address; a tenant's host answers 404 (docs/decisions/0049).
  app.get('/metrics', metricsEndpoint({ env, registry, services }));

  app.use(compression({ threshold: 1024 }));

  if (options.clientDir && existsSync(options.clientDir)) {
    // Fingerprinted build output never changes under the same name.
    app.use('/assets', express.static(join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    // Other public files: only paths that look like files reach the disk (no stat per page view).
    const publicFiles = express.static(options.clientDir, { maxAge: '1h', index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Theme stylesheets: content-hashed, so cached for a year; the same for every tenant of a theme.
  app.get('/theme/:file', (req, res) => {
    const match = /^([a-z0-9-]+)\.([0-9a-f]{12})\.css$/.exec(req.params.file);
    const theme = match ? registry.themes.get(match[1]) : undefined;
    const sheet = theme ? themeStylesheet(theme) : undefined;
    if (!sheet || sheet.href !== req.path) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('css').send(sheet.css);
  });
  // Translation namespaces a page fetches on client-side navigation (docs/decisions/0019):
  // content-hashed like the theme sheets, the same for every tenant.
  app.get('/locales/:language/:file', (req, res) => {
    const match = /^([A-Za-z]+)\.([0-9a-f]{12})\.json$/.exec(req.params.file);
    const { language } = req.params;
    const file = match && isLanguageTag(language) && isKnownNamespace(match[1]!) ? namespaceFile(language, match[1]) : undefined;
    if (!file || file.hash !== match![2]) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('json').send(file.json);
  });
  if (options.devMiddleware) app.use(options.devMiddleware);

  app.use((req, res, next) => {
    const canonical = canonicalPath(req.path);
    if (canonical) {
      const query = req.originalUrl.slice(req.originalUrl.indexOf('?') >= 0 ? req.originalUrl.indexOf('?') : req.originalUrl.length);
      res.redirect(301, canonical + query);
      return;
    }
    next();
  });

  // LiveKit's webhooks on the platform's own address (no tenant Host: the local LiveKit server
  // posts to 127.0.0.1, since Go cannot resolve *.localhost): the room name names the tenant, whose
  // key must have signed it. On a tenant's host the route module answers, with the same checks.
  app.post(LIVEKIT_WEBHOOK_PATH, (req, res, next) => {
    if (resolveTenant(registry, req.headers.host, env.PLATFORM_ROOT_DOMAIN)) return next();
    const authorization = req.headers.authorization ?? null;
    receiveLivekitWebhook({ body: requestBody(req)?.toString('utf8') ?? '', authorization, registry, services })
      .then((answer) => {
        res.status(answer.status).set({ ...answer.headers, 'Cache-Control': 'no-store' }).json({ message: answer.message });
      })
      .catch(next);
  });

  // The certificate front's on-demand TLS "ask" (Caddy calls it on the platform's address, no
  // tenant Host): yes only for a listed domain whose ownership was proven (docs/decisions/0076).
  app.get('/api/platform/domains/check', (req, res) => {
    void askAnswer(services, registry, req.query)
      .catch(() => ({ status: 404, message: 'not verified' }))
      .then(({ status, message }) => res.status(status).setHeader('Cache-Control', 'no-store').json({ message }));
  });

  app.use((req, res, next) => {
    const tenant = resolveTenant(registry, req.headers.host, env.PLATFORM_ROOT_DOMAIN);
    if (!tenant) {
      res.status(404).type('html').setHeader('Cache-Control', 'no-store').send(UNKNOWN_SITE_HTML);
      return;
    }
    res.locals.tenant = tenant;
    // A disabled tenant serves its brand files and this page, nothing else.
    if (tenant.disabled && !req.path.startsWith('/brand/')) {
      const language = negotiateLanguage(tenant, req.headers.cookie, req.headers['accept-language']);
      res.status(503).type('html').setHeader('Cache-Control', 'no-store').send(unavailableSiteHtml(tenant, registry.themes.get(tenant.themeId)!, language));
      return;
    }
    const filesReady = options.live?.tenantFilesReady(tenant.id);
    if (filesReady) filesReady.then(() => next(), next);
    else next();
  });

  // The identity gateway speaks Cognito's JSON protocol only (no form posts) and checks Origin
  // itself. It reads the body readBodies already read (its own parser then skips the stream).
  app.use(
    '/api/identity',
    (req, _res, next) => {
      const body = requestBody(req);
      if (body) Object.assign(req, { body: body.toString('utf8'), _body: true });
      next();
    },
    identityGateway(services, env),
  );

  // A method no route takes (TRACE, CONNECT, …) cannot even become a fetch Request: 405, never the
  // 500 it was (schemathesis found it, docs/decisions/0087); the public API's paths answer a problem.
  app.use((req, res, next) => {
    if (ROUTE_METHODS.has(req.method)) return next();
    res.status(405).setHeader('Cache-Control', 'no-store').setHeader('Allow', [...ROUTE_METHODS].join(', '));
    if (req.path.startsWith('/api/v1/')) res.type('application/problem+json').send(JSON.stringify({ type: '/api/v1/docs#problem-method-not-allowed', title: 'Method not allowed', status: 405, detail: `Use ${[...ROUTE_METHODS].join(', ')}.` }));
    else refuse(req, res, 405, 'methodNotAllowed', 'Method not allowed');
  });

  app.use((req, res, next) => {
    const refusal = crossSiteRefusal(req.method, {
      origin: req.headers.origin,
      referer: req.headers.referer,
      host: req.headers.host,
      forwardedHost: env.TRUST_PROXY ? (req.headers['x-forwarded-host'] as string | undefined) : undefined,
    });
    if (!refusal) return next();
    res.status(403).setHeader('Cache-Control', 'no-store');
    if (req.path.startsWith('/api/')) res.json({ error: 'forbidden', message: refusal });
    else res.type('text').send(`Forbidden: ${refusal}`);
  });

  // Screens take HTML forms only (server/http/formBodies.ts): 415 for any other body, 400 for one
  // that does not parse. Every path outside /api/, so a screen added later is covered as well.
  app.use((req, res, next) => {
    if (!expectsForm(req.method, req.path)) return next();
    formBodyProblem(req.headers['content-type'], requestBody(req))
      .then((problem) => {
        if (!problem) return next();
        refuse(req, res, problem === 'notAForm' ? 415 : 400, problem, messagesFor(req)[problem]);
      })
      .catch(next);
  });

  // A custom domain's HTTP ownership token, on that domain only (docs/decisions/0076).
  app.get(`${WELL_KNOWN_PREFIX}:token`, (req, res, next) => {
    wellKnownToken(services, (res.locals.tenant as Tenant).id, registry, req.headers.host, req.params.token ?? '')
      .then((token) => {
        res.setHeader('Cache-Control', 'no-store');
        if (token) res.type('text').send(token);
        else res.status(404).type('text').send('Not found');
      })
      .catch(next);
  });

  // Brand files of the request's tenant only: /brand/<file> maps to tenants/<id>/assets/<file>.
  const brandStatic = new Map<string, express.RequestHandler>();
  app.use('/brand', (req, res, next) => {
    const tenant = res.locals.tenant as Tenant;
    // By folder: a new registry version serves a tenant's assets from a folder of its own.
    const folder = join(registry.rootDir, 'tenants', tenant.id, 'assets');
    let handler = brandStatic.get(folder);
    if (!handler) {
      handler = express.static(folder, { maxAge: '1h', index: false, dotfiles: 'deny' });
      brandStatic.set(folder, handler);
    }
    handler(req, res, next);
  });
  // The embeds' sizing script (docs/decisions/0089).
  app.get(EMBED_SCRIPT_PATH, embedScript);
  app.get('/favicon.ico', (_req, res) => {
    const tenant = res.locals.tenant as Tenant;
    res.redirect(302, `/brand/${tenant.favicon}`);
  });

  options.live?.onChange((changed) => {
    pages.cache.forgetTenants(changed);
    brandStatic.clear();
  });
  let handlerPromise: Promise<RemixHandler> | undefined;
  // Every loader and action answers an outage of DynamoDB, identity or storage with a 503 in the
  // visitor's language (server/platform/unavailable.server.ts, docs/decisions/0053).
  const remixHandler = (build: ServerBuild, mode: string) =>
    withRetryAfter(createRequestHandler(wrapBuildForOutages(build, outageStringsOf), mode) as unknown as RemixHandler);
  const getHandler = async (): Promise<RemixHandler> => {
    if (typeof options.build === 'function') return remixHandler(await options.build(), 'development');
    handlerPromise ??= Promise.resolve(remixHandler(options.build, env.NODE_ENV));
    return handlerPromise;
  };

  app.all('*', async (req, res, next) => {
    try {
      const tenant = res.locals.tenant as Tenant;
      const theme = registry.themes.get(tenant.themeId)!;
      const language = negotiateLanguage(tenant, req.headers.cookie, req.headers['accept-language']);
      const context = requestContext(services, env, { tenant, theme, language, clientIp: req.ip ?? '' });
      const handler = await getHandler();
      // A guest cart joins the user's cart on the first request after sign-in (docs/decisions/0034).
      // During an outage these steps wait for the next request; the page itself then answers 503.
      if (req.method === 'GET' && hasCartCookie(req.headers.cookie)) {
        const clearCart = await mergeGuestCartAtSignIn(toFetchRequest(req, res), context).catch(unlessOutage(null));
        if (clearCart) res.append('Set-Cookie', clearCart);
      }
      // A signed-in person entering a live room gets its cached shell once let in (docs/decisions/0024).
      if (pages.cache.enabled && isRoomDocumentRequest(req) && !isAnonymousRequest(req.method, req.headers.cookie, req.headers.authorization)) {
        if ((await mayEnterRoom(toFetchRequest(req, res), context).catch(unlessOutage(false))) && (await pages.serveShell(req, res, handler, context))) return;
      }
      if (pages.cache.enabled && isAnonymousRequest(req.method, req.headers.cookie, req.headers.authorization)) {
        return await pages.serve(req, res, handler, context);
      }
      return await sendFetchResponse(res, await handler(toFetchRequest(req, res), context));
    } catch (error) {
      next(error);
    }
  });
  // An outage reaching an Express handler of its own (webhooks, the render cache's steps): the
  // same 503 as the routes give, in the request's language.
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, next: express.NextFunction) => {
    if (!isServiceUnavailable(error) || res.headersSent) return next(error);
    const tenant = res.locals.tenant as Tenant | undefined;
    const tag = tenant ? languageTag(tenant.languages, negotiateLanguage(tenant, req.headers.cookie, req.headers['accept-language'])) : refusalLanguage(registry, env.PLATFORM_ROOT_DOMAIN, req.headers);
    void sendFetchResponse(res, outageResponse(error.service, outageStringsOf({ languageTag: tag })));
  });
  // Anything else: one log line and a plain status text.
  app.use(logRequestErrors);

  const front = createFront(app as unknown as RequestListener, {
    registry,
    rootDomain: env.PLATFORM_ROOT_DOMAIN,
    pages,
    setSecurityHeaders,
    live: options.live,
    trustProxy: app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean,
  });
  return Object.assign(front, {
    express: app,
    listen: (port: number, host: string, backlog?: number | (() => void), callback?: () => void) =>
      typeof backlog === 'number' ? createServer(front).listen(port, host, backlog, callback) : createServer(front).listen(port, host, backlog),
  });
}

/** The unavailable strings in the request's language (the load context's languageTag). */
function outageStringsOf(context: unknown): OutageStrings {
  const tag = (context as Partial<AppContext> | undefined)?.languageTag ?? 'en';
  return (catalogue(tag) as unknown as { unavailable: OutageStrings }).unavailable;
}

/** A catch handler that answers `fallback` for an outage and rethrows anything else. */
const unlessOutage =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (isServiceUnavailable(error)) return fallback;
    throw error;
  };
