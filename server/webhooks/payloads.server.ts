/**
 * The `data` of each event type (docs/decisions/0088): ids and the fields a tenant's own systems
 * need, nothing the tenant's admins could not already see in their dashboard (no platform fee, no
 * provider ids, no secrets, no other tenant's anything).
 */
import type { Order } from '#app/lib/payments/model';

export interface RegistrationFacts {
  eventId: string;
  eventTitle: string;
  userId: string;
  email?: string;
  name?: string;
  /** How the seat came: a free registration, one of a whole series, or a paid order. */
  source: 'free' | 'series' | 'order';
  orderId?: string;
}

export const registrationData = (r: RegistrationFacts) => ({
  eventId: r.eventId,
  eventTitle: r.eventTitle,
  attendee: { userId: r.userId, ...(r.email ? { email: r.email } : {}), ...(r.name ? { name: r.name } : {}) },
  source: r.source,
  ...(r.orderId ? { orderId: r.orderId } : {}),
});

export const orderData = (order: Order) => ({
  orderId: order.orderId,
  status: order.status,
  currency: order.currency,
  total: order.total,
  refunded: order.refunded,
  buyer: { userId: order.buyerId, email: order.buyerEmail, name: order.buyerName },
  lines: order.lines.map((l) => ({ kind: l.kind, refId: l.refId, title: l.title, quantity: l.quantity, unitAmount: l.unitAmount })),
  createdAt: order.createdAt,
  ...(order.paidAt ? { paidAt: order.paidAt } : {}),
});

/** attendance.summary: counts from the room's join and leave records (none: no summary is sent). */
export function attendanceData(event: { eventId: string; title: string }, records: ReadonlyArray<{ identity: string; action: 'joined' | 'left'; at: string }>, endedAt: string) {
  const joins = records.filter((r) => r.action === 'joined');
  if (joins.length === 0) return null;
  const people = new Set(joins.map((r) => r.identity));
  const times = records.map((r) => r.at).sort();
  return { eventId: event.eventId, eventTitle: event.title, attendees: people.size, joins: joins.length, firstJoinAt: joins[0]!.at, lastActivityAt: times.at(-1)!, endedAt };
}
