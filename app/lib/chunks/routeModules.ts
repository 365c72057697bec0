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
 * reloading the page; this puts the same import under the 120-second limit first, so a module that
 * fails or hangs becomes a ChunkLoadError on the route, which the root error boundary shows as the
 * reload message (docs/decisions/0050-chunk-loading.md). The module once imported, Remix's own
 * import of the same URL resolves from the browser's module map.
 */
export function guardRouteModules(routes: LazyRoute[], moduleUrl: (routeId: string) => string | undefined): void {
  for (const route of routes) {
    const original = route.lazy;
    const url = moduleUrl(route.id);
    if (original && url && !guarded.has(original)) {
      const lazy = () => loadChunk(() => import(/* @vite-ignore */ url).then(() => original()), url);
      guarded.add(lazy);
      route.lazy = lazy;
    }
    if (route.children) guardRouteModules(route.children, moduleUrl);
  }
}
