/**
 * The live processing state of one item: polls /api/media/status every 2 s while it is processing
 * (or uploading), and revalidates the page's loaders once it is done, so the players get their
 * signed URLs. `retry()` posts /api/media/retry and starts polling again.
 */
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import type { MediaStatus } from '#app/lib/media/model';

export interface LiveStatus {
  status: MediaStatus;
  progress?: number;
  failure?: string;
}

const POLL_MS = 2000;
const WORKING: ReadonlySet<MediaStatus> = new Set(['uploading', 'processing']);

export function useMediaStatus(id: string, initial: LiveStatus) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<LiveStatus>(initial);
  const [pollFailed, setPollFailed] = useState(false);
  const [retry, setRetry] = useState<{ busy: boolean; error?: string }>({ busy: false });

  // The loader's newer word wins (after a revalidation).
  useEffect(() => setLive({ status: initial.status, progress: initial.progress, failure: initial.failure }), [initial.status, initial.progress, initial.failure]);

  const working = WORKING.has(live.status);
  useEffect(() => {
    if (!working) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const res = await fetch(`/api/media/status?id=${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as LiveStatus;
        if (stopped) return;
        setPollFailed(false);
        setLive(next);
        if (!WORKING.has(next.status)) revalidator.revalidate();
      } catch {
        if (!stopped) setPollFailed(true);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // revalidator changes identity on every render; only the item and its working state matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, working]);

  const startRetry = useCallback(async () => {
    setRetry({ busy: true });
    try {
      const res = await fetch('/api/media/retry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ mediaId: id }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; status?: MediaStatus };
      if (!res.ok) {
        setRetry({ busy: false, error: body.message ?? '' });
        return;
      }
      setLive({ status: body.status ?? 'processing', progress: 0 });
      setRetry({ busy: false });
    } catch {
      // No answer at all: the preview shows its own sentence for that.
      setRetry({ busy: false, error: '' });
    }
  }, [id]);

  return { live, pollFailed, retry, startRetry };
}
