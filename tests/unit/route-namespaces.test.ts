/**
 * Every screen declares the translation namespaces it renders (docs/decisions/0019): a route's
 * `handle` names exactly the namespaces whose keys appear in the modules its screen is built from
 * (the route module and everything it imports, server halves aside: the server translates with
 * every namespace), and the shell the root renders on every page needs `common` only. A page that
 * used a key of a namespace it does not declare would show the raw key; one that declared more
 * would carry strings it never shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_ROUTE, ROUTES } from '#app/route-table.js';
import en from '#app/locales/en';
import { COMMON_SECTIONS, namespacesOf, type Namespace } from '#app/lib/i18n/namespaces';

const ROOT = process.cwd();
const APP = join(ROOT, 'app');
const SECTIONS = Object.keys(en);
const COMMON = new Set<string>(COMMON_SECTIONS);
// import/export … from '…' (value imports only) and dynamic import('…').
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
// A key literal: 'schedule.saved.preview', "nav.home" or the head of `live.errors.${code}`.
const KEY = new RegExp(`['"\`](${SECTIONS.join('|')})\\.[A-Za-z_$]`, 'g');

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('#app/') ? join(APP, spec.slice('#app/'.length)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  return [`${base}.ts`, `${base}.tsx`, base, join(base, 'index.ts')].find((f) => /\.[jt]sx?$/.test(f) && existsSync(f)) ?? null;
}

/** The module and every app/ module it imports, transitively; server halves and locales left out. */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (m[1]) continue;
      const target = resolveImport(file, m[2] ?? m[3]!);
      if (target && !/\.server\.tsx?$/.test(target) && !target.startsWith(join(APP, 'locales'))) queue.push(target);
    }
  }
  return [...seen];
}

/** Source without comments (they quote keys as examples). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** A module that renders only in the browser may fetch its own namespace: `useNamespace('reactions')`. */
const FETCHES_OWN = /useNamespace\('([a-zA-Z]+)'\)/g;

/** Namespaces whose keys appear in these files, with the files that use each (a namespace a file fetches itself aside). */
function usedNamespaces(files: string[]): Map<Namespace, string[]> {
  const out = new Map<Namespace, string[]>();
  for (const file of files) {
    const source = withoutComments(readFileSync(file, 'utf8'));
    const ownFetch = new Set([...source.matchAll(FETCHES_OWN)].map((m) => m[1]));
    for (const m of source.matchAll(KEY)) {
      if (ownFetch.has(m[1]!)) continue;
      const ns = (COMMON.has(m[1]!) ? 'common' : m[1]) as Namespace;
      const users = out.get(ns) ?? [];
      if (!users.includes(relative(ROOT, file))) users.push(relative(ROOT, file));
      out.set(ns, users);
    }
  }
  return out;
}

/** What a route module's `handle` declares: `staticHandle(…)` / `staticUnlessHandle(needsApp, …)` / `i18nHandle(…)` / `stageHandle(…)`, or null without one. */
function declared(file: string): Namespace[] | null {
  const source = readFileSync(file, 'utf8');
  const m = /export const handle = (?:staticHandle|staticUnlessHandle|i18nHandle|stageHandle)\(([^)]*)\);/.exec(source);
  if (!m) {
    expect(source, `${relative(ROOT, file)} exports a handle not built with staticHandle, staticUnlessHandle, i18nHandle or stageHandle`).not.toMatch(/export (const|\{[^}]*) handle\b/);
    return null;
  }
  return [...m[1]!.matchAll(/'([^']+)'/g)].map((n) => n[1] as Namespace);
}

const routeFiles = [...new Set([...ROUTES, FALLBACK_ROUTE].map((r) => join(APP, r.file)))];

describe('translation namespaces of the screens', () => {
  it('the root and its shell use common keys only', () => {
    const used = usedNamespaces(closure(join(APP, 'root.tsx')));
    expect([...used.keys()], JSON.stringify(Object.fromEntries(used))).toEqual(['common']);
  });

  it('finds the keys of the screens (the analysis sees something)', () => {
    const room = usedNamespaces(closure(join(APP, 'routes/live/room.tsx')));
    expect([...room.keys()]).toEqual(expect.arrayContaining(['live', 'chat', 'events']));
  });

  it.each(routeFiles.map((f) => [relative(ROOT, f), f]))('%s declares exactly the namespaces it renders', (_name, file) => {
    const used = usedNamespaces(closure(file));
    used.delete('common');
    const needed = [...used.keys()].sort();
    const names = declared(file);
    const detail = Object.entries(Object.fromEntries(used))
      .map(([ns, users]) => `${ns}: ${users.join(', ')}`)
      .join('\n');
    expect([...(names ?? [])].sort(), `handle.i18n of ${relative(ROOT, file)}; keys found in\n${detail}`).toEqual(needed);
  });

  it('leaves out a namespace a browser-only part fetches itself, and only that one', () => {
    const room = usedNamespaces(closure(join(APP, 'routes/live/room.tsx')));
    // The reactions bar and the captions layer call useNamespace; their files' other keys still count.
    expect([...room.keys()]).not.toEqual(expect.arrayContaining(['reactions']));
    expect([...room.keys()]).not.toEqual(expect.arrayContaining(['captions']));
    expect(room.get('live')).toEqual(expect.arrayContaining(['app/components/live/room/StageArea.tsx']));
  });

  it('declares only namespaces that exist, each once', () => {
    const known = new Set(namespacesOf(en));
    for (const file of routeFiles) {
      const names = declared(file) ?? [];
      for (const ns of names) expect(known.has(ns), `${relative(ROOT, file)}: ${ns}`).toBe(true);
      expect(new Set(names).size, relative(ROOT, file)).toBe(names.length);
    }
  });
});
