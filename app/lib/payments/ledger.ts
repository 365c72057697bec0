/**
 * What a seller's ledger holds (/primeProfilePayments): each money movement once, signed (sales
 * positive, platform fees and refunds negative), in the order's currency. Transfers to the
 * seller's payout account are negative and their reversals positive (docs/decisions/0058), so the
 * balance is what the platform holds for the seller.
 */
import { toDecimal } from 'dinero.js';
import { sumMoney, toDinero, type Money } from '../money/money';
import type { LineKind } from './model';

export const LEDGER_KINDS = ['sale', 'ticket', 'donation', 'consultation', 'platform_fee', 'refund', 'transfer'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  entryId: string;
  sellerId: string;
  kind: LedgerKind;
  orderId: string;
  title: string;
  amount: Money;
  at: string;
  buyerName?: string;
}

export interface PayoutAccount {
  status: 'none' | 'pending' | 'active';
  provider: 'test' | 'stripe' | null;
  accountId: string | null;
}

/** The ledger a sold line is booked in. */
export function ledgerKindOf(kind: LineKind): LedgerKind {
  if (kind === 'ticket' || kind === 'donation' || kind === 'consultation') return kind;
  return 'sale';
}

/** The seller's balance per currency (a tenant sells in one currency, but entries keep their own). */
export function balanceOf(entries: readonly LedgerEntry[]): Money[] {
  const byCurrency = new Map<string, Money[]>();
  for (const entry of entries) byCurrency.set(entry.amount.currency, [...(byCurrency.get(entry.amount.currency) ?? []), entry.amount]);
  return [...byCurrency].map(([currency, amounts]) => sumMoney(currency, amounts));
}

/** "19.99" (no symbol, dot decimal) for spreadsheets. */
export function decimalOf(money: Money): string {
  return toDecimal(toDinero(money));
}
