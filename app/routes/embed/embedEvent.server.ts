import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema, publicEvent } from '#app/lib/events/model';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { eventImageUrl } from '#server/events/index.server';
import { embedViewer } from '#server/embeds/index.server';
import { accessView } from '#server/commerce/tickets/previewAccess.server';
import { currentState } from '#server/broadcast/ingest/api.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * /embed/event?event=<id>: an event's public face for another site's frame (docs/decisions/0089):
 * title, time, price, poster, the way in (links that open the event's own page or room on the
 * site), and the live player, which asks /api/broadcast/live and so plays only to the entitled.
 * Only listed events are embedded: unlisted ones, rehearsals and consultations answer not found,
 * whoever asks, so an embed never shows more than the public listings do.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { tenant } = context;
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  if (!id.success) return json({ problem: 'badLink' as const }, { status: 400, headers: PRIVATE });
  const [event, viewer] = await Promise.all([context.data.events.get(id.data), embedViewer(args)]);
  if (!event || event.kind !== 'event' || event.consultationBookingId) return json({ problem: 'notFound' as const }, { status: 404, headers: PRIVATE });
  const now = Date.now();
  const [access, broadcast, posterUrl] = await Promise.all([
    accessView(context.data, tenant, event, viewer.user),
    currentState(args, event.eventId).catch(() => null),
    eventImageUrl(context.data.files, event.images.poster ?? event.images.banner),
  ]);
  const data = {
    problem: null,
    event: publicEvent(event, now),
    cancelledAt: event.cancelledAt,
    endedAt: event.endedAt,
    now,
    posterUrl,
    timeZone: tenant.timeZone,
    access,
    broadcastLive: broadcast?.status === 'live' || broadcast?.status === 'connecting',
    /** The event's page on the site: registration, checkout and the room happen there, first-party. */
    pageUrl: tenantUrl(tenant, context.env, `/preview?event=${encodeURIComponent(event.eventId)}`),
    signedIn: viewer.via,
  };
  return json(data, viewer.user ? { headers: PRIVATE } : undefined);
}
