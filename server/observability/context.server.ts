/**
 * The request a line of log belongs to (docs/decisions/0049-logs-and-metrics.md): an
 * AsyncLocalStorage entered by the first middleware of server/app.ts, so code at any depth logs
 * with the request's id and tenant without passing them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
  /** The tenant the Host names; undefined on the platform's own address or an unknown host. */
  tenant?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being handled here, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) as part of the request `context`. */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** A client's or proxy's id is kept only when it is a short token that cannot forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The incoming X-Request-Id when it is safe, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}
