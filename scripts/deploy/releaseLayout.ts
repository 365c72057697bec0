/**
 * The release tarball's layout (`npm run release`, scripts/release.ts), shared with the deployment
 * (deploy/lib/services.ts) so the services start the files the tarball holds.
 */

/** Entry modules, bundled to plain ESM JavaScript so the release runs with `node` alone (no tsx). */
export const RELEASE_ENTRIES = {
  app: { source: 'server/index.ts', bundle: 'dist/server.mjs' },
  mediaWorker: { source: 'server/media/worker.ts', bundle: 'dist/media-worker.mjs' },
  ingestWorker: { source: 'server/broadcast/ingest/worker.ts', bundle: 'dist/ingest-worker.mjs' },
} as const;

export type ReleaseEntry = keyof typeof RELEASE_ENTRIES;

/** Folders the server reads at run time from CONFIG_ROOT (server/env.server.ts) and the production build. */
export const RELEASE_FOLDERS = ['build', 'tenants', 'themes', 'templates'] as const;

/** Where the tarball unpacks in the image (deploy/Dockerfile) and its CONFIG_ROOT. */
export const RELEASE_ROOT = '/srv/platform';
