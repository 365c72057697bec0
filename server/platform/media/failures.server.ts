/**
 * Why processing failed, as a code stored on the item (item.failure); screens translate it with
 * `player.failure.<code>` (failureMessageKey in app/lib/media/failures.ts). A ProcessingError is the file's fault: it
 * fails the job at once (retrying cannot help). Any other error is treated as passing (storage,
 * database, a killed tool) and retried with backoff.
 */
import type { MediaFailure } from '#app/lib/media/failures';

export class ProcessingError extends Error {
  constructor(
    public code: MediaFailure,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ProcessingError';
  }
}

export const isProcessingError = (e: unknown): e is ProcessingError => e instanceof Error && e.name === 'ProcessingError';
