/**
 * The breakouts' changes as pure functions of the stored state (docs/decisions/0084): what a
 * host's action or a participant's choice makes of it. No reads, no writes: the service
 * (service.server.ts) stores the result with the version check and tells the rooms.
 */
import {
  assign,
  autoSplit,
  breakoutsRunning,
  defaultRoomName,
  roomIds,
  type BreakoutAction,
  type BreakoutErrorCode,
  type BreakoutId,
  type BreakoutState,
  type SplitPerson,
} from '#app/lib/breakouts/model';
import type { z } from 'zod';
import type { breakoutActionSchema } from '#app/lib/breakouts/model';

type Action = z.infer<typeof breakoutActionSchema>;
export type Change = { ok: true; state: BreakoutState } | { ok: false; error: BreakoutErrorCode };

const bump = (state: BreakoutState, now: number, patch: Partial<BreakoutState>): BreakoutState => ({
  ...state,
  ...patch,
  version: state.version + 1,
  updatedAt: new Date(now).toISOString(),
});

/** A host's action on the state as stored (`actorName`: shown with a broadcast message). */
export function applyAction(state: BreakoutState, action: Action, actorName: string, now = Date.now()): Change {
  if (action.intent === 'open') {
    const ids = roomIds(action.count);
    return {
      ok: true,
      state: bump(state, now, {
        open: true,
        rooms: ids.map((id, i) => ({ id, name: defaultRoomName(i + 1) })),
        members: action.auto ? autoSplit(action.people, ids) : [],
        endsAt: action.minutes ? new Date(now + action.minutes * 60_000).toISOString() : null,
        allowChoose: action.allowChoose,
        message: null,
      }),
    };
  }
  if (!breakoutsRunning(state, now)) return { ok: false, error: 'breakoutsClosed' };
  const hasRoom = (id: BreakoutId) => state.rooms.some((r) => r.id === id);
  switch (action.intent) {
    case 'assign':
      if (action.roomId && !hasRoom(action.roomId)) return { ok: false, error: 'roomNotFound' };
      return { ok: true, state: bump(state, now, { members: assign(state.members, action.person, action.roomId) }) };
    case 'rename':
      if (!hasRoom(action.roomId)) return { ok: false, error: 'roomNotFound' };
      return { ok: true, state: bump(state, now, { rooms: state.rooms.map((r) => (r.id === action.roomId ? { ...r, name: action.name } : r)) }) };
    case 'broadcast':
      return { ok: true, state: bump(state, now, { message: { text: action.text, at: new Date(now).toISOString(), from: actorName } }) };
    case 'allowChoose':
      return { ok: true, state: bump(state, now, { allowChoose: action.allowChoose }) };
    case 'end':
      return { ok: true, state: bump(state, now, { open: false, endsAt: null, message: null }) };
  }
}

/** A participant picks a room (only while the host lets people choose). */
export function chooseRoom(state: BreakoutState, person: SplitPerson, roomId: BreakoutId, now = Date.now()): Change {
  if (!breakoutsRunning(state, now)) return { ok: false, error: 'breakoutsClosed' };
  if (!state.rooms.some((r) => r.id === roomId)) return { ok: false, error: 'roomNotFound' };
  if (!state.allowChoose) return { ok: false, error: 'notAssigned' };
  return { ok: true, state: bump(state, now, { members: assign(state.members, person, roomId) }) };
}

export type { BreakoutAction };
