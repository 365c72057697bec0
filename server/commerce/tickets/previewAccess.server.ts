/** The /preview block's data: which single action the person gets (app/lib/tickets/api.ts, AccessView). */
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { AccessView } from '#app/lib/tickets/api';
import type { TenantData } from '#server/data/tenantData.server';
import { FREE_ORDER } from '#app/lib/tickets/kinds';
import { needsTicket } from '#server/entitlement/index.server';
import { seriesAccessFor, seriesSeat } from '#server/events/index.server';

export async function accessView(data: TenantData, tenant: Pick<Tenant, 'currency'>, event: EventRecord, user: EventUser | null): Promise<AccessView> {
  const mode: AccessView['mode'] = event.ticketPrice > 0 ? 'buy' : needsTicket(event) ? 'register' : 'open';
  const [series, ticket, replay] = await Promise.all([
    event.seriesId ? seriesAccessFor(data, event, user?.sub ?? null) : Promise.resolve(null),
    user && mode !== 'open' ? data.tickets.ticket(event.eventId, user.sub) : Promise.resolve(null),
    user && event.replayPrice !== null ? data.tickets.replay(event.eventId, user.sub) : Promise.resolve(null),
  ]);
  // Registered for the whole series but no seat here yet (an occurrence added later): it is taken now (docs/decisions/0085).
  const seriesSeated = !ticket && user !== null && mode === 'register' && series?.registered === true && !isStaff(roleOf(event, user)) && (await seriesSeat(data, event, user.sub));
  const sold = event.capacity !== null ? await data.tickets.sold(event.eventId) : 0;
  return {
    mode,
    price: event.ticketPrice,
    currency: tenant.currency,
    replayPrice: event.replayPrice,
    capacity: event.capacity,
    seatsLeft: event.capacity === null ? null : Math.max(0, event.capacity - sold),
    holding: ticket ? (ticket.orderId === FREE_ORDER ? 'registration' : 'ticket') : seriesSeated ? 'registration' : null,
    hasReplay: replay !== null,
    staff: user !== null && isStaff(roleOf(event, user)),
    series,
  };
}
