/**
 * How a product that sells a ticket or a replay reaches its event: through the tickets module
 * (server/commerce/tickets/grants.server.ts), so a ticket bought as a product holds a seat while the buyer
 * pays and grants the same ticket the event's own Buy ticket does.
 */
import type { TenantData } from '#server/data/tenantData.server';
import { grantEventAccess, releaseSeats, reserveSeats } from '../tickets/grants.server';

export interface EventAccessGrant {
  eventId: string;
  userId: string;
  orderId: string;
  access: 'ticket' | 'replay';
}

/** Holds one seat for a ticket product's pending order (replays need none). */
export async function holdEventAccess(data: TenantData, grant: Omit<EventAccessGrant, 'userId'>): Promise<boolean> {
  if (grant.access !== 'ticket') return true;
  const event = await data.events.get(grant.eventId);
  return event ? reserveSeats(data, event, grant.orderId) : false;
}

export async function releaseEventAccess(data: TenantData, grant: Omit<EventAccessGrant, 'userId'>) {
  if (grant.access === 'ticket') await releaseSeats(data, grant.eventId, grant.orderId);
}

export async function giveEventAccess(data: TenantData, grant: EventAccessGrant) {
  await grantEventAccess(data, grant);
}

/** Takes one order's grant back (a refunded order). */
export async function revokeEventAccess(data: TenantData, grant: EventAccessGrant) {
  await data.tickets.revoke({ eventId: grant.eventId, userId: grant.userId, orderId: grant.orderId, kind: grant.access });
}
