/**
 * Where a room's URL takes a person (docs/decisions/0024): the room's one admission
 * (server/entitlement/admission.server.ts) read as the page's states, shared by the room's loader and by
 * the server's shell path, which serves the cached room shell only when this says "open".
 */
import { eventIdSchema, roomLayoutSchema, type RoomLayout } from '#app/lib/events/model';
import type { JoinRefusal } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import type { EventRecord } from '#app/lib/events/model';
import type { TenantData } from '#server/data/tenantData.server';
import { admitToRoom, isWaiting, needsSeat, type Admission } from '#server/entitlement/index.server';
import type { TicketGate } from '#server/entitlement/index.server';

/** Why the room is not shown: the person is blocked, or the event is over (or cancelled). */
export type RoomClosed = Exclude<JoinRefusal, 'notYetOpen'>;

export type RoomEntry =
  /** Malformed id, or no such event for this tenant (another tenant's event is simply not there). */
  | { kind: 'notFound' }
  /** Before the person's opening time: the lobby. */
  | { kind: 'lobby'; event: EventRecord }
  /**
   * The room page: open (closed null) or a closed state (blocked, ended, expired, cancelled);
   * gate set when the room is open but the person has no ticket (server/entitlement/gate.server.ts).
   */
  | { kind: 'room'; event: EventRecord; admission: Admission; closed: RoomClosed | null; gate: TicketGate | null };

/** The layout named by the request path (/ils → 'ils'); any other path is not a room. */
export function layoutOfPath(pathname: string): RoomLayout | null {
  const parsed = roomLayoutSchema.safeParse(pathname.replace(/^\/+|\/+$/g, ''));
  return parsed.success ? parsed.data : null;
}

/**
 * The event for a door of its room (the page and its shell gate, the room's data, the token route,
 * the chat socket, the waiting room). When its audience arrives at once they share one read, and
 * the copy is reused for a moment (docs/decisions/0091: events.recent, at most EVENT_COPY_MS old,
 * forgotten when this instance writes the event, so a block, an edit or an early end made here
 * counts for the next request). Every gate is still asked per person, on this copy.
 */
export function sharedEventRead(data: TenantData, eventId: string): Promise<EventRecord | null> {
  return data.events.recent(eventId);
}

/**
 * Where this person goes for the room URL's event: not found, the lobby, or the room (open or in
 * a closed state). Accepts the person's host invitation to the event first, like every role check.
 */
export async function roomEntry(data: TenantData, user: SessionUser, eventParam: string | null, now = Date.now()): Promise<RoomEntry> {
  const id = eventIdSchema.safeParse(eventParam ?? '');
  if (!id.success) return { kind: 'notFound' };
  const stored = await sharedEventRead(data, id.data);
  if (!stored) return { kind: 'notFound' };
  const event = await data.invitations.accept(stored, user);
  const admission = await admitToRoom(data, event, user, now);
  if (admission.ok) return { kind: 'room', event, admission, closed: null, gate: null };
  if (admission.reason === 'notYetOpen') return { kind: 'lobby', event };
  if (needsSeat(admission)) return { kind: 'room', event, admission, closed: null, gate: { reason: admission.reason, buyUrl: admission.buyUrl } };
  // The hosts admit participants and have not admitted this one: the room page shows its waiting room (docs/decisions/0082).
  if (isWaiting(admission)) return { kind: 'room', event, admission, closed: null, gate: null };
  // An event a host ended early has its expiration set to that moment: say it was ended, not that it ran out.
  const closed: RoomClosed = admission.reason === 'expired' && event.endedAt ? 'ended' : admission.reason;
  return { kind: 'room', event, admission, closed, gate: null };
}
