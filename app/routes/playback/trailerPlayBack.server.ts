import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';
import { canManageMedia } from '#server/media/access.server';
import { mediaView } from '#server/media/view.server';
import { refuse, withProblems } from '#server/media/playback/item.server';
import { eventTrailer } from '#server/media/playback/trailer.server';

/**
 * /trailerPlayBack?eventId=<id>: the event's trailer (a video its organizer picked from the
 * library). The event follows the event page's rule (another tenant's, or a rehearsal the viewer
 * does not run, is not found); an event without a trailer the viewer may watch says so.
 */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const { context, request } = args;
    const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('eventId'));
    if (!id.success) throw refuse('badLink');
    const [t, event, user] = await Promise.all([getFixedT(context.languageTag), context.data.events.get(id.data), getSessionUser(args)]);
    if (!event) throw refuse('notFound');
    if (event.kind !== 'event' && !(user && isStaff(roleOf(event, user)))) throw refuse('notFound');
    const item = await eventTrailer(context.data, user, event);
    return {
      title: t('playback.trailer.title', { event: event.title }),
      event: { eventId: event.eventId, title: event.title },
      trailer: item ? await mediaView(context.data.files, item, { canManage: canManageMedia(user, item) }) : null,
    };
  });
