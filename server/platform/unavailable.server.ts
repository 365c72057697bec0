/**
 * Outages of the outside services the pages depend on (docs/decisions/0053-service-outages.md).
 *
 * Each AWS SDK client carries a middleware (markOutages) that turns a failure to reach its
 * service (refused, reset, timed out, a 5xx or throttling answer) into a ServiceUnavailableError
 * naming the service. server/app.ts wraps every loader and action of the Remix build once
 * (wrapBuildForOutages): such an error becomes a thrown 503 Response, which the root
 * ErrorBoundary shows as the branded "… is unavailable right now" page in the visitor's
 * language, and which an /api/ call receives as JSON { error: 'serviceUnavailable', service,
 * message }. Nothing is remembered as "down": the next request tries the service again.
 */
import type { ServerBuild } from '@remix-run/node';
import { isErrorNamed } from '#server/errors';
import { readForm } from '#server/http/readForm.server';

/** The services whose outage a visitor is told about, in user words (app/locales: unavailable.*). */
export type OutageService = 'database' | 'identity' | 'storage';
export const OUTAGE_SERVICES: readonly OutageService[] = ['database', 'identity', 'storage'];

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Timeouts of every SDK client: a service that accepts connections but does not answer fails the
 * call within seconds instead of holding the request open. 5 s because DynamoDB Local on a loaded
 * two-core machine was seen taking over 3 s for a CreateTable; two attempts at most keep the worst
 * case near 10 s.
 */
export const SDK_REQUEST_HANDLER = { connectionTimeout: 1500, requestTimeout: 5000, throwOnRequestTimeout: true } as const;
export const SDK_MAX_ATTEMPTS = 2;
/** Timeout of the plain fetch calls to the identity service (the gateway's forwarding, the health probe). */
export const IDENTITY_TIMEOUT_MS = 5000;

export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: OutageService,
    cause: unknown,
  ) {
    super(`${service} is unavailable: ${describe(cause)}`, { cause });
    this.name = 'ServiceUnavailableError';
  }
}

/** By name, not instanceof: the Remix build holds its own copy of this module (server/errors.ts). */
export const isServiceUnavailable = (e: unknown): e is ServiceUnavailableError =>
  isErrorNamed(e, 'ServiceUnavailableError') && OUTAGE_SERVICES.includes((e as ServiceUnavailableError).service);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ProvisionedThroughputExceededException',
  'SlowDown',
]);

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code ?? (e.cause as { code?: unknown } | undefined)?.code;
  return [e.name, typeof code === 'string' ? code : '', e.message].filter(Boolean).join(' ');
}

/**
 * Whether an error means the service could not be reached or could not answer (as opposed to an
 * answer that refuses the request: a conditional check, a missing key, bad input).
 */
export function isOutage(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (isServiceUnavailable(e)) return true;
  const err = e as Error & { code?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (typeof err.code === 'string' && NETWORK_CODES.has(err.code)) return true;
  if (UNAVAILABLE_NAMES.has(err.name)) return true;
  const status = err.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  // fetch: TypeError("fetch failed") with the socket error as its cause; AbortSignal.timeout: TimeoutError.
  if (err.name === 'TypeError' && err.message === 'fetch failed') return true;
  if (err.cause instanceof Error && err.cause !== e) return isOutage(err.cause);
  return false;
}

/** `e` as a ServiceUnavailableError of `service` when it is an outage, else `e` unchanged. */
export function asOutage(service: OutageService, e: unknown): unknown {
  return !isServiceUnavailable(e) && isOutage(e) ? new ServiceUnavailableError(service, e) : e;
}

interface MiddlewareClient {
  middlewareStack: { add: (mw: (next: (args: unknown) => Promise<unknown>) => (args: unknown) => Promise<unknown>, options: { step: 'initialize'; name: string }) => void };
}

/** Makes every failure of `client` to reach its service a ServiceUnavailableError of `service`. */
export function markOutages<C>(client: C, service: OutageService): C {
  (client as unknown as MiddlewareClient).middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (e) {
        throw asOutage(service, e);
      }
    },
    { step: 'initialize', name: `outage-${service}` },
  );
  return client;
}

/** Runs a fetch-based call to `service`, turning a failure to reach it into a ServiceUnavailableError. */
export async function reaching<T>(service: OutageService, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw asOutage(service, e);
  }
}

// ---------------------------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------------------------

/** Strings of the unavailable page and answers, from the locale catalogues (app/locales: unavailable). */
export interface OutageStrings {
  title: Record<OutageService, string>;
  body: string;
  retry: string;
}

/** The JSON body of a 503 answer: what /api/ callers receive and what the ErrorBoundary reads. */
export interface OutageBody {
  error: 'serviceUnavailable';
  service: OutageService;
  message: string;
}

export function outageBody(service: OutageService, strings: OutageStrings): OutageBody {
  return { error: 'serviceUnavailable', service, message: `${strings.title[service]} ${strings.body}` };
}

export function outageResponse(service: OutageService, strings: OutageStrings, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ ...extra, ...outageBody(service, strings) }), {
    status: 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}

type Handler = (args: { request: Request; context: unknown; params: unknown }) => unknown;

/**
 * The build with every route's loader and action wrapped once: an outage they throw becomes a
 * thrown 503 Response (outageResponse) in the request's language. A failed form post answers
 * with the submitted fields as `values`, so a screen can show the form again as it was typed.
 */
export function wrapBuildForOutages(build: ServerBuild, stringsFor: (context: unknown) => OutageStrings): ServerBuild {
  const wrap = (fn: Handler | undefined, keepValues: boolean): Handler | undefined =>
    fn &&
    (async (args) => {
      // The action reads the body; a copy taken first still holds what was typed.
      const copy = keepValues && isForm(args.request) ? args.request.clone() : undefined;
      try {
        return await fn(args);
      } catch (e) {
        if (!isServiceUnavailable(e)) throw e;
        const values = copy ? await submittedValues(copy) : undefined;
        throw outageResponse(e.service, stringsFor(args.context), values ? { values } : {});
      }
    });
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module as unknown as Record<string, unknown>;
      const wrapped = { ...module, loader: wrap(module.loader as Handler | undefined, false), action: wrap(module.action as Handler | undefined, true) };
      if (!module.loader) delete wrapped.loader;
      if (!module.action) delete wrapped.action;
      return [id, { ...route, module: wrapped }];
    }),
  );
  return { ...build, routes: routes as ServerBuild['routes'] };
}

const isForm = (request: Request) => /form/.test(request.headers.get('content-type') ?? '');
const SECRET_FIELD = /password|secret|token|code|card|cvc/i;

/** The text fields of a form post (never secrets or files), for showing the form again. */
async function submittedValues(request: Request): Promise<Record<string, string> | undefined> {
  try {
    const form = await readForm(request, 'en');
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string' && !SECRET_FIELD.test(name)) values[name] = value;
    return values;
  } catch {
    return undefined;
  }
}

/** A 503 document or data answer from Remix without a Retry-After (thrown Responses lose their headers there) gets one. */
export function withRetryAfter<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    const response = await handler(...args);
    if (response.status !== 503 || response.headers.has('Retry-After')) return response;
    const headers = new Headers(response.headers);
    headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    headers.set('Cache-Control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
