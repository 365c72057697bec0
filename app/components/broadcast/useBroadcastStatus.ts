/**
 * The live state of an event's broadcast, kept fresh by short polling of /api/broadcast/status
 * (docs/decisions/0029: a few hundred bytes every 2 s, served by any app instance from one
 * DynamoDB read, where a server-sent stream would hold a connection per viewer). Polling pauses
 * while the tab is hidden.
 */
import { useEffect, useState } from 'react';
import { STATUS_POLL_MS, statusUrl, type BroadcastState } from '#app/lib/broadcast/model';

export function useBroadcastStatus(eventId: string, initial: BroadcastState | null, intervalMs = STATUS_POLL_MS): { state: BroadcastState | null; failing: boolean } {
  const [state, setState] = useState<BroadcastState | null>(initial);
  const [failing, setFailing] = useState(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (document.visibilityState !== 'hidden') {
        try {
          const res = await fetch(statusUrl(eventId), { headers: { Accept: 'application/json' } });
          if (!res.ok) throw new Error(String(res.status));
          const next = (await res.json()) as BroadcastState;
          if (!stopped) {
            setState(next);
            setFailing(false);
          }
        } catch {
          if (!stopped) setFailing(true);
        }
      }
      if (!stopped) timer = setTimeout(() => void poll(), intervalMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [eventId, intervalMs]);
  return { state, failing };
}
