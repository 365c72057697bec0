/**
 * What a captured order and a refund book in the sellers' ledgers. Every entry id says what caused
 * it, and entries are written once (payouts.addEntry is conditional), so replays book nothing new.
 */
import type { Order } from '#app/lib/payments/model';
import { ledgerKindOf, type LedgerEntry } from '#app/lib/payments/ledger';
import { feeBackFor, sellerFees, sellerTotals } from '#app/lib/payments/shares';
import type { TenantData } from '#server/data/tenantData.server';

function money(order: Order, amount: number) {
  return { amount, currency: order.currency };
}

/** The lines as sales (tickets, donations, ... in their own ledgers) and each seller's share of the platform fee. */
export async function bookCapturedOrder(data: TenantData, order: Order, at: string): Promise<void> {
  const entries: LedgerEntry[] = order.lines.map((line, i) => ({
    entryId: `${order.orderId}#${i}`,
    sellerId: line.sellerId,
    kind: ledgerKindOf(line.kind),
    orderId: order.orderId,
    title: line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title,
    amount: money(order, line.unitAmount * line.quantity),
    at,
    buyerName: order.buyerName,
  }));
  for (const [sellerId, fee] of sellerFees(order)) {
    if (fee === 0) continue;
    entries.push({ entryId: `${order.orderId}#fee#${sellerId}`, sellerId, kind: 'platform_fee', orderId: order.orderId, title: order.orderId, amount: money(order, -fee), at, buyerName: order.buyerName });
  }
  // Each entry conditional (booked once): all in one transaction the first time, each on its own in a replay.
  await data.payouts.addEntries(entries);
}

/**
 * A refund step (the order after it, and how much of it each seller's lines gave back): each seller books their part as a refund and gets back the same proportion of their
 * platform fee, counted on their running refunded total so a full refund returns the whole fee.
 */
export async function bookRefund(data: TenantData, after: Order, parts: Record<string, number>, at: string): Promise<void> {
  const totals = sellerTotals(after);
  const fees = sellerFees(after);
  const step = `${after.orderId}#refund#${after.refunded.amount}`;
  for (const [sellerId, part] of Object.entries(parts)) {
    if (part <= 0) continue;
    await data.payouts.addEntry({ entryId: `${step}#${sellerId}`, sellerId, kind: 'refund', orderId: after.orderId, title: after.orderId, amount: money(after, -part), at, buyerName: after.buyerName });
    const gross = totals.get(sellerId) ?? 0;
    const fee = fees.get(sellerId) ?? 0;
    const refundedAfter = after.sellerRefunded?.[sellerId] ?? part;
    const feeBack = feeBackFor(fee, gross, refundedAfter) - feeBackFor(fee, gross, refundedAfter - part);
    if (feeBack > 0) {
      await data.payouts.addEntry({ entryId: `${step}#fee#${sellerId}`, sellerId, kind: 'platform_fee', orderId: after.orderId, title: after.orderId, amount: money(after, feeBack), at, buyerName: after.buyerName });
    }
  }
}
