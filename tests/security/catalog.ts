/**
 * Every endpoint the platform serves, read from its two sources of truth: the Remix route table
 * (app/route-table.js: screens and API routes) and the server's own list (server/endpoints.ts:
 * health, theme, locales, brand, favicon, assets, identity gateway, chat socket). A route added
 * to either is fuzzed and cross-checked by the security suites without anyone writing a test for it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API_ROUTES, EMBED_ROUTES, ROUTES } from '#app/route-table.js';
import type { Entitlement, IdKind, IdParams, Serves } from '#app/route-table.js';
import { SERVER_ENDPOINTS } from '#server/endpoints';

export type { Entitlement, IdKind, IdParams, Serves };

export interface Endpoint {
  /** The route as declared ("/preview", "/theme/:file"). */
  route: string;
  /** A concrete path to request. */
  path: string;
  kind: 'screen' | 'api' | 'server' | 'identity' | 'websocket';
  /** The module answers GET (a loader, or a server GET handler). */
  get: boolean;
  /** The module takes POST (an action, or a server POST handler). */
  post: boolean;
  /** Served before the tenant is resolved. */
  anyHost: boolean;
  /** The route module (app/…), shared by some routes (room layouts, social providers). */
  module?: string;
  ids?: IdParams;
  /** What it serves of an event, and to whom (none: it serves nothing of one). */
  entitlements: Entitlement[];
}

const listOf = (e: Entitlement | ReadonlyArray<Entitlement> | undefined): Entitlement[] => (e === undefined ? [] : Array.isArray(e) ? [...e] : [e as Entitlement]);

const APP_DIR = join(process.cwd(), 'app');
/** Where loaders and actions read fields: the routes and the server's features, which hold the pieces several of them share. */
const FIELD_DIRS = [APP_DIR, join(process.cwd(), 'server')];

function exports(file: string, name: 'loader' | 'action'): boolean {
  const source = readFileSync(join(APP_DIR, file), 'utf8');
  return new RegExp(`export\\s+(?:async\\s+function|function|const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(source);
}

export function endpoints(): Endpoint[] {
  const fromTable = (kind: 'screen' | 'api') => (e: { path: string; file: string; ids?: IdParams; entitlement?: Entitlement | ReadonlyArray<Entitlement> }): Endpoint => ({
    route: e.path,
    path: e.path,
    kind,
    // Screens always render (a loader or not); API routes answer GET only with a loader.
    get: kind === 'screen' || exports(e.file, 'loader'),
    post: exports(e.file, 'action'),
    anyHost: false,
    module: e.file,
    ids: e.ids,
    entitlements: listOf(e.entitlement),
  });
  return [
    ...ROUTES.map(fromTable('screen')),
    ...EMBED_ROUTES.map(fromTable('screen')),
    ...API_ROUTES.map(fromTable('api')),
    ...SERVER_ENDPOINTS.map(
      (e): Endpoint => ({
        route: e.path,
        path: e.sample,
        kind: e.protocol === 'http' ? 'server' : e.protocol,
        get: e.methods.includes('GET'),
        post: e.methods.includes('POST'),
        anyHost: e.anyHost ?? false,
        ids: e.ids,
        entitlements: listOf(e.entitlement),
      }),
    ),
  ];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

let fieldNames: string[] | undefined;

/**
 * Every query parameter and form field name the app reads or renders (`.get('x')`, `name="x"`),
 * plus every declared id parameter: the fuzz suite fills them all, so new fields are covered.
 */
export function knownFieldNames(): string[] {
  if (fieldNames) return fieldNames;
  const names = new Set<string>();
  for (const file of FIELD_DIRS.flatMap((dir) => walk(dir))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\.get(?:All)?\(\s*'([A-Za-z][\w]{0,40})'\s*\)/g)) names.add(m[1]!);
    for (const m of source.matchAll(/\bname="([A-Za-z][\w]{0,40})"/g)) names.add(m[1]!);
  }
  for (const e of endpoints()) {
    for (const n of Object.keys(e.ids?.query ?? {})) names.add(n);
    for (const n of Object.keys(e.ids?.body ?? {})) names.add(n);
  }
  // JSON fields of the API bodies (app/lib/events/api.ts, app/lib/chat/files.ts, batchGet), socket
  // frames, and Remix's own parameters (data requests, index routes).
  for (const n of ['eventId', 'identity', 'kind', 'type', 'size', 'keys', 'projectionExpression', 'msgId', 'userId', '_data', 'index']) names.add(n);
  fieldNames = [...names].sort();
  return fieldNames;
}
