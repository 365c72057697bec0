/**
 * SPEC.md §8: a script or stylesheet chunk that fails to load, or has not loaded after 120 seconds,
 * is a ChunkLoadError; the app shows its reload message for it (docs/decisions/0050).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadReason = 'failed' | 'timeout';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    /** The chunk's URL or, for a lazily imported component, its name. */
    readonly chunk: string,
    readonly reason: ChunkLoadReason,
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? `Loading chunk ${chunk} did not finish within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s` : `Loading chunk ${chunk} failed`, options);
  }
}

/**
 * How browsers and Vite word a module or stylesheet that could not be fetched: Chromium, Firefox,
 * Safari, and Vite's preload helper. An error thrown while a fetched module runs is a bug, not one of these.
 */
const FETCH_FAILURES = [/Failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /Importing a module script failed/i, /Unable to preload CSS/i];

/** A native dynamic-import or preload failure (not yet wrapped). */
export function isChunkFetchFailure(error: unknown): error is Error {
  return error instanceof Error && FETCH_FAILURES.some((pattern) => pattern.test(error.message));
}

/** A ChunkLoadError, or a chunk fetch failure that reached an error boundary unwrapped. */
export function isChunkLoadError(error: unknown): error is Error {
  return (error instanceof Error && error.name === 'ChunkLoadError') || isChunkFetchFailure(error);
}
