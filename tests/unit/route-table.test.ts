import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { matchRoutes } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, DEFAULT_MAX_BODY_BYTES, EMBED_ROUTES, FALLBACK_ROUTE, maxBodyBytesFor, ROUTES } from '#app/route-table.js';
import { SPEC_PROVIDERS, SPEC_SCREENS } from './spec-screens';

/** Every screen path of the specification (tests/unit/spec-screens.ts), {Provider} expanded. */
function specPaths(): Set<string> {
  const paths = new Set<string>(Object.values(SPEC_SCREENS).flat());
  // Expand /ssoSignUp{Provider} and /ssoSignIn{Provider} for the seven providers.
  for (const p of [...paths]) {
    if (p.includes('{Provider}')) {
      paths.delete(p);
      for (const provider of SPEC_PROVIDERS) paths.add(p.replace('{Provider}', provider));
    }
  }
  return paths;
}

describe('route table', () => {
  it('lists only screen paths of the specification', () => {
    const allowed = specPaths();
    expect(allowed.has('/signIn')).toBe(true);
    expect(allowed.has('/ssoSignInTikTok')).toBe(true);
    expect(allowed.size, 'the specification names 132 screen paths once {Provider} is expanded').toBe(132);
    for (const { path } of ROUTES) expect(allowed, `${path} is not a screen of the specification (tests/unit/spec-screens.ts)`).toContain(path);
  });

  it('has no two paths that collide ignoring case', () => {
    const seen = new Map<string, string>();
    for (const { path } of [...ROUTES, ...API_ROUTES, ...EMBED_ROUTES]) {
      const key = path.toLowerCase();
      expect(seen.get(key), `${path} collides with ${seen.get(key)}`).toBeUndefined();
      seen.set(key, path);
    }
  });

  it('points every path at an existing module', () => {
    for (const { path, file } of [...ROUTES, ...API_ROUTES, ...EMBED_ROUTES, FALLBACK_ROUTE]) {
      expect(existsSync(join(__dirname, '../../app', file)), `${path} → app/${file} is missing`).toBe(true);
    }
  });

  it('keeps embed pages under /embed/ (the only documents another site may frame, docs/decisions/0089)', () => {
    for (const { path } of EMBED_ROUTES) expect(path.startsWith('/embed/')).toBe(true);
  });

  it('keeps API endpoints under /api/', () => {
    for (const { path } of API_ROUTES) expect(path.startsWith('/api/')).toBe(true);
  });

  it('caps every request body: the route’s own maxBodyBytes, else a small default', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBeLessThanOrEqual(64 * 1024);
    for (const { path, maxBodyBytes } of [...ROUTES, ...API_ROUTES, ...EMBED_ROUTES]) {
      const cap = maxBodyBytesFor(path);
      expect(cap, path).toBe(maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
      expect(Number.isInteger(cap) && cap > 0 && cap <= 1024 * 1024, `${path}: ${cap}`).toBe(true);
    }
    // Paths outside the table (the fallback, the identity gateway) and wrong-case paths get the default.
    for (const path of ['/someFutureScreen', '/api/identity', '/contactus']) expect(maxBodyBytesFor(path), path).toBe(DEFAULT_MAX_BODY_BYTES);
  });
});

describe('client route matching (patched @remix-run/react)', () => {
  // @remix-run/react 2.17.5 dropped caseSensitive when building browser routes; patches/ fixes it.
  const require = createRequire(import.meta.url);
  const { createClientRoutes } = require('@remix-run/react/dist/routes.js') as {
    createClientRoutes: (manifest: Record<string, unknown>, cache: Record<string, unknown>, state: unknown, future: unknown, spa: boolean) => unknown[];
  };
  const manifest = {
    root: { id: 'root', path: '', hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: '' },
    signIn: { id: 'signIn', parentId: 'root', path: '/signIn', caseSensitive: true, hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: '' },
    fallback: { id: 'fallback', parentId: 'root', path: '*', hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: '' },
  };
  const modules = { root: { default: () => null }, signIn: { default: () => null }, fallback: { default: () => null } };
  const routes = createClientRoutes(manifest, modules, { loaderData: {}, actionData: null, errors: null }, {}, false) as Parameters<typeof matchRoutes>[0];

  it('matches the exact path', () => {
    expect(matchRoutes(routes, '/signIn')?.at(-1)?.route.id).toBe('signIn');
  });

  it('sends a wrong-case path to the fallback', () => {
    expect(matchRoutes(routes, '/signin')?.at(-1)?.route.id).toBe('fallback');
    expect(matchRoutes(routes, '/SIGNIN')?.at(-1)?.route.id).toBe('fallback');
  });
});
