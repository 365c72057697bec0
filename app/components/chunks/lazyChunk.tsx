import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ChunkLoadError } from '#app/lib/chunks/chunkLoadError';
import { loadChunk } from '#app/lib/chunks/loadChunk';
import { ChunkLoadMessage } from './ChunkLoadMessage';

function ChunkMissing() {
  return <ChunkLoadMessage placement="region" />;
}

/**
 * React.lazy through loadChunk (the 120-second limit): a component whose chunk cannot be had
 * renders the reload message in its place, and the rest of the page stays as it is. Any other
 * error while loading it still reaches the error boundaries.
 */
export function lazyChunk<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>, chunk: string): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    loadChunk(importer, chunk).catch((error: unknown) => {
      if (error instanceof ChunkLoadError) return { default: ChunkMissing as ComponentType<P> };
      throw error;
    }),
  );
}
