/**
 * The request line and Host header, checked before anything builds a URL from them. A URL the
 * server cannot build (Host "aurora.localhost:99999", an absolute-form request line
 * "GET http://other.host/x") is the client's mistake: 400, never a 500 from `new URL`.
 */

/** A host name (or IPv4 address, optionally with the root's trailing dot) or a bracketed IPv6 address, then an optional port. */
const HOST_HEADER = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?$/i;

export type TargetProblem = 'badRequestLine' | 'badHost';

/**
 * Why the request's target cannot be served, or null. `url` is the raw request-target (Node's
 * req.url), `host` the Host header. The absolute form is refused: this server is no proxy, and
 * the tenant must come from exactly one place (the Host header).
 */
export function requestTargetProblem(url: string, host: string | undefined): TargetProblem | null {
  if (!url.startsWith('/')) return 'badRequestLine';
  if (host === undefined) return null; // HTTP/1.0 without Host: no tenant, answered as an unknown site
  const match = HOST_HEADER.exec(host);
  if (!match) return 'badHost';
  if (match[1] !== undefined) {
    const port = Number(match[1]);
    if (port < 1 || port > 65535) return 'badHost';
  }
  try {
    new URL(`http://${host}${url}`);
  } catch {
    return 'badHost';
  }
  return null;
}

/** The scheme the request came in on: X-Forwarded-Proto only through a trusted proxy, and only http(s). */
export function requestScheme(protocol: string): 'http' | 'https' {
  return protocol === 'https' ? 'https' : 'http';
}

/**
 * The origin of a request whose target passed requestTargetProblem: scheme + Host, normalized by
 * the URL parser (lower case, default port dropped). Pages build absolute URLs from it and the
 * render cache keys by it, so a page is only ever served to the host it names.
 */
export function requestOrigin(protocol: string, host: string | undefined): string {
  return new URL(`${requestScheme(protocol)}://${host ?? 'localhost'}`).origin;
}
