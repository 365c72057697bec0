import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { breakoutActionSchema } from '#app/lib/breakouts/model';
import { eventIdSchema } from '#app/lib/events/model';
import { isStaff } from '#app/lib/events/permissions';
import { shownName } from '#app/lib/identity/displayName';
import { getSessionUser } from '#server/identity/session.server';
import { admitToRoom } from '#server/entitlement/admission.server';
import { hostChange, refuseBreakout } from '#server/breakouts/index.server';
import { NO_STORE, readRoomRequest, refuseAdmission, refuseRoom } from '#server/rooms/roomRequest.server';

/**
 * GET /api/breakouts?event=<id>: the event's breakouts (rooms, who is where, end time, whether
 * people may choose, the host's last message) for anyone the room admits. 401 signed out, 404
 * not this tenant's event (another tenant's is simply not there), 403 with the room's refusal.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = context.language;
  const user = await getSessionUser({ request, context });
  if (!user) return refuseRoom(401, 'unauthenticated', language);
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  if (!id.success) return refuseRoom(404, 'notFound', language);
  const event = await context.data.events.getFor(id.data, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  const admission = await admitToRoom(context.data, event, user);
  if (!admission.ok) return refuseAdmission(admission, language);
  return json({ state: await context.data.breakouts.get(event.eventId) }, { headers: NO_STORE });
}

/**
 * POST /api/breakouts {intent, eventId, …} (app/lib/breakouts/model.ts breakoutActionSchema): the
 * organizer's and hosts' controls: open N rooms (split automatically or not), place one person,
 * rename a room, send a message to every room, let people choose, bring everyone back. 403
 * forbidden for anyone else; 409 breakoutsClosed when none are running; 404 roomNotFound.
 */
export async function action(args: ActionFunctionArgs) {
  const { context } = args;
  const language = context.language;
  const request = await readRoomRequest(args, breakoutActionSchema, 'GET, POST');
  if (request instanceof Response) return request;
  const { user, data: command } = request;
  const { data } = context;
  const event = await data.events.getFor(command.eventId, user);
  if (!event) return refuseRoom(404, 'notFound', language);
  const admission = await admitToRoom(data, event, user);
  if (!admission.ok) return refuseAdmission(admission, language);
  if (!isStaff(admission.role)) return refuseRoom(403, 'forbidden', language);
  const profile = await data.profiles.recent(user.sub);
  const result = await hostChange({ data, tenant: context.tenant, services: context.services }, event, shownName(user, profile), command);
  if (!result.ok) return refuseBreakout(result.error, language);
  return json({ state: result.state }, { headers: NO_STORE });
}
