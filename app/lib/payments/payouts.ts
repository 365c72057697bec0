/**
 * What the platform owes each seller per order and how it was paid (docs/decisions/0058): a
 * seller's share of a captured order, less the tenant's application fee and what was refunded of
 * it, is transferred to their payout account, or held until that account is active.
 */
export interface SellerPayout {
  orderId: string;
  sellerId: string;
  currency: string;
  /** Their gross less their part of the application fee, when the order was captured. */
  net: number;
  /** What they are owed now: `net` less what was refunded of their lines (net of the fee given back). */
  due: number;
  transferId: string | null;
  /** What the provider transferred, and what was taken back since by reversals. */
  transferred: number;
  reversed: number;
  accountId: string | null;
  createdAt: string;
  transferredAt: string | null;
  /** Why the last attempt to transfer or reverse did not go through (it is tried again). */
  problem: string | null;
}

export const PAYOUT_STATUSES = ['held', 'transferred', 'partly_reversed', 'reversed', 'refunded'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** held: waiting for an active payout account; refunded: refunded in full before it was transferred. */
export function payoutStatusOf(p: Pick<SellerPayout, 'transferId' | 'due' | 'transferred' | 'reversed'>): PayoutStatus {
  if (!p.transferId) return p.due > 0 ? 'held' : 'refunded';
  if (p.reversed === 0) return 'transferred';
  return p.reversed >= p.transferred ? 'reversed' : 'partly_reversed';
}

/** Money the platform holds for the seller: owed and not transferred yet. */
export const heldAmountOf = (p: Pick<SellerPayout, 'transferId' | 'due'>): number => (p.transferId ? 0 : p.due);

/** Money now in the seller's payout account for the order. */
export const paidAmountOf = (p: Pick<SellerPayout, 'transferred' | 'reversed'>): number => p.transferred - p.reversed;
