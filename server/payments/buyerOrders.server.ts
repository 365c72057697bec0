/** The buyer's orders as the dashboard's Orders tab shows them. */
import type { OrderRow } from '#app/components/payments/OrdersTab';
import { previewHref } from '#app/lib/events/model';
import type { OrderLine } from '#app/lib/payments/model';
import { productHref } from '#app/lib/shop/links';
import type { TenantData } from '../data/tenantData.server';

/** Where a bought line is managed or used: the booking page (with its Cancel), the event, the product. */
function lineHref(line: OrderLine): string | null {
  if (line.kind === 'consultation') return `/consultationForm?booking=${encodeURIComponent(line.refId)}`;
  if (line.kind === 'ticket' || line.kind === 'replay') return previewHref(line.refId);
  if (line.kind === 'product') return productHref(line.refId);
  return null;
}

export async function buyerOrderRows(data: TenantData, buyerId: string): Promise<OrderRow[]> {
  const orders = await data.orders.ofBuyer(buyerId);
  return orders.map((o) => ({
    orderId: o.orderId,
    createdAt: o.createdAt,
    paidAt: o.paidAt ?? null,
    status: o.status,
    total: o.total,
    refunded: o.refunded,
    lines: o.lines.map((l) => ({ title: l.title, quantity: l.quantity, amount: { amount: l.unitAmount * l.quantity, currency: o.currency }, href: lineHref(l), kind: l.kind })),
  }));
}
