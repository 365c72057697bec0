/**
 * Every route that reads an event or one of its media items says who may have what it serves
 * (`entitlement` in app/route-table.js and server/endpoints.ts): the entitlement matrix
 * (tests/e2e/security-entitlement.spec.ts, docs/decisions/0055) asks each declaration for a paid
 * event as every kind of caller. A route whose `ids` name an event, short code, chat file or media
 * id without an entitlement fails here; so does one whose own module reads such a parameter that
 * neither its `ids` nor its entitlement names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, EMBED_ROUTES, ROUTES, type Entitlement, type IdKind, type IdParams } from '#app/route-table.js';
import { SERVER_ENDPOINTS } from '#server/endpoints';

interface Declared {
  path: string;
  file?: string;
  ids?: IdParams;
  entitlements: Entitlement[];
}

const list = (e: Entitlement | ReadonlyArray<Entitlement> | undefined): Entitlement[] => (e === undefined ? [] : Array.isArray(e) ? [...e] : [e as Entitlement]);
const declared: Declared[] = [
  ...[...ROUTES, ...API_ROUTES, ...EMBED_ROUTES].map((r) => ({ path: r.path, file: r.file, ids: r.ids, entitlements: list(r.entitlement) })),
  ...SERVER_ENDPOINTS.map((e) => ({ path: e.path, ids: e.ids, entitlements: list(e.entitlement) })),
];

/** Id kinds that reach an event's content: the event itself, its short link, its chat files, its media. */
const EVENT_KINDS: ReadonlySet<IdKind> = new Set(['event', 'shortCode', 'chatFile', 'chatFileList', 'media']);
const LOCATIONS = ['query', 'body', 'actionQuery'] as const;
const SERVES = new Set(['live', 'replay', 'staff', 'organizer', 'own', 'public']);
const PLACEMENT = /^(query|body|form|actionQuery)\.[A-Za-z][\w]*$/;
/** Parameter names a route module reads an event or media id under. */
const EVENT_PARAMS = /\.get\(\s*'(event|eventId|mediaId|media|id|ids|file|photo|image|c)'\s*\)/g;

const placementsOf = (d: Declared) => d.entitlements.flatMap((e) => [e.event, e.media]).filter((p): p is string => p !== undefined);

describe('entitlement declarations', () => {
  it('cover every placement where a route reads an event, its short link, a chat file or a media id', () => {
    const missing: string[] = [];
    for (const d of declared) {
      for (const where of LOCATIONS) {
        const eventIds = Object.entries(d.ids?.[where] ?? {}).filter(([, kind]) => EVENT_KINDS.has(kind));
        if (!eventIds.length) continue;
        const covered = placementsOf(d).some((p) => p.startsWith(`${where}.`));
        if (!covered) missing.push(`${d.path} reads ${eventIds.map(([n]) => `${where}.${n}`).join(', ')} but declares no entitlement there`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("cover the event and media parameters a route's own module reads", () => {
    const missing: string[] = [];
    for (const d of declared.filter((x) => x.file)) {
      const module = join('app', d.file!);
      const serverHalf = module.replace(/\.tsx?$/, '.server.ts');
      const source = [module, serverHalf].filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
      const named = new Set([...LOCATIONS.flatMap((w) => Object.keys(d.ids?.[w] ?? {})), ...placementsOf(d).map((p) => p.split('.')[1]!)]);
      for (const [, name] of source.matchAll(EVENT_PARAMS)) {
        if (!named.has(name!)) missing.push(`${d.path} reads '${name}' (${d.file}) that neither its ids nor its entitlement names`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('name a placement, a rule and, for public answers, what may be shown', () => {
    const wrong: string[] = [];
    for (const d of declared) {
      for (const e of d.entitlements) {
        const where = `${d.path} ${JSON.stringify(e)}`;
        const targets = [e.event, e.media, e.lists].filter((x) => x !== undefined);
        if (targets.length !== 1) wrong.push(`${where}: names exactly one of event, media or lists`);
        for (const p of [e.event, e.media]) {
          if (p === undefined) continue;
          if (!PLACEMENT.test(p)) wrong.push(`${where}: "${p}" is not query.<name>, body.<name>, form.<name> or actionQuery.<name>`);
          const [loc, name] = p.split('.') as ['query' | 'body' | 'form' | 'actionQuery', string];
          const ids = loc === 'form' ? undefined : d.ids?.[loc];
          if (ids && !(name in ids)) wrong.push(`${where}: ${p} is not among the route's ids`);
          if (e.event && ids?.[name] === 'media') wrong.push(`${where}: ${p} is a media id (declare it as media)`);
        }
        const rule = e.serves ?? e.lists;
        if (!rule || !SERVES.has(rule) || (e.serves && e.lists)) wrong.push(`${where}: needs one rule (serves, or lists for a listing) among ${[...SERVES].join(', ')}`);
        if (e.kinds && !e.media) wrong.push(`${where}: kinds go with a media placement`);
        if (rule === 'public' && !e.shows?.trim()) wrong.push(`${where}: a public answer says what it shows`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declare the routes that serve an event: the rooms, the live broadcast, the media and the sockets', () => {
    const rule = (path: string) => declared.find((d) => d.path === path)?.entitlements.map((e) => e.serves ?? e.lists);
    expect(rule('/liveEventsContainer')).toEqual(['live']);
    expect(rule('/api/broadcast/live')).toEqual(['live']);
    expect(rule('/api/media/playlist')).toEqual(['replay']);
    expect(rule('/eventVod')).toEqual(['replay']);
    expect(rule('/vod')).toEqual(['replay']);
    expect(rule('/ws/chat')).toEqual(['live']);
    expect(rule('/preview')).toEqual(['public']);
  });
});
