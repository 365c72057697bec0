/**
 * What a captured order and a refund book in the sellers' ledgers. Every entry id says what caused
 * it, and entries are written once (payouts.addEntry is conditional), so replays book nothing new.
 */
import type { Order } from '#app/lib/payments/model';
import { ledgerKindOf, type LedgerEntry } from '#app/lib/payments/ledger';
import type { TenantData } from '../data/tenantData.server';

/** Splits `amount` in proportion to `weights`, in whole minor units that add up exactly (largest remainder). */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** Each seller's gross in the order. */
export function sellerTotals(order: Order): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of order.lines) totals.set(line.sellerId, (totals.get(line.sellerId) ?? 0) + line.unitAmount * line.quantity);
  return totals;
}

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
  const totals = sellerTotals(order);
  const sellers = [...totals.keys()];
  const fees = allocate(order.applicationFee.amount, sellers.map((s) => totals.get(s)!));
  sellers.forEach((sellerId, i) => {
    if (fees[i] === 0) return;
    entries.push({ entryId: `${order.orderId}#fee#${sellerId}`, sellerId, kind: 'platform_fee', orderId: order.orderId, title: order.orderId, amount: money(order, -fees[i]), at, buyerName: order.buyerName });
  });
  for (const entry of entries) await data.payouts.addEntry(entry);
}

/**
 * A refund of `refunded` minor units (the step from before to after): each seller gives back their
 * share, and gets back the same share of the platform fee (the fee is refunded in proportion).
 */
export async function bookRefund(data: TenantData, before: Order, after: Order, at: string): Promise<void> {
  const refunded = after.refunded.amount - before.refunded.amount;
  if (refunded <= 0) return;
  const totals = sellerTotals(after);
  const sellers = [...totals.keys()];
  const shares = allocate(refunded, sellers.map((s) => totals.get(s)!));
  const feeBack = allocate(Math.round((after.applicationFee.amount * refunded) / after.total.amount), sellers.map((s) => totals.get(s)!));
  const step = `${after.orderId}#refund#${after.refunded.amount}`;
  for (const [i, sellerId] of sellers.entries()) {
    if (shares[i] > 0) {
      await data.payouts.addEntry({ entryId: `${step}#${sellerId}`, sellerId, kind: 'refund', orderId: after.orderId, title: after.orderId, amount: money(after, -shares[i]), at, buyerName: after.buyerName });
    }
    if (feeBack[i] > 0) {
      await data.payouts.addEntry({ entryId: `${step}#fee#${sellerId}`, sellerId, kind: 'platform_fee', orderId: after.orderId, title: after.orderId, amount: money(after, feeBack[i]), at, buyerName: after.buyerName });
    }
  }
}
