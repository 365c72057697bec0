/** The /preview block's data: which single action the person gets (app/lib/tickets/api.ts, AccessView). */
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf, type EventUser } from '#app/lib/events/permissions';
import type { AccessView } from '#app/lib/tickets/api';
import type { TenantData } from '#server/data/tenantData.server';
import { FREE_ORDER } from '#app/lib/tickets/kinds';
import { needsTicket } from '#server/entitlement/index.server';

export async function accessView(data: TenantData, tenant: Pick<Tenant, 'currency'>, event: EventRecord, user: EventUser | null): Promise<AccessView> {
  const mode: AccessView['mode'] = event.ticketPrice > 0 ? 'buy' : needsTicket(event) ? 'register' : 'open';
  const [sold, ticket, replay] = await Promise.all([
    event.capacity !== null ? data.tickets.sold(event.eventId) : Promise.resolve(0),
    user && mode !== 'open' ? data.tickets.ticket(event.eventId, user.sub) : Promise.resolve(null),
    user && event.replayPrice !== null ? data.tickets.replay(event.eventId, user.sub) : Promise.resolve(null),
  ]);
  return {
    mode,
    price: event.ticketPrice,
    currency: tenant.currency,
    replayPrice: event.replayPrice,
    capacity: event.capacity,
    seatsLeft: event.capacity === null ? null : Math.max(0, event.capacity - sold),
    holding: ticket ? (ticket.orderId === FREE_ORDER ? 'registration' : 'ticket') : null,
    hasReplay: replay !== null,
    staff: user !== null && isStaff(roleOf(event, user)),
  };
}
