import { API_ROUTES, EMBED_ROUTES, FALLBACK_ROUTE, ROUTES } from '#app/route-table.js';

/** Route id: the path itself, so two paths sharing one module stay distinct. */
const routeId = (path) => (path === '/' ? 'index' : path.replace(/^\//, '').replace(/\W/g, '_'));

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ['**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      for (const { path, file } of [...ROUTES, ...API_ROUTES, ...EMBED_ROUTES]) {
        route(path, file, { id: routeId(path), caseSensitive: true });
      }
      route(FALLBACK_ROUTE.path, FALLBACK_ROUTE.file, { id: 'fallback' });
    }),
};
