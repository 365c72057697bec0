/**
 * The room's breakouts in the browser (docs/decisions/0084). BreakoutProvider holds the event's
 * breakout state: read once when the room mounts, then kept current by the `breakouts` notices
 * every chat channel of the event carries (the main room's and each breakout's), read again when
 * the chat (re)connects. From it each person's place follows: the main room, the breakout they are
 * placed in, or (organizer and hosts) the one they visit. BreakoutChat gives the page the chat of
 * that place; when the place changes, everything under it (the stage's LiveKit connection, the
 * chat) is mounted afresh for the new room. A timed end needs nobody: at endsAt every page goes
 * back to the main room by itself.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ChatProvider, useOptionalChat } from '#app/components/chat/useChat';
import { breakoutsRunning, roomOf, type BreakoutAction, type BreakoutRoom, type BreakoutState } from '#app/lib/breakouts/model';
import type { EventRole } from '#app/lib/events/permissions';
import { fetchBreakouts, fetchBreakoutToken, postBreakoutAction } from './breakoutsApi';

export interface BreakoutPlace {
  room: BreakoutRoom;
  /** Staff looking in on a room they are not placed in. */
  visiting: boolean;
}

export interface BreakoutsApi {
  eventId: string;
  me: string;
  staff: boolean;
  /** The state has been read (or could not be: then there are none as far as the page knows). */
  loaded: boolean;
  state: BreakoutState | null;
  running: boolean;
  /** Where this person is now (null: the main room). */
  place: BreakoutPlace | null;
  /** Organizer and hosts: look in on a room, or come back (null). */
  visit: (roomId: string | null) => void;
  /** A participant picks a room while the host lets people choose (the server places them). */
  choose: (roomId: string) => Promise<string | null>;
  /** A host's control; resolves to an error message or null. */
  act: (action: BreakoutAction) => Promise<string | null>;
  refresh: () => void;
  /** Called with every notice's state: the newest version wins. */
  apply: (state: BreakoutState) => void;
  /** A session left the breakouts for the main room since the page opened (the "everyone is back" note). */
  returned: boolean;
}

const BreakoutContext = createContext<BreakoutsApi | null>(null);

export const useBreakouts = () => useContext(BreakoutContext);

/** For the stage: whether it may connect yet, and the breakout whose token it asks for (null: the main room's). */
export function useBreakoutStage(): { ready: boolean; roomId: string | null } {
  const api = useContext(BreakoutContext);
  if (!api) return { ready: true, roomId: null };
  return { ready: api.loaded, roomId: api.place?.room.id ?? null };
}

/** Re-renders at `at` (ms), so a countdown's end changes the page without anyone acting. */
function useWakeAt(at: number | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(wait + 50, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [at]);
}

export function BreakoutProvider({ eventId, me, staff, children }: { eventId: string; me: string; staff: boolean; children: ReactNode }) {
  const [state, setState] = useState<BreakoutState | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [visiting, setVisiting] = useState<string | null>(null);
  const [returned, setReturned] = useState(false);
  const versionRef = useRef(-1);
  const [tick, setTick] = useState(0);

  const apply = useCallback((next: BreakoutState) => {
    if (next.eventId !== eventId || next.version < versionRef.current) return;
    versionRef.current = next.version;
    setState(next);
  }, [eventId]);

  useEffect(() => {
    let cancelled = false;
    void fetchBreakouts(eventId).then((result) => {
      if (cancelled) return;
      if (result.ok) apply(result.data.state);
      setLoaded(true);
    });
    return () => {
      cancelled = true;
    };
  }, [eventId, tick, apply]);

  useWakeAt(state?.open && state.endsAt ? Date.parse(state.endsAt) : null);
  const running = breakoutsRunning(state);
  const own = roomOf(state, me);
  const visited = staff && running && visiting ? (state?.rooms.find((r) => r.id === visiting) ?? null) : null;
  const place: BreakoutPlace | null = visited ? { room: visited, visiting: true } : own ? { room: own, visiting: false } : null;
  const placeId = place?.room.id ?? null;

  // Back in the main room after a breakout (the end, the timer, or the host moving them): say so once.
  const lastPlace = useRef<string | null>(null);
  useEffect(() => {
    if (lastPlace.current && !placeId && !running) setReturned(true);
    if (placeId) setReturned(false);
    lastPlace.current = placeId;
  }, [placeId, running]);

  const act = useCallback(
    async (action: BreakoutAction) => {
      const result = await postBreakoutAction(action);
      if (!result.ok) return result.message || result.error;
      apply(result.data.state);
      return null;
    },
    [apply],
  );
  const choose = useCallback(
    async (roomId: string) => {
      // The token route places a participant who may choose; the notice then moves the page.
      const result = await fetchBreakoutToken(eventId, roomId);
      if (!result.ok) return result.message || result.error;
      setTick((n) => n + 1);
      return null;
    },
    [eventId],
  );
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  const value = useMemo<BreakoutsApi>(
    () => ({ eventId, me, staff, loaded, state, running, place, visit: setVisiting, choose, act, refresh, apply, returned }),
    // place is derived from the fields listed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eventId, me, staff, loaded, state, running, placeId, place?.visiting, choose, act, refresh, apply, returned],
  );
  return <BreakoutContext.Provider value={value}>{children}</BreakoutContext.Provider>;
}

/** Hears the breakout notices on the page's chat socket and reads the state again after each (re)connect. */
function NoticeBridge() {
  const chat = useOptionalChat();
  const api = useBreakouts();
  const onNotice = chat?.onNotice;
  const apply = api?.apply;
  const refresh = api?.refresh;
  useEffect(() => {
    if (!onNotice || !apply) return;
    return onNotice((notice) => {
      if (notice.kind === 'breakouts') apply(notice.state);
    });
  }, [onNotice, apply]);
  const live = chat?.state.status === 'live';
  const first = useRef(true);
  useEffect(() => {
    if (!live || !refresh) return;
    // The first welcome follows the page's own read; later ones may have missed notices.
    if (first.current) {
      first.current = false;
      return;
    }
    refresh();
  }, [live, refresh]);
  return null;
}

/**
 * The page's chat for where the person is: the event's, or their breakout's. A new place mounts a
 * new chat and with it everything under it, the stage's video connection included.
 */
export function BreakoutChat({ eventId, role, children }: { eventId: string; role: EventRole; children: ReactNode }) {
  const api = useBreakouts();
  const roomId = api?.place?.room.id ?? null;
  return (
    <ChatProvider key={roomId ?? 'main'} eventId={eventId} role={role} breakout={roomId}>
      <NoticeBridge />
      {children}
    </ChatProvider>
  );
}
