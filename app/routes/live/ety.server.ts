import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, publicEvent, roomHref } from '#app/lib/events/model';
import { flagsOf, grantsFor, opensAtMs } from '#app/lib/events/permissions';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { admitToRoom, isWaiting, needsSeat } from '#server/entitlement/admission.server';
import { ticketGateView } from '#server/entitlement/gate.server';

/** What the lobby shows instead of the waiting room (a blocked user, or an event that will not open again). */
export type LobbyClosed = 'blocked' | 'cancelled' | 'ended' | 'expired';

/**
 * /ety?event=<id>: the event (this tenant's only: any other id is a 404), the user's role and
 * flags, when the room opens for them and the server's clock, so the countdown runs on server time.
 * The room's one admission says whether the lobby is closed to them, or (once the room is open)
 * that a ticket or registration is missing: 403 with the way to get one, as the room says it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  const event = id.success ? await context.data.events.getFor(id.data, user) : null;
  if (!event) throw new Response('Not Found', { status: 404 });

  const now = Date.now();
  const admission = await admitToRoom(context.data, event, user, now);
  const { role } = admission;
  const flags = flagsOf(event, user);
  const seat = !admission.ok && needsSeat(admission) ? admission : null;
  // A participant the hosts have not admitted (or denied) is sent on to the room, whose waiting room says so (docs/decisions/0082).
  const closed: LobbyClosed | null = !admission.ok && !needsSeat(admission) && !isWaiting(admission) && admission.reason !== 'notYetOpen' ? admission.reason : null;
  const grants = grantsFor(event, role);
  const [t, devices, ticketGate] = await Promise.all([
    getFixedT(context.languageTag),
    closed || seat ? Promise.resolve(null) : context.data.videoSettings.get(user.sub),
    seat ? ticketGateView({ reason: seat.reason, buyUrl: seat.buyUrl }, context.languageTag) : null,
  ]);

  return json(
    {
      title: event.title || t('lobby.title'),
      event: publicEvent(event, now),
      role,
      flags,
      closed,
      /** The room is open but this person needs a ticket (or a registration) first: the way to get one. */
      ticketGate,
      canPublish: grants.canPublish,
      audioOnly: grants.canPublishSources?.length === 1 && grants.canPublishSources[0] === 'microphone',
      opensAt: new Date(opensAtMs(event, role)).toISOString(),
      serverNow: now,
      roomHref: roomHref(event.layout, event.eventId),
      devices: devices ? { videoDeviceId: devices.videoDeviceId, audioDeviceId: devices.audioDeviceId, audioOutputId: devices.audioOutputId } : null,
      fallbackZone: context.tenant.timeZone,
    },
    { status: closed === 'blocked' || ticketGate ? 403 : 200, headers: { 'Cache-Control': 'private, no-store' } },
  );
}
