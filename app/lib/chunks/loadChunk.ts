import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkFetchFailure } from './chunkLoadError';

/**
 * Loads a chunk (a dynamic import) within the 120-second limit of SPEC.md §8: a fetch failure
 * becomes a ChunkLoadError, and so does a chunk still loading when the time is up. Any other error
 * (the module threw while it ran) passes through unchanged.
 */
export function loadChunk<T>(importer: () => Promise<T>, chunk: string, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkFetchFailure(error) ? new ChunkLoadError(chunk, 'failed', { cause: error }) : error);
      },
    );
  });
}

