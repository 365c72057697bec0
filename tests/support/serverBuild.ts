/**
 * A Remix server build with only the routes a test gives (each a child of an empty root): the app's
 * request path (tenant, context, outages, caches) runs for real, the screens do not.
 */
import type { ServerBuild } from '@remix-run/node';

export function testServerBuild(routes: Record<string, { path: string; module: Record<string, unknown> }>): ServerBuild {
  return {
    mode: 'production',
    basename: '/',
    publicPath: '/build/',
    assetsBuildDirectory: 'build/client',
    isSpaMode: false,
    future: {},
    entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
    assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: 'test' },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      ...Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, parentId: 'root', ...route }])),
    },
  } as unknown as ServerBuild;
}
