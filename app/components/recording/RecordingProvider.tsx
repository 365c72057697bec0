/**
 * The room's recording state, for the indicator (everyone) and the controls (organizer, hosts).
 * Asked once when the room opens; then the LiveKit room's metadata, which the server sets on every
 * change, brings each change to every browser at once (no polling by the audience: the join storm
 * of docs/decisions/0024 stays as it was). Staff, and layouts without a video connection, also ask
 * again every POLL_MS. The stage hands in its LiveKit room (RoomRecordingBridge) so the
 * organizer's browser can record it.
 */
import type { Room } from 'livekit-client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RecordingState, RoomRecordingMeta } from '#app/lib/recording/model';
import { fetchRecordingState } from './recordingApi';

export const POLL_MS = 5000;

export interface RecordingHook {
  state: RecordingState | null;
  /** The latest word from the room's metadata (faster than state, carries only status and mode). */
  live: RoomRecordingMeta['recording'] | undefined;
  refresh: () => void;
  room: Room | null;
  setRoom: (room: Room | null) => void;
  setLive: (meta: RoomRecordingMeta) => void;
}

const RecordingCtx = createContext<RecordingHook | null>(null);

export function RecordingProvider({ eventId, poll, children }: { eventId: string; poll: boolean; children: ReactNode }) {
  const [state, setState] = useState<RecordingState | null>(null);
  const [live, setLiveState] = useState<RoomRecordingMeta['recording'] | undefined>(undefined);
  const [room, setRoom] = useState<Room | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void fetchRecordingState(eventId, controller.signal)
      .then((result) => {
        if (controller.signal.aborted || !result.ok) return;
        setState(result.data);
        // The table is the truth: a fresher answer replaces what the metadata said.
        setLiveState(undefined);
      })
      .catch(() => undefined);
    const timer = poll ? window.setTimeout(() => setTick((n) => n + 1), POLL_MS) : undefined;
    return () => {
      controller.abort();
      if (timer) window.clearTimeout(timer);
    };
  }, [eventId, poll, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const setLive = useCallback(
    (meta: RoomRecordingMeta) => {
      setLiveState(meta.recording);
      // Staff also need the ids and times the metadata does not carry.
      if (poll) setTick((n) => n + 1);
    },
    [poll],
  );
  const value = useMemo(() => ({ state, live, refresh, room, setRoom, setLive }), [state, live, refresh, room, setLive]);
  return <RecordingCtx.Provider value={value}>{children}</RecordingCtx.Provider>;
}

/** The recording state; null outside a room (no provider). */
export const useRecording = () => useContext(RecordingCtx);

/** The status the indicator shows: the room metadata's when it spoke last, else the API's. */
export function shownStatus(hook: RecordingHook | null) {
  if (!hook) return null;
  if (hook.live !== undefined) return hook.live?.status ?? null;
  return hook.state?.current?.status ?? null;
}
