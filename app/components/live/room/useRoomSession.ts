/**
 * The room's way in, after the page has mounted: a room token (the one the room's data brought
 * while it has a minute left, else one asked of the server), then ask the server whether the
 * video service answers at all (so the browser does not hammer an address where nothing listens),
 * then hand the token to the LiveKit connection. `retry()` starts over with a new token; while
 * video is unavailable the hook retries by itself (videoRetryDelayMs).
 */
import { useFetcher, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomErrorCode, RoomTokenResponse } from '#app/lib/events/api';
import { fetchRoomToken } from './roomApi';
import { fetchBreakoutToken } from '#app/components/live/breakouts/breakoutsApi';

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

/** Delay before the room's automatic attempt `n` (0-based) while video is unavailable: 5 s doubling to 20 s, ±25 % jitter. */
export function videoRetryDelayMs(n: number, random = Math.random): number {
  const base = Math.min(20_000, 5_000 * 2 ** n);
  return Math.round(base * (0.75 + random() / 2));
}

const usable = (session: RoomTokenResponse | null, now = Date.now()): session is RoomTokenResponse =>
  session !== null && Date.parse(session.expiresAt) - now >= FIRST_TOKEN_MIN_LEFT_MS;

/**
 * `firstSession`: the token from the room's data (docs/decisions/0024), used for the first attempt only.
 * `breakout`: the breakout room whose token to ask for instead of the main room's (docs/decisions/0084).
 */
export function useRoomSession(eventId: string, connects: boolean, firstSession: RoomTokenResponse | null = null, breakout: string | null = null) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const probe = useFetcher<ProbeAnswer>({ key: `room-probe-${eventId}` });
  const location = useLocation();
  const pending = useRef<{ session: RoomTokenResponse; attempt: number } | null>(null);
  const automatic = useRef(0);
  const quiet = useRef(false);
  const submitProbe = probe.submit;
  const probeAction = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!connects) return;
    let cancelled = false;
    // An automatic attempt keeps the unavailable message up until it knows better (no flicker).
    if (!quiet.current) setPhase({ kind: 'loading' });
    quiet.current = false;
    pending.current = null;
    const first = attempt === 0 && !breakout && usable(firstSession) ? { ok: true as const, data: firstSession } : null;
    void (first ? Promise.resolve(first) : breakout ? fetchBreakoutToken(eventId, breakout) : fetchRoomToken(eventId)).then((result) => {
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
  }, [eventId, attempt, connects, submitProbe, probeAction, breakout]);

  useEffect(() => {
    if (probe.state !== 'idle' || !probe.data || !pending.current) return;
    const { session, attempt: forAttempt } = pending.current;
    pending.current = null;
    if (probe.data.probed && probe.data.reachable === false) setPhase({ kind: 'unavailable' });
    else {
      automatic.current = 0;
      setPhase({ kind: 'ready', session, attempt: forAttempt });
    }
  }, [probe.state, probe.data]);

  // Video unavailable: try again by itself, waiting longer each time (docs/decisions/0052), so
  // the room comes back when the video service does without anyone pressing Retry.
  // While the browser is offline an attempt could only fail: it waits for the network to come back.
  useEffect(() => {
    if (phase.kind !== 'unavailable') return;
    const again = () => {
      quiet.current = true;
      setAttempt((n) => n + 1);
    };
    const timer = window.setTimeout(() => {
      if (navigator.onLine === false) window.addEventListener('online', again, { once: true });
      else again();
    }, videoRetryDelayMs(automatic.current++));
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [phase]);

  const retry = useCallback(() => {
    automatic.current = 0;
    quiet.current = false;
    setAttempt((n) => n + 1);
  }, []);
  const markUnavailable = useCallback((detail?: string) => setPhase({ kind: 'unavailable', detail }), []);
  return { phase, retry, markUnavailable };
}
