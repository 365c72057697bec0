/**
 * The room's way in, after the page has mounted: a room token (the one the room's data brought
 * while it has a minute left, else one asked of the server), then ask the server whether the
 * video service answers at all (so the browser does not hammer an address where nothing listens),
 * then hand the token to the LiveKit connection. `retry()` starts over with a new token.
 */
import { useFetcher, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomErrorCode, RoomTokenResponse } from '#app/lib/events/api';
import { fetchRoomToken } from './roomApi';

export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'refused'; error: RoomErrorCode | 'network'; message: string; opensAt?: string }
  | { kind: 'unavailable'; detail?: string }
  | { kind: 'ready'; session: RoomTokenResponse; attempt: number };

export interface ProbeAnswer {
  probed: boolean;
  reachable: boolean | null;
  error: string | null;
}

/** The token request's refusals that are not about the video service itself. */
const REFUSALS: ReadonlySet<string> = new Set(['unauthenticated', 'notFound', 'forbidden', 'blocked', 'notYetOpen', 'ended', 'expired', 'cancelled']);

/** A token the room's data brought is used only while it has at least this long left. */
const FIRST_TOKEN_MIN_LEFT_MS = 60_000;

const usable = (session: RoomTokenResponse | null, now = Date.now()): session is RoomTokenResponse =>
  session !== null && Date.parse(session.expiresAt) - now >= FIRST_TOKEN_MIN_LEFT_MS;

/** `firstSession`: the token from the room's data (docs/decisions/0024), used for the first attempt only. */
export function useRoomSession(eventId: string, connects: boolean, firstSession: RoomTokenResponse | null = null) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const probe = useFetcher<ProbeAnswer>({ key: `room-probe-${eventId}` });
  const location = useLocation();
  const pending = useRef<{ session: RoomTokenResponse; attempt: number } | null>(null);
  const submitProbe = probe.submit;
  const probeAction = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!connects) return;
    let cancelled = false;
    setPhase({ kind: 'loading' });
    pending.current = null;
    const first = attempt === 0 && usable(firstSession) ? { ok: true as const, data: firstSession } : null;
    void (first ? Promise.resolve(first) : fetchRoomToken(eventId)).then((result) => {
      if (cancelled) return;
      if (!result.ok) {
        if (REFUSALS.has(result.error)) setPhase({ kind: 'refused', error: result.error, message: result.message, opensAt: result.opensAt });
        else setPhase({ kind: 'unavailable', detail: result.message });
        return;
      }
      pending.current = { session: result.data, attempt };
      submitProbe({ intent: 'probe' }, { method: 'post', action: probeAction });
    });
    return () => {
      cancelled = true;
    };
    // The first token is read when an attempt starts; new room data does not restart one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, attempt, connects, submitProbe, probeAction]);

  useEffect(() => {
    if (probe.state !== 'idle' || !probe.data || !pending.current) return;
    const { session, attempt: forAttempt } = pending.current;
    pending.current = null;
    if (probe.data.probed && probe.data.reachable === false) setPhase({ kind: 'unavailable' });
    else setPhase({ kind: 'ready', session, attempt: forAttempt });
  }, [probe.state, probe.data]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const markUnavailable = useCallback((detail?: string) => setPhase({ kind: 'unavailable', detail }), []);
  return { phase, retry, markUnavailable };
}
