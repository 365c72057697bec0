import { type LoaderFunctionArgs, json } from '@remix-run/node';
import { eventImageUrl } from '#server/events/eventCards.server';
import { eventIdSchema, publicEvent, shortHref } from '#app/lib/events/model';
import { canEdit, isStaff, roleOf } from '#app/lib/events/permissions';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { getSessionUser } from '#server/identity/session.server';
import { mediaView } from '#server/media/view.server';
import { eventTrailer } from '#server/media/playback/trailer.server';
import { accessView } from '#server/commerce/tickets/previewAccess.server';
import { currentState } from '#server/broadcast/ingest/api.server';
import { questionsLanguage, shownQuestions } from '#app/lib/registration/questions';

const notFound = () => new Response('Not Found', { status: 404 });

/**
 * The event page's data. Unknown ids and other tenants' ids answer 404 (every read is keyed by
 * this tenant); rehearsals and demo rooms are not public, so they answer 404 too unless the
 * viewer is their organizer or a host.
 */
export async function previewData(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { tenant } = context;
  const url = new URL(request.url);
  const id = eventIdSchema.safeParse(url.searchParams.get('event') ?? '');
  if (!id.success) throw notFound();
  const [found, user] = await Promise.all([context.data.events.get(id.data), getSessionUser(args)]);
  const event = found && user ? await context.data.invitations.accept(found, user) : found;
  if (!event) throw notFound();
  const role = user ? roleOf(event, user) : null;
  const staff = role !== null && isStaff(role);
  if (event.kind !== 'event' && !staff) throw notFound();
  // A consultation's private session shows only to its two people.
  if (event.consultationBookingId && !staff && !(user && (await context.data.tickets.ticket(event.eventId, user.sub)))) throw notFound();
  const now = Date.now();
  const imageKey = event.images.poster ?? event.images.banner;
  const [trailer, access, broadcast] = await Promise.all([
    eventTrailer(context.data, user, event),
    accessView(context.data, tenant, event, user),
    currentState(args, event.eventId).catch(() => null),
  ]);
  return {
    event: publicEvent(event, now),
    cancelledAt: event.cancelledAt,
    endedAt: event.endedAt,
    now,
    posterUrl: await eventImageUrl(context.data.files, imageKey),
    shortUrl: tenantUrl(tenant, context.env, shortHref(event.shortCode)),
    signedIn: user !== null,
    canEdit: role !== null && canEdit(role),
    unlisted: event.kind !== 'event',
    timeZone: tenant.timeZone,
    personal: user !== null,
    /** Register, Buy ticket, Join or Sold out (app/lib/tickets/api.ts). */
    access,
    /** The registration questions in the visitor's language, while there is a seat to take (docs/decisions/0083). */
    questions: user && access.mode !== 'open' && !access.holding && !access.staff ? shownQuestions(event.registrationQuestions, context.language, questionsLanguage(tenant.languages)) : [],
    trailer: trailer ? await mediaView(context.data.files, trailer, { canManage: false }) : null,
    /** A push is live now: the page plays it, so it comes with the client app (docs/decisions/0069). */
    broadcastLive: broadcast?.status === 'live' || broadcast?.status === 'connecting',
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const data = await previewData(args);
  return json(data, data.personal ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}
