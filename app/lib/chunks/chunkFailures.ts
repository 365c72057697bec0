import { useSyncExternalStore } from 'react';
import type { ChunkLoadError } from './chunkLoadError';

/**
 * Chunk failures that happen outside rendering (a stylesheet that failed, a module an effect
 * imports): the first one is kept and shown as a notice over the page. A failure that reaches the
 * root error boundary shows the message in the page instead; while it does, the notice stays away.
 */
interface State {
  failure: ChunkLoadError | null;
  shownInPage: number;
}

let state: State = { failure: null, shownInPage: 0 };
const listeners = new Set<() => void>();

function update(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

export function reportChunkLoadError(error: ChunkLoadError): void {
  if (!state.failure) update({ ...state, failure: error });
}

/** The page-level message is on screen (returns its cleanup). */
export function markShownInPage(): () => void {
  update({ ...state, shownInPage: state.shownInPage + 1 });
  return () => update({ ...state, shownInPage: state.shownInPage - 1 });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noFailure: State = { failure: null, shownInPage: 0 };

/** The failure the notice should show, or null (always null on the server). */
export function useChunkFailureNotice(): ChunkLoadError | null {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => noFailure,
  );
  return current.shownInPage > 0 ? null : current.failure;
}
