/**
 * The route a request path belongs to, for metric labels and access lines: a bounded set (every
 * path of the route table, the server's own endpoints, and three catch-alls), never the raw path.
 */
import { API_ROUTES, EMBED_ROUTES, ROUTES } from '#app/route-table.js';
import { SERVER_ENDPOINTS } from '../endpoints';

const EXACT = new Set<string>([...ROUTES, ...API_ROUTES, ...EMBED_ROUTES].map((r) => r.path));

/** Server endpoints as patterns: `:name` one segment, a trailing `*` anything below. */
const PATTERNS: Array<[RegExp, string]> = SERVER_ENDPOINTS.filter((e) => e.path.includes(':') || e.path.endsWith('*')).map((e) => [
  new RegExp(`^${e.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/\*$/, '/.+').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  e.path,
]);
for (const e of SERVER_ENDPOINTS) if (!e.path.includes(':') && !e.path.endsWith('*')) EXACT.add(e.path);

/** A file under the build or public folder (`/robots.txt`): static, whatever its name. */
const FILE_LIKE = /\.[A-Za-z0-9]{1,8}$/;

export function routeOf(path: string): string {
  if (EXACT.has(path)) return path;
  for (const [pattern, route] of PATTERNS) if (pattern.test(path)) return route;
  return FILE_LIKE.test(path) ? '(file)' : '(unmatched)';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A method label from a bounded set. */
export function methodOf(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** "2xx", "4xx", …: the status label. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}
