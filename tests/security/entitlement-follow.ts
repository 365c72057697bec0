/**
 * The bytes half of the entitlement matrix: an answer given to a caller the rule refuses (or any
 * sweep answer) that is an HLS playlist or a redirect out of the app is followed as that caller
 * would follow it: a master playlist to its rendition playlist (through the app, with the
 * caller's cookies), a rendition to its first segments, a redirect to the signed file in storage.
 * What comes back is searched for the markers the caller may not see, so a playlist that names
 * nothing itself still shows its segments' bytes.
 */
import { describeLeak, leakedMarkers, textOf, type Caller, type Marker } from './entitlement-rule';
import { HttpConnection, type RawResponse } from './http';
import { emptyResult, type RunResult } from './runner';

export interface Followable {
  endpoint: string;
  method: string;
  input: string;
  caller: Caller;
  response: RawResponse;
  /** The original request as sent (ids it carried are no leak). */
  sent: string;
}

export interface FollowContext {
  port: number;
  host: string;
  markers: readonly Marker[];
}

/** Links worth following in a refused caller's answer: a playlist's first URIs, or where it redirects out of the app. */
export function linksOf(res: RawResponse): string[] {
  const location = res.headers.location;
  if (res.status >= 300 && res.status < 400 && location && /^https?:\/\//.test(location)) return [location];
  const body = res.body.toString('utf8');
  if (!body.startsWith('#EXTM3U')) return [];
  return body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, 2);
}

export const isFollowable = (res: RawResponse) => res.status < 500 && linksOf(res).length > 0;

const MAX_DEPTH = 3;

export async function followServed(ctx: FollowContext, items: readonly Followable[]): Promise<RunResult> {
  const result = emptyResult();
  const conn = new HttpConnection(ctx.port);
  const fetchText = async (url: string, caller: Caller): Promise<RawResponse | null> => {
    result.requests++;
    if (url.startsWith('/')) {
      const headers: Array<[string, string]> = [['Host', ctx.host], ...(caller.cookie ? ([['Cookie', caller.cookie]] as Array<[string, string]>) : [])];
      const out = await conn.send({ method: 'GET', target: url, headers }, 10_000);
      return out.kind === 'response' ? out.response : null;
    }
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
    } catch {
      return null;
    }
  };
  try {
    for (const item of items) {
      const seen = new Set<string>();
      const walk = async (res: RawResponse, trail: string, depth: number): Promise<void> => {
        if (depth >= MAX_DEPTH) return;
        for (const link of linksOf(res)) {
          if (seen.has(link)) continue;
          seen.add(link);
          const next = await fetchText(link, item.caller);
          if (!next) continue;
          const path = `${trail} → ${link.startsWith('/') ? link : new URL(link).pathname.split('/').slice(-2).join('/')}`;
          const leaked = leakedMarkers(ctx.markers, item.caller.role, textOf(next), item.sent);
          if (leaked.length) {
            result.leaks++;
            result.failures.push({ endpoint: item.endpoint, method: item.method, as: item.caller.as, input: `${item.input}, then${path}`, result: describeLeak(next.status, leaked).text });
          }
          await walk(next, path, depth + 1);
        }
      };
      await walk(item.response, '', 0);
    }
  } finally {
    conn.close();
  }
  return result;
}
