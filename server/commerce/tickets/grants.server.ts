/**
 * Tickets and replays granted and seats held for orders (issue 15, commerce contract "Event
 * access"): checkout's ticket and replay kinds and the shop's products that deliver one call these.
 * Who may then watch what is the entitlement rule (server/entitlement/access.server.ts).
 */
import type { EventRecord } from '#app/lib/events/model';
import type { TicketKind } from '#app/lib/tickets/kinds';
import type { TenantData } from '#server/data/tenantData.server';

/**
 * Grants a ticket or replay bought through an order (the shop's products that deliver one call
 * this from their fulfil). Idempotent per order; false when the person already held one from
 * another order.
 */
export function grantEventAccess(data: TenantData, grant: { eventId: string; userId: string; orderId: string; access: TicketKind }): Promise<boolean> {
  return data.tickets.grant({ eventId: grant.eventId, userId: grant.userId, orderId: grant.orderId, kind: grant.access });
}

/** Holds seats of an event for a pending order (idempotent per order); false when too few are left. */
export function reserveSeats(data: TenantData, event: Pick<EventRecord, 'eventId' | 'capacity'>, orderId: string, quantity = 1): Promise<boolean> {
  return data.tickets.reserve({ eventId: event.eventId, orderId, quantity, capacity: event.capacity });
}

/** Gives back the seats an order held (idempotent). */
export function releaseSeats(data: TenantData, eventId: string, orderId: string): Promise<boolean> {
  return data.tickets.release({ eventId, orderId });
}
