import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { roomTokenRequestSchema } from '#app/lib/events/api';
import { NO_STORE, readRoomRequest, refuseRoom, refuseAdmission } from '#server/rooms/roomRequest.server';
import { admitToRoom } from '#server/entitlement/admission.server';
import { sharedEventRead } from '#server/rooms/roomEntry.server';
import { mintRoomToken } from '#server/rooms/roomSession.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * POST /api/events/token {eventId} → a LiveKit room token for the signed-in user
 * (app/lib/events/api.ts). 401 signed out, 404 not this tenant's event, 403 with the refusal
 * (blocked, notYetOpen + opensAt, ended, expired, cancelled; ticketRequired + buyUrl), 200 RoomTokenResponse.
 */
export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const language = context.language;
  const request = await readRoomRequest(args, roomTokenRequestSchema, 'POST');
  if (request instanceof Response) return request;
  const { user, data: body } = request;

  const { data } = context;
  // The name's read starts now, beside the event's; mintRoomToken picks it up (profiles.recent).
  void data.profiles.recent(user.sub).catch(() => null);
  // When an audience joins together, their token requests share the event read in flight (docs/decisions/0024).
  const stored = await sharedEventRead(data, body.eventId);
  if (!stored) return refuseRoom(404, 'notFound', language);
  const event = await data.invitations.accept(stored, user);
  const admission = await admitToRoom(data, event, user);
  if (!admission.ok) return refuseAdmission(admission, language);
  return json(await mintRoomToken(context, event, user, admission), { headers: NO_STORE });
}

export function loader({ context }: LoaderFunctionArgs) {
  return methodNotAllowed(context.languageTag, 'POST');
}
