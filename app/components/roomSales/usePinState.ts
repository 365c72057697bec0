/**
 * The room's pinned sale, live: read by GET when the chat (re)joins (so a late joiner or a
 * reconnected browser has the current card) and changed by the room's 'pin' notices; the newest
 * version wins whichever arrives first.
 */
import { useCallback, useEffect, useState } from 'react';
import { useChat } from '#app/components/chat/useChat';
import { ROOM_SALES_PATH, type PinRequest, type PinState } from '#app/lib/roomSales/model';

const newer = (current: PinState | null, next: PinState) => (!current || next.version >= current.version ? next : current);

export function usePinState(eventId: string) {
  const chat = useChat();
  const [state, setState] = useState<PinState | null>(null);
  const { onNotice, canAct } = chat;

  useEffect(() => onNotice((notice) => notice.kind === 'pin' && setState((s) => newer(s, notice.state))), [onNotice]);

  useEffect(() => {
    if (!canAct) return;
    let stopped = false;
    void fetch(`${ROOM_SALES_PATH}?event=${encodeURIComponent(eventId)}`, { headers: { Accept: 'application/json' } })
      .then(async (r) => (r.ok ? ((await r.json()) as PinState) : null))
      .then((next) => {
        if (next && !stopped) setState((s) => newer(s, next));
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [eventId, canAct]);

  /** Pins or unpins (organizer and hosts); resolves to the error's message, or null when done. */
  const change = useCallback(async (request: PinRequest): Promise<string | null> => {
    try {
      const response = await fetch(ROOM_SALES_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(request),
      });
      const body = (await response.json().catch(() => null)) as (PinState & { message?: string }) | null;
      if (!response.ok) return body?.message ?? response.statusText;
      if (body) setState((s) => newer(s, { pin: body.pin, version: body.version }));
      return null;
    } catch {
      return '';
    }
  }, []);

  return { state, change };
}
