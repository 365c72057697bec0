import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { eventStatus, lobbyHref, roomHref } from '#app/lib/events/model';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { createDemoRoom } from '#server/rooms/demoRooms.server';
import { NO_STORE } from '#server/http/responses.server';

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const url = new URL(request.url);
  const t = await getFixedT(context.languageTag);
  const title = t('lobby.team.title');

  const invite = url.searchParams.get('invite');
  if (invite !== null) {
    const event = await context.data.events.byInviteCode(invite);
    if (event && event.kind === 'demo') throw redirect(lobbyHref(event.eventId));
    return json({ view: 'invalid' as const, title: t('lobby.team.invalidTitle') }, { status: 404, headers: NO_STORE });
  }

  const createdId = url.searchParams.get('created');
  if (createdId) {
    const event = await context.data.events.get(createdId);
    const usable = event && event.kind === 'demo' && event.organizerId === user.sub && event.inviteCode;
    const status = event ? eventStatus(event, Date.now()) : null;
    if (usable && status !== 'expired' && status !== 'cancelled' && !event.endedAt) {
      return json(
        {
          view: 'ready' as const,
          title,
          inviteUrl: tenantUrl(context.tenant, context.env, `/teamDemoPage?invite=${encodeURIComponent(event.inviteCode ?? '')}`),
          roomHref: roomHref(event.layout, event.eventId),
          openUntil: event.eventExpiration,
          fallbackZone: context.tenant.timeZone,
        },
        { headers: NO_STORE },
      );
    }
  }
  return json({ view: 'create' as const, title }, { headers: NO_STORE });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const created = await createDemoRoom(args, user, 'team');
  if (!created.ok) return json({ retryAfterMinutes: created.retryAfterMinutes }, { status: 429, headers: NO_STORE });
  return redirect(`/teamDemoPage?created=${created.event.eventId}`);
}
