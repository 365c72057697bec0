import type { ComponentType } from 'react';
import { ChunkLoadError } from './chunkLoadError';
import { loadChunk } from './loadChunk';

/** The part of a React Router data route the guard touches. */
export interface LazyRoute {
  id: string;
  lazy?: () => Promise<unknown>;
  children?: LazyRoute[];
}

const guarded = new WeakSet<() => Promise<unknown>>();

/**
 * Route modules load on client-side navigation through each route's `lazy()`. Remix's loader
 * (patched, see patches/@remix-run+react+2.17.5.patch) now rethrows a failed import instead of
 * reloading the page; this puts the same import under the 120-second limit first. A module that
 * fails or hangs makes the route render `missing` (the reload message) in the tenant's layout: the
 * route's own screen, not the root error boundary, whose switch from the page re-creates the
 * document's head and with it drops every style the page had inserted
 * (docs/decisions/0050-chunk-loading.md). The module once imported, Remix's own import of the same
 * URL resolves from the browser's module map.
 */
export function guardRouteModules(routes: LazyRoute[], moduleUrl: (routeId: string) => string | undefined, missing: ComponentType): void {
  for (const route of routes) {
    const original = route.lazy;
    const url = moduleUrl(route.id);
    if (original && url && !guarded.has(original)) {
      const lazy = () =>
        loadChunk(() => import(/* @vite-ignore */ url).then(() => original()), url).catch((error: unknown) => {
          if (error instanceof ChunkLoadError) return { Component: missing };
          throw error;
        });
      guarded.add(lazy);
      route.lazy = lazy;
    }
    if (route.children) guardRouteModules(route.children, moduleUrl, missing);
  }
}
