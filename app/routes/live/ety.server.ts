import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, publicEvent, roomHref } from '#app/lib/events/model';
import { canJoin, flagsOf, grantsFor, opensAtMs, roleOf } from '#app/lib/events/permissions';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';

/** What the lobby shows instead of the waiting room (a blocked user, or an event that will not open again). */
export type LobbyClosed = 'blocked' | 'cancelled' | 'ended' | 'expired';

/**
 * /ety?event=<id>: the event (this tenant's only: any other id is a 404), the user's role and
 * flags, when the room opens for them and the server's clock, so the countdown runs on server time.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  const event = id.success ? await context.data.events.getFor(id.data, user) : null;
  if (!event) throw new Response('Not Found', { status: 404 });

  const now = Date.now();
  const role = roleOf(event, user);
  const flags = flagsOf(event, user);
  const decision = canJoin(event, user, now);
  const closed: LobbyClosed | null = decision.ok || decision.reason === 'notYetOpen' ? null : decision.reason;
  const grants = grantsFor(event, role);
  const [t, devices] = await Promise.all([
    getFixedT(context.languageTag),
    closed ? Promise.resolve(null) : context.data.videoSettings.get(user.sub),
  ]);

  return json(
    {
      title: event.title || t('lobby.title'),
      event: publicEvent(event, now),
      role,
      flags,
      closed,
      canPublish: grants.canPublish,
      audioOnly: grants.canPublishSources?.length === 1 && grants.canPublishSources[0] === 'microphone',
      opensAt: new Date(opensAtMs(event, role)).toISOString(),
      serverNow: now,
      roomHref: roomHref(event.layout, event.eventId),
      devices: devices ? { videoDeviceId: devices.videoDeviceId, audioDeviceId: devices.audioDeviceId, audioOutputId: devices.audioOutputId } : null,
      fallbackZone: context.tenant.timeZone,
    },
    { status: closed === 'blocked' ? 403 : 200, headers: { 'Cache-Control': 'private, no-store' } },
  );
}
