import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { breakoutTokenRequestSchema } from '#app/lib/breakouts/model';
import { isStaff } from '#app/lib/events/permissions';
import { shownName } from '#app/lib/identity/displayName';
import { admitToBreakout, chooseOwnRoom, mintBreakoutToken, refuseBreakout } from '#server/breakouts/index.server';
import { NO_STORE, readRoomRequest, refuseAdmission, refuseRoom } from '#server/rooms/roomRequest.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * POST /api/breakouts/token {eventId, roomId?} → a LiveKit token for a breakout room
 * (docs/decisions/0084): the person's own breakout; with roomId, another one for the organizer or
 * a host visiting it, or for a participant choosing it while the host lets people choose (they are
 * then placed there). Admitted to the event's room AND placed in that breakout, or staff: 401, 404
 * (another tenant's event too), 403 with the room's refusal or notAssigned, 409 breakoutsClosed.
 */
export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const language = context.language;
  const request = await readRoomRequest(args, breakoutTokenRequestSchema, 'POST');
  if (request instanceof Response) return request;
  const { user, data: body } = request;
  const { data } = context;
  const ctx = { data, tenant: context.tenant, services: context.services };
  const event = await data.events.getFor(body.eventId, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  let entry = await admitToBreakout(data, event, user, body.roomId);
  if (!entry.ok && 'refused' in entry) return refuseAdmission(entry.refused, language);
  if (!entry.ok && entry.error === 'notAssigned' && body.roomId) {
    // A participant choosing a room (only while the host allows it).
    const profile = await data.profiles.recent(user.sub);
    const chosen = await chooseOwnRoom(ctx, event, { userId: user.sub, name: shownName(user, profile) }, body.roomId);
    if (!chosen.ok) return refuseBreakout(chosen.error, language);
    entry = await admitToBreakout(data, event, user, body.roomId);
  }
  if (!entry.ok) return 'refused' in entry ? refuseAdmission(entry.refused, language) : refuseBreakout(entry.error, language);
  const token = await mintBreakoutToken(ctx, event, user, entry);
  return json({ ...token, breakout: { id: entry.room.id, name: entry.room.name, visiting: isStaff(entry.role) } }, { headers: NO_STORE });
}

export function loader({ context }: LoaderFunctionArgs) {
  return methodNotAllowed(context.languageTag, 'POST');
}
