/**
 * Breakout rooms on the server (docs/decisions/0084): who may be in which breakout (the room's one
 * admission first, then the assignment), a breakout's video token, its chat's id, and the host's
 * changes, stored with a version check and told to every room of the event over the chat bus.
 */
import type { EventRecord } from '#app/lib/events/model';
import { isStaff, type EventRole } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import type { Tenant } from '#app/lib/config/tenant';
import type { RoomTokenResponse } from '#app/lib/events/api';
import { shownName } from '#app/lib/identity/displayName';
import {
  breakoutChannel,
  breakoutChatId,
  breakoutIdSchema,
  breakoutsRunning,
  roomOf,
  type BreakoutErrorCode,
  type BreakoutId,
  type BreakoutRoom,
  type BreakoutState,
} from '#app/lib/breakouts/model';
import { admitToRoom, type Refused } from '#server/entitlement/index.server';
import type { TenantData } from '#server/data/tenantData.server';
import type { Services } from '#server/services';
import { log } from '#server/observability/log.server';
import { applyAction, chooseRoom, type Change } from './state.server';
import type { z } from 'zod';
import type { breakoutActionSchema } from '#app/lib/breakouts/model';

export interface BreakoutContext {
  data: TenantData;
  tenant: Tenant;
  services: Pick<Services, 'chat' | 'video'>;
}

export type BreakoutEntry =
  | { ok: true; role: EventRole; room: BreakoutRoom; state: BreakoutState }
  | { ok: false; refused: Refused }
  | { ok: false; error: BreakoutErrorCode };

/**
 * May this person be in this breakout now: admitted to the event's room (admitToRoom: its rules,
 * ticket and waiting room) AND, for a participant, placed in that breakout; the organizer and
 * hosts may be in any of them (visiting). Without `roomId`, the person's own breakout.
 */
export async function admitToBreakout(data: TenantData, event: EventRecord, user: SessionUser, roomId?: BreakoutId, now = Date.now()): Promise<BreakoutEntry> {
  const admission = await admitToRoom(data, event, user, now);
  if (!admission.ok) return { ok: false, refused: admission };
  const state = await data.breakouts.get(event.eventId);
  return placeIn(state, user.sub, admission.role, roomId, now);
}

/** The assignment half of the decision, on a state already read. */
export function placeIn(state: BreakoutState, userId: string, role: EventRole, roomId: BreakoutId | undefined, now = Date.now()): BreakoutEntry {
  if (!breakoutsRunning(state, now)) return { ok: false, error: 'breakoutsClosed' };
  if (isStaff(role)) {
    if (!roomId) return { ok: false, error: 'notAssigned' };
    const room = state.rooms.find((r) => r.id === roomId);
    return room ? { ok: true, role, room, state } : { ok: false, error: 'roomNotFound' };
  }
  const own = roomOf(state, userId, now);
  if (!own || (roomId && roomId !== own.id)) return { ok: false, error: 'notAssigned' };
  return { ok: true, role, room: own, state };
}

/**
 * The chat id of the socket's breakout (`?breakout=<id>` on the chat socket) for a person the
 * event's room already admitted with `role`; null when they may not be in it.
 */
export async function breakoutChatFor(data: TenantData, event: EventRecord, userId: string, role: EventRole, param: string): Promise<string | null> {
  const id = breakoutIdSchema.safeParse(param);
  if (!id.success) return null;
  const entry = placeIn(await data.breakouts.get(event.eventId), userId, role, id.data);
  return entry.ok ? breakoutChatId(event.eventId, entry.room.id) : null;
}

/** A LiveKit token for the breakout the person was admitted to: its own room, named after the main room. */
export async function mintBreakoutToken(ctx: BreakoutContext, event: EventRecord, user: SessionUser, entry: Extract<BreakoutEntry, { ok: true }>): Promise<RoomTokenResponse> {
  const profile = await ctx.data.profiles.recent(user.sub);
  const person = { sub: user.sub, groups: user.groups, displayName: shownName(user, profile), ...(profile?.avatarId ? { avatarId: profile.avatarId } : {}) };
  return ctx.services.video.mintToken(ctx.tenant, { ...event, channelName: breakoutChannel(event.channelName, entry.room.id) }, person, { ok: true, role: entry.role });
}

const TRIES = 4;

/** Reads, changes and writes the state, again on a clash with another writer; then tells every room. */
async function change(ctx: BreakoutContext, eventId: string, make: (state: BreakoutState) => Change): Promise<Change> {
  for (let i = 0; i < TRIES; i++) {
    const before = await ctx.data.breakouts.get(eventId);
    const result = make(before);
    if (!result.ok) return result;
    if (await ctx.data.breakouts.put(result.state)) {
      await announce(ctx, before, result.state);
      return result;
    }
  }
  throw new Error(`breakouts of ${eventId}: too many concurrent changes`);
}

/**
 * The new state as a room notice on the event's chat channel and on each breakout's (those of the
 * old state too, so people in a room that closed hear it), on every instance through the bus.
 */
async function announce(ctx: BreakoutContext, before: BreakoutState, after: BreakoutState): Promise<void> {
  const ids = new Set([...before.rooms, ...after.rooms].map((r) => r.id));
  const chats = [after.eventId, ...[...ids].map((id) => breakoutChatId(after.eventId, id))];
  await Promise.all(chats.map((chatId) => ctx.services.chat.broadcast(ctx.data.tenantId, chatId, { kind: 'breakouts', state: after }))).catch((e: unknown) =>
    log.warn(`[breakouts] notice for ${ctx.data.tenantId}/${after.eventId}: ${(e as Error).message}`),
  );
}

/** A host's change (the caller checked the role): open, assign, rename, broadcast, allow choosing, end. */
export function hostChange(ctx: BreakoutContext, event: EventRecord, actorName: string, action: z.infer<typeof breakoutActionSchema>, now = Date.now()): Promise<Change> {
  return change(ctx, event.eventId, (state) => applyAction(state, action, actorName, now));
}

/** A participant moves themselves to a room while the host lets people choose. */
export function chooseOwnRoom(ctx: BreakoutContext, event: EventRecord, person: { userId: string; name: string }, roomId: BreakoutId, now = Date.now()): Promise<Change> {
  return change(ctx, event.eventId, (state) => chooseRoom(state, person, roomId, now));
}
