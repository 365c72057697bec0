/**
 * The Express side of observability (docs/decisions/0049-logs-and-metrics.md):
 *  - `beginRequest` (the server's front) and `observeRequests` (the first middleware): a request id (the incoming X-Request-Id when it is a
 *    short safe token, else a new one; echoed in the response), the tenant the Host names, both
 *    in the request context for every log line, and at the end one access line and the request
 *    metrics;
 *  - `resumeRequestContext`, after middleware that calls `next` from a stream event (the body
 *    reader), where the async context of the request is not carried;
 *  - `metricsEndpoint`, /metrics on the platform's own address;
 *  - `logRequestErrors`, the last handler: a thrown error as one log line and a plain 500.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { resolveTenant, type Registry } from '../config/registry.server';
import type { Env } from '../env.server';
import type { Services } from '#server/services';
import { requestIdFrom, runInRequest, type RequestContext } from './context.server';
import { log, logEnabled } from './log.server';
import { collectProcessMetrics, httpDuration, httpRequests, metricsRegistry, NO_TENANT } from './metrics.server';
import { methodOf, routeOf, statusClass } from './routes';
import { renderMetrics } from './scrape.server';

const contexts = new WeakMap<IncomingMessage, RequestContext>();

/** The path of a request target, without its query. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Starts observing a request (its id, tenant, and at the end one access line and the request
 * metrics) and returns its context; a request already observed keeps its first context. Called by
 * the server's front (server/app.ts) before Express, so a request answered there is observed the
 * same way as one Express handles.
 */
export function beginRequest(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, options: { registry: Registry; rootDomain: string }): RequestContext {
  const known = contexts.get(req);
  if (known) return known;
  const started = performance.now();
  const socketBytes = req.socket.bytesWritten;
  const context: RequestContext = { requestId: requestIdFrom(req.headers['x-request-id']), tenant: resolveTenant(options.registry, req.headers.host, options.rootDomain)?.id };
  contexts.set(req, context);
  res.setHeader('X-Request-Id', context.requestId);
  let done = false;
  const finished = () => {
    if (done) return;
    done = true;
    const ms = performance.now() - started;
    const path = pathOf(req.originalUrl ?? req.url ?? '/');
    const route = routeOf(path);
    const aborted = !res.writableFinished;
    const labels = { method: methodOf(req.method ?? 'GET'), route, status: aborted ? 'aborted' : statusClass(res.statusCode), tenant: context.tenant ?? NO_TENANT };
    httpRequests.inc(labels);
    httpDuration.observe(labels, ms / 1000);
    if (!logEnabled('info')) return;
    const line = { method: req.method, route, path: path.slice(0, 200), status: res.statusCode, ms: Math.round(ms * 10) / 10, bytes: req.socket.bytesWritten - socketBytes, ...(aborted ? { aborted: true } : {}) };
    runInRequest(context, () => log.info('request', line));
  };
  res.once('finish', finished);
  res.once('close', finished);
  return context;
}

/** The first middleware: the request observed (beginRequest, once) and the rest run in its context. */
export function observeRequests(options: { registry: Registry; rootDomain: string }): RequestHandler {
  return (req, res, next) => runInRequest(beginRequest(req, res, options), next);
}

export const resumeRequestContext: RequestHandler = (req, _res, next) => {
  const context = contexts.get(req);
  return context ? runInRequest(context, next) : next();
};

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** A caller on this machine, not relayed by a proxy (a proxy on the same machine adds forwarding headers). */
function isLoopbackCaller(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /metrics in Prometheus text format, on the platform's own address only: a tenant's host goes on
 * to the pages (an unknown page, 404). With METRICS_TOKEN it needs that bearer token (401 without);
 * without one, only loopback callers get it (403 otherwise).
 */
export function metricsEndpoint(options: { env: Env; registry: Registry; services: Services }): RequestHandler {
  const { env, registry, services } = options;
  collectProcessMetrics();
  return (req, res, next) => {
    if (resolveTenant(registry, req.headers.host, env.PLATFORM_ROOT_DOMAIN)) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (env.METRICS_TOKEN) {
      if (!bearerMatches(req.headers.authorization, env.METRICS_TOKEN)) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.type('text').send('Unauthorized: /metrics needs the metrics bearer token.');
        return;
      }
    } else if (!isLoopbackCaller(req)) {
      res.status(403).type('text').send('Forbidden: without METRICS_TOKEN, /metrics answers callers on this machine only.');
      return;
    }
    renderMetrics(services, env)
      .then((text) => {
        res.status(200).setHeader('Content-Type', metricsRegistry.contentType);
        res.end(text);
      })
      .catch(next);
  };
}

/** Express's own handler would print the stack as plain text on stderr: one log line instead. */
export const logRequestErrors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const status = Number((error as { status?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
  // A 4xx error (a missing build asset) is the client's: the access line says it.
  const code = Number.isInteger(status) && status >= 400 && status < 600 ? status : 500;
  if (code >= 500) log.error('request failed', error instanceof Error ? error : { detail: String(error) });
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res.status(code).setHeader('Cache-Control', 'no-store');
  res.type('text').send(STATUS_CODES[code] ?? 'Error');
};
