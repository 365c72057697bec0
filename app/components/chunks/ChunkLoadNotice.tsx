import { useEffect } from 'react';
import { isChunkLoadError } from '#app/lib/chunks/chunkLoadError';
import { reportChunkLoadError, useChunkFailureNotice } from '#app/lib/chunks/chunkFailures';
import { guardRouteModules, type LazyRoute } from '#app/lib/chunks/routeModules';
import { watchStylesheets } from '#app/lib/chunks/stylesheets';
import { ChunkLoadMessage } from './ChunkLoadMessage';

interface RemixWindow {
  __remixRouter?: { routes: LazyRoute[] };
  __remixManifest?: { routes: Record<string, { module: string } | undefined> };
}

/** What a route whose module could not be loaded renders. */
function ChunkMissingPage() {
  return <ChunkLoadMessage placement="page" />;
}

/**
 * Watches the page's chunks once it runs in the browser (docs/decisions/0050-chunk-loading.md):
 * route modules under the 120-second limit, stylesheets that fail or hang, and shows the reload
 * notice for a failure outside rendering. Renders nothing until one happens.
 */
export function ChunkLoadNotice() {
  const failure = useChunkFailureNotice();
  useEffect(() => {
    const remix = window as unknown as RemixWindow;
    const manifest = remix.__remixManifest;
    if (remix.__remixRouter && manifest) guardRouteModules(remix.__remixRouter.routes, (id) => manifest.routes[id]?.module, ChunkMissingPage);
    const stopWatching = watchStylesheets(reportChunkLoadError);
    // A route module prefetched on hover (<Link prefetch="intent">) that fails rejects where nobody
    // waits for it; the navigation, if the visitor follows the link, shows the message.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      stopWatching();
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return failure ? <ChunkLoadMessage placement="notice" /> : null;
}
