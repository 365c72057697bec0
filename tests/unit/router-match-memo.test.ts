// The server's route matching (patches/@remix-run+router+1.23.3.patch, docs/decisions/0024 and 0091): each tree is
// ranked once, each pattern compiled once, and the branch a pathname matched is remembered, so a request
// matches one branch instead of every branch before it. The answers must be those of matching from scratch.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AgnosticRouteObject } from '@remix-run/router';

// The server loads the CommonJS build (the patched file), as `require` resolves it.
const { matchRoutes } = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router');

const tree = (): AgnosticRouteObject[] => [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true },
      { id: 'item', path: 'items/:itemId' },
      { id: 'optional', path: 'docs/:lang?/guide' },
      { id: 'signIn', path: 'signIn', caseSensitive: true },
      { id: 'room', path: 'liveEventsContainer' },
      { id: 'fallback', path: '*' },
    ],
  },
];

const summary = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;
const PATHS = ['/', '/items/1', '/items/2', '/items/a%20b', '/docs/guide', '/docs/fr/guide', '/signIn', '/signin', '/liveEventsContainer', '/liveEventsContainer/', '/nowhere/at/all'];

describe('route matching with the remembered branch', () => {
  it('answers every pathname as matching from scratch does, again and again', () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(summary(matchRoutes(routes, path))).toEqual(summary(matchRoutes(tree(), path)));
    }
    expect(summary(matchRoutes(routes, '/items/2'))?.at(-1)).toMatchObject({ id: 'item', params: { itemId: '2' } });
    expect(matchRoutes(routes, '/signin')?.at(-1)?.route.id).toBe('fallback');
  });

  it('gives each call its own answer: changing one changes no later one', () => {
    const routes = tree();
    const first = matchRoutes(routes, '/items/7')!;
    (first.at(-1)!.params as Record<string, string>).itemId = 'changed';
    expect(matchRoutes(routes, '/items/7')?.at(-1)?.params).toEqual({ itemId: '7' });
  });

  it('a basename that does not match is still no match', () => {
    const routes = tree();
    expect(matchRoutes(routes, '/items/1', '/app')).toBeNull();
    expect(matchRoutes(routes, '/app/items/1', '/app')?.at(-1)?.params).toEqual({ itemId: '1' });
  });
});
