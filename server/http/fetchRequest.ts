/** Express request → Fetch Request for the Remix handler, and the Fetch Response back to Express. */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { requestBody } from './bodies';
import { requestOrigin } from './requestTarget';

/**
 * The Fetch Request for an Express request whose target passed requestTargetProblem. The body is
 * the one readBodies read (never the socket stream). `method` renders a HEAD as a GET for the
 * render cache.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, options: { method?: string } = {}): Request {
  const method = options.method ?? req.method;
  const url = `${requestOrigin(req.protocol, req.get('host'))}${req.originalUrl}`;
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') init.body = requestBody(req) ?? null;
  return new Request(url, init);
}

/**
 * A request with no connection behind it (a background re-render), for the same URL as a GET.
 * `anonymous` leaves out cookies and Authorization (a shared shell is rendered for no one).
 */
export function detachedRequest(req: ExpressRequest, { anonymous = false } = {}): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (anonymous && (key === 'cookie' || key === 'authorization')) continue;
    if (typeof value === 'string') headers.set(key, value);
  }
  return new Request(`${requestOrigin(req.protocol, req.get('host'))}${req.originalUrl}`, { headers });
}

export async function sendFetchResponse(res: ExpressResponse, response: Response) {
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue;
    res.setHeader(key, value);
  }
  // Cookies the server set before the handler ran (the cleared guest cart cookie) are kept.
  const earlier = res.getHeader('Set-Cookie');
  const cookies = [...(Array.isArray(earlier) ? earlier : earlier ? [String(earlier)] : []), ...response.headers.getSetCookie()];
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (res.req.method === 'HEAD') {
    // Node never sends a body for HEAD; do not render one either.
    await response.body.cancel();
    res.end();
    return;
  }
  // A JSON body (route data, API answers) is whole when the handler returns: sent in one write,
  // without a web-to-Node stream per response. Anything else (documents, deferred data) streams.
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const body = await response.arrayBuffer().catch(() => null);
    if (body) res.end(Buffer.from(body));
    else res.destroy();
    return;
  }
  const stream = Readable.fromWeb(response.body as NodeReadableStream);
  stream.pipe(res);
  await new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
  });
}
