import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { roomHref } from '#app/lib/events/model';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser, requireUser } from '#server/identity/session.server';
import { createDemoRoom } from '#server/rooms/demoRooms.server';
import { NO_STORE } from '#server/http/responses.server';

/** Anyone may read what the demo is; starting one (the action) needs an account (docs/decisions/0040). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await getSessionUser(args);
  const t = await getFixedT(args.context.languageTag);
  return json({ title: t('lobby.demo.title'), signedIn: Boolean(user) }, { headers: NO_STORE });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const created = await createDemoRoom(args, user, 'solo');
  if (!created.ok) return json({ retryAfterMinutes: created.retryAfterMinutes }, { status: 429, headers: NO_STORE });
  return redirect(roomHref('preBuilt', created.event.eventId));
}
