/**
 * Posts to the library's JSON API (/api/media/items, /review, /playlists) through a Remix fetcher:
 * the screen's loader runs again afterwards, so the list shows what the server now holds, and
 * what the user typed stays in the form until the answer says it was saved.
 */
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import type { LibraryApiResponse } from '#app/lib/media/library';

export type LibraryEndpoint = 'items' | 'review' | 'playlists';

export function useLibraryApi(endpoint: LibraryEndpoint, key?: string) {
  const fetcher = useFetcher<LibraryApiResponse>(key ? { key } : undefined);
  // The fetcher forgets its body once idle; the screens need it to tell what the answer was for.
  const [sent, setSent] = useState<Record<string, unknown> | undefined>(undefined);
  return {
    send: (body: Record<string, unknown>) => {
      setSent(body);
      fetcher.submit(body as Parameters<typeof fetcher.submit>[0], { method: 'post', action: `/api/media/${endpoint}`, encType: 'application/json' });
    },
    busy: fetcher.state !== 'idle',
    /** The last answer, once the fetcher is idle again. */
    result: fetcher.state === 'idle' ? (fetcher.data ?? null) : null,
    /** The body of the request in flight or last sent. */
    sent,
  };
}
