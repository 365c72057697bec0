/**
 * How a product that sells a ticket or a replay grants its event: through the tickets module's
 * `grantEventAccess(data, { eventId, userId, orderId, access })` (server/tickets/access.server.ts),
 * which provides itself here at start-up. Until it does, such products are not for sale (price()
 * refuses them), so no one pays for access that could not be granted.
 */
import type { TenantData } from '../data/tenantData.server';

export interface EventAccessGrant {
  eventId: string;
  userId: string;
  orderId: string;
  access: 'ticket' | 'replay';
}

export interface EventAccessGrants {
  grantEventAccess(data: TenantData, grant: EventAccessGrant): Promise<void>;
  /** Takes one order's grant back (a refunded order). */
  revokeEventAccess(data: TenantData, grant: EventAccessGrant): Promise<void>;
}

let provided: EventAccessGrants | null = null;

export function provideEventAccessGrants(grants: EventAccessGrants) {
  provided = grants;
}

export const eventAccessGrants = (): EventAccessGrants | null => provided;
