/** The buyer's orders as the dashboard's Orders tab shows them. */
import type { OrderRow } from '#app/components/payments/OrdersTab';
import { previewHref } from '#app/lib/events/model';
import type { Order, OrderLine } from '#app/lib/payments/model';
import { productHref } from '#app/lib/shop/links';
import type { TenantData } from '#server/data/tenantData.server';
import { ownedFiles, type OwnedFile } from '../shop/ownedDownloads.server';

/** Where a bought line is managed or used: the booking page (with its Cancel), the event, the product. */
function lineHref(line: OrderLine): string | null {
  if (line.kind === 'consultation') return `/consultationForm?booking=${encodeURIComponent(line.refId)}`;
  if (line.kind === 'ticket' || line.kind === 'replay') return previewHref(line.refId);
  if (line.kind === 'product') return productHref(line.refId);
  return null;
}

/** The files a product line of a paid order lets the buyer download (none once refunded: the grant is gone). */
async function lineDownloads(data: TenantData, order: Order, line: OrderLine): Promise<OwnedFile[]> {
  if (line.kind !== 'product' || (order.status !== 'captured' && order.status !== 'partially_refunded')) return [];
  const product = await data.products.get(line.refId);
  return product ? ownedFiles(data, product, order.buyerId) : [];
}

export async function buyerOrderRows(data: TenantData, buyerId: string): Promise<OrderRow[]> {
  const orders = await data.orders.ofBuyer(buyerId);
  return Promise.all(
    orders.map(async (o) => ({
      orderId: o.orderId,
      createdAt: o.createdAt,
      paidAt: o.paidAt ?? null,
      status: o.status,
      total: o.total,
      refunded: o.refunded,
      lines: await Promise.all(
        o.lines.map(async (l) => ({
          title: l.title,
          quantity: l.quantity,
          amount: { amount: l.unitAmount * l.quantity, currency: o.currency },
          href: lineHref(l),
          kind: l.kind,
          downloads: (await lineDownloads(data, o, l)).map(({ title, href }) => ({ title, href })),
        })),
      ),
    })),
  );
}
