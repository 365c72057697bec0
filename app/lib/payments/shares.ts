/**
 * Each seller's share of an order (docs/decisions/0058): the gross of their lines, their part of
 * the tenant's application fee, the fee given back with a refund, and what they are owed after
 * refunds. The ledger, refunds and transfers all count with these, so they always agree.
 */
import type { Order } from './model';

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

/** Each seller's gross in the order, in the order of their first line. */
export function sellerTotals(order: Pick<Order, 'lines'>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of order.lines) totals.set(line.sellerId, (totals.get(line.sellerId) ?? 0) + line.unitAmount * line.quantity);
  return totals;
}

/** Each seller's part of the application fee (in proportion to their gross). */
export function sellerFees(order: Pick<Order, 'lines' | 'applicationFee'>): Map<string, number> {
  const totals = sellerTotals(order);
  const sellers = [...totals.keys()];
  const fees = allocate(order.applicationFee.amount, sellers.map((s) => totals.get(s)!));
  return new Map(sellers.map((s, i) => [s, fees[i]!]));
}

/**
 * The fee a seller gets back once `refunded` of their `gross` is refunded: the same proportion,
 * counted on the running total so that a full refund gives back exactly the whole fee.
 */
export const feeBackFor = (fee: number, gross: number, refunded: number): number => (gross <= 0 ? 0 : Math.round((fee * Math.min(refunded, gross)) / gross));

/** The seller's refunded gross so far (orders refunded before refunds were kept per seller: in proportion). */
export function sellerRefundedOf(order: Pick<Order, 'lines' | 'refunded' | 'sellerRefunded'>, sellerId: string): number {
  if (order.sellerRefunded) return order.sellerRefunded[sellerId] ?? 0;
  const totals = sellerTotals(order);
  const sellers = [...totals.keys()];
  const parts = allocate(order.refunded.amount, sellers.map((s) => totals.get(s)!));
  return parts[sellers.indexOf(sellerId)] ?? 0;
}

/** What the seller is owed for the order now: their gross less their fee, less what was refunded of it (net of the fee given back). */
export function sellerNetDue(order: Pick<Order, 'lines' | 'applicationFee' | 'refunded' | 'sellerRefunded'>, sellerId: string): number {
  const gross = sellerTotals(order).get(sellerId) ?? 0;
  const fee = sellerFees(order).get(sellerId) ?? 0;
  const refunded = sellerRefundedOf(order, sellerId);
  return Math.max(0, gross - fee - (refunded - feeBackFor(fee, gross, refunded)));
}
