import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { roomActionSchema, type RoomStateResponse } from '#app/lib/events/api';
import { eventIdSchema } from '#app/lib/events/model';
import { canModerate, roleOf } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/session.server';
import { blockUser, unblockUser } from '#server/rooms/moderation.server';
import {
  isNotConnectedError,
  isVideoConfigError,
  isVideoUnavailableError,
  type RoomMessageKey,
} from '#server/platform/video.server';
import { NO_STORE, readRoomRequest, refuseRoom, refuseAdmission } from '#server/rooms/roomRequest.server';
import { admitToRoom } from '#server/entitlement/admission.server';
import { connectedPeople } from '#server/rooms/roomParticipants.server';
import { shownName } from '#app/lib/identity/displayName';

const isUnavailable = (e: unknown) => isVideoUnavailableError(e) || isVideoConfigError(e);

/** Room-service failures as the API's answers; anything else is a server error. */
function videoFailure(e: unknown, language: string, unavailableMessage: RoomMessageKey = 'videoUnavailable') {
  if (isNotConnectedError(e)) return refuseRoom(409, 'notConnected', language);
  if (isUnavailable(e)) {
    console.warn(`[video] ${(e as Error).message}`);
    return refuseRoom(503, 'videoUnavailable', language, { message: unavailableMessage });
  }
  throw e;
}

/**
 * POST /api/events/room {eventId, intent, identity?}: raise and lower one's own hand (anyone
 * allowed in), host controls (organizer and hosts): mute, remove, block, unblock, bring on stage,
 * send back, end for all. 409 notConnected when the person is not in the room, 503
 * videoUnavailable when the video service cannot be reached (block and end still take effect).
 */
export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const language = context.language;
  const request = await readRoomRequest(args, roomActionSchema, 'GET, POST');
  if (request instanceof Response) return request;
  const { user, data: command } = request;

  const { data, tenant } = context;
  const { video } = context.services;
  const event = await data.events.getFor(command.eventId, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  const ok = (extra: Record<string, unknown> = {}) => json({ ok: true, intent: command.intent, ...extra }, { headers: NO_STORE });

  if (command.intent === 'raiseHand' || command.intent === 'lowerHand') {
    const admission = await admitToRoom(data, event, user);
    if (!admission.ok) return refuseAdmission(admission, language);
    if (command.intent === 'lowerHand') {
      await data.hands.lower(event.eventId, user.sub);
      return ok();
    }
    const profile = await data.profiles.get(user.sub);
    const name = shownName(user, profile);
    return ok({ hand: await data.hands.raise(event.eventId, { identity: user.sub, name }) });
  }

  if (!canModerate(roleOf(event, user))) return refuseRoom(403, 'forbidden', language);

  if (command.intent === 'end') {
    await data.events.endNow(event.eventId);
    try {
      await video.closeRoom(tenant, event);
    } catch (e) {
      // The event is over either way; the expiry sweeper closes the room once the service is back.
      return videoFailure(e, language, 'videoUnavailableEnded');
    }
    await data.events.markRoomClosed(event.eventId);
    return ok();
  }

  const { identity } = command;
  // Nobody removes the event's organizer from their own event (blocking has its own rule: blockUser).
  if (command.intent === 'remove' && identity === event.organizerId) return refuseRoom(403, 'forbidden', language);
  try {
    switch (command.intent) {
      case 'mute':
        return ok({ muted: await video.muteParticipant(tenant, event, identity) });
      case 'remove':
        await video.removeParticipant(tenant, event, identity);
        return ok();
      case 'block': {
        const blocked = await blockUser({ data, video }, tenant, event, user, identity);
        if (!blocked.ok) return refuseRoom(403, 'forbidden', language);
        if (blocked.videoError) return videoFailure(blocked.videoError, language, 'videoUnavailableBlocked');
        return ok({ removed: blocked.removed });
      }
      case 'unblock':
        if (!(await unblockUser({ data }, event, user, identity)).ok) return refuseRoom(403, 'forbidden', language);
        return ok();
      case 'bringOnStage': {
        const participant = await video.setCanPublish(tenant, event, identity, true);
        return ok({ hand: await data.hands.setOnStage(event.eventId, { identity, name: participant.name }, true) });
      }
      case 'sendOffStage': {
        try {
          await video.setCanPublish(tenant, event, identity, false);
        } catch (e) {
          // Someone who already left is off stage: lowering the hand is all that is left to do.
          if (!isNotConnectedError(e)) throw e;
          await data.hands.setOnStage(event.eventId, { identity, name: identity }, false);
          return ok({ connected: false });
        }
        await data.hands.setOnStage(event.eventId, { identity, name: identity }, false);
        return ok({ connected: true });
      }
    }
  } catch (e) {
    return videoFailure(e, language);
  }
}

/**
 * GET /api/events/room?event=<id> (organizer and hosts): who is connected (to video, as the video
 * service lists the room; or to the chat only), raised hands and blocked users. videoAvailable is false (and the list empty) when the video service cannot be reached.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  const user = await getSessionUser(args);
  if (!user) return refuseRoom(401, 'unauthenticated', language);
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  if (!id.success) return refuseRoom(404, 'notFound', language);
  const { data, tenant } = context;
  const { video } = context.services;
  const event = await data.events.getFor(id.data, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  if (!canModerate(roleOf(event, user))) return refuseRoom(403, 'forbidden', language);

  let videoAvailable = true;
  const [inVideo, inChat, hands] = await Promise.all([
    video.listParticipants(tenant, event).catch((e: unknown) => {
      if (!isUnavailable(e)) throw e;
      videoAvailable = false;
      return [];
    }),
    data.attendance.inChat(event.eventId),
    data.hands.list(event.eventId),
  ]);
  const participants = connectedPeople(inVideo, inChat);
  const known = new Map<string, string>([...hands.map((h) => [h.identity, h.name] as const), ...participants.map((p) => [p.identity, p.name] as const)]);
  const unknown = event.blockedUsers.filter((sub) => !known.has(sub));
  if (unknown.length) for (const [sub, name] of await data.attendance.names(event.eventId, unknown)) known.set(sub, name);
  const state: RoomStateResponse = {
    videoAvailable,
    participants,
    hands,
    blockedUsers: event.blockedUsers.map((identity) => ({ identity, name: known.get(identity) ?? identity })),
  };
  return json(state, { headers: { 'Cache-Control': 'private, no-store' } });
}
