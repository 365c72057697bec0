/**
 * Blocking and unblocking people in an event: one rule (canBlock / canUnblock in
 * app/lib/events/permissions.ts) and one set of effects, used by the room API
 * (POST /api/events/room) and the chat socket alike. Nobody blocks the organizer or a host; only
 * the organizer and hosts block participants, and only they unblock. A blocked person is removed
 * from the video room, their chat sockets close on every instance, and they cannot come back.
 */
import type { EventRecord } from '#app/lib/events/model';
import { canBlock, canUnblock, roleOf, type EventRole, type EventUser } from '#app/lib/events/permissions';
import type { Tenant } from '#app/lib/config/tenant';
import type { TenantData } from '#server/data/tenantData.server';
import { isNotConnectedError, type VideoService } from '#server/platform/video.server';

/** The tenant's data (the event's blocked list, the chat) and the video service. */
export interface ModerationDeps {
  data: Pick<TenantData, 'events' | 'chat'>;
  video: Pick<VideoService, 'removeParticipant'>;
}

export type ModerationResult =
  | { ok: false; reason: 'forbidden' }
  /** removed: whether they were in the video room; videoError: the video service failed (the block holds). */
  | { ok: true; removed: boolean; videoError?: unknown };

const FORBIDDEN: ModerationResult = { ok: false, reason: 'forbidden' };

/**
 * The target's role: organizer, an accepted host, or participant. A tenant admin counts as an
 * organizer, which only their session shows: the chat records it when they join.
 */
async function targetRole(data: ModerationDeps['data'], event: EventRecord, target: string): Promise<EventRole> {
  const role = roleOf(event, { sub: target });
  if (role !== 'participant') return role;
  const member = await data.chat.getMember(event.eventId, target);
  return member?.role === 'organizer' ? 'organizer' : 'participant';
}

/** `actor` blocks `target` in `event` (the event as resolved for the actor: events.getFor). */
export async function blockUser({ data, video }: ModerationDeps, tenant: Pick<Tenant, 'id' | 'video'>, event: EventRecord, actor: EventUser, target: string): Promise<ModerationResult> {
  if (target === actor.sub || !canBlock(roleOf(event, actor), await targetRole(data, event, target))) return FORBIDDEN;
  await data.events.setUserBlocked(event.eventId, target, true);
  // Their chat sockets close on every instance; hosts see them in the blocked lists.
  await data.chat.userBlocked(event.eventId, target);
  try {
    await video.removeParticipant(tenant, event, target);
    return { ok: true, removed: true };
  } catch (e) {
    return isNotConnectedError(e) ? { ok: true, removed: false } : { ok: true, removed: false, videoError: e };
  }
}

/** `actor` lets `target` back into `event`. */
export async function unblockUser({ data }: Pick<ModerationDeps, 'data'>, event: EventRecord, actor: EventUser, target: string): Promise<ModerationResult> {
  if (target === actor.sub || !canUnblock(roleOf(event, actor))) return FORBIDDEN;
  await data.events.setUserBlocked(event.eventId, target, false);
  await data.chat.userUnblocked(event.eventId, target);
  return { ok: true, removed: false };
}
