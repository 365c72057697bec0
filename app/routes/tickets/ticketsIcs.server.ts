import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/session.server';
import { tenantOrigin } from '#server/config/tenantOrigin.server';
import { calendarFileName, eventCalendar } from '#server/commerce/tickets/calendar.server';
import { seriesCalendarFor } from '#server/events/index.server';

/**
 * GET /api/tickets/ics?event=<id>: the event's calendar file (what the confirmation mail
 * attaches). Whoever may see the event page may have it; unlisted events only their staff, and
 * a consultation's private session only its two people (others: 404, like another tenant's id).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  const found = id.success ? await context.data.events.get(id.data) : null;
  if (!found) throw new Response('Not Found', { status: 404 });
  if (found.kind !== 'event' || found.consultationBookingId) {
    const user = await getSessionUser(args);
    const allowed = user && (isStaff(roleOf(found, user)) || (await context.data.tickets.ticket(found.eventId, user.sub)));
    if (!allowed) throw new Response('Not Found', { status: 404 });
  }
  // An occurrence of a series carries the series' rule, so a calendar app shows every occurrence.
  const series = await seriesCalendarFor(context.data, found);
  return new Response(eventCalendar(found, tenantOrigin(context.tenant, context.env), series), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendarFileName(found)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
