/** The buyer's orders as the dashboard's Orders tab shows them. */
import type { OrderRow } from '#app/components/payments/OrdersTab';
import type { TenantData } from '../data/tenantData.server';

export async function buyerOrderRows(data: TenantData, buyerId: string): Promise<OrderRow[]> {
  const orders = await data.orders.ofBuyer(buyerId);
  return orders.map((o) => ({
    orderId: o.orderId,
    createdAt: o.createdAt,
    paidAt: o.paidAt ?? null,
    status: o.status,
    total: o.total,
    refunded: o.refunded,
    lines: o.lines.map((l) => ({ title: l.title, quantity: l.quantity, amount: { amount: l.unitAmount * l.quantity, currency: o.currency } })),
  }));
}
