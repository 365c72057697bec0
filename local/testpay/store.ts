/**
 * The test provider's state, in memory: checkout sessions, connected accounts, account links,
 * refunds, transfers to accounts and their reversals, and idempotency keys. A restart forgets everything, like a fresh Stripe test mode
 * would for the platform's purposes (pending orders then expire through the sweeper).
 */
import { randomBytes } from 'node:crypto';

export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  authenticate: '4000002500003155',
} as const;

export interface LineItem {
  title: string;
  quantity: number;
  unitAmount: number;
}

export interface Session {
  id: string;
  paymentIntent: string;
  chargeId: string;
  orderId: string;
  tenantId: string;
  lineItems: LineItem[];
  currency: string;
  amountTotal: number;
  applicationFee: number;
  /** Groups the charge with the transfers that pay its sellers (the order). */
  transferGroup: string | null;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  lang: string;
  /** open: can be paid; complete: paid or declined (paymentStatus says which); expired: canceled. */
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'failed';
  awaitingAuthentication: boolean;
  amountRefunded: number;
  created: number;
}

export interface Account {
  id: string;
  email: string;
  metadata: Record<string, string>;
  webhookUrl: string;
  businessName: string | null;
  country: string | null;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface AccountLink {
  id: string;
  account: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
  used: boolean;
  lang: string;
}

export interface Refund {
  id: string;
  paymentIntent: string;
  amount: number;
}

export interface Transfer {
  id: string;
  amount: number;
  amountReversed: number;
  currency: string;
  destination: string;
  transferGroup: string | null;
  /** The payment intent whose charge funds it. */
  sourcePaymentIntent: string;
  metadata: Record<string, string>;
  created: number;
}

export interface TransferReversal {
  id: string;
  transferId: string;
  amount: number;
  metadata: Record<string, string>;
  created: number;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class TestPayStore {
  readonly sessions = new Map<string, Session>();
  readonly accounts = new Map<string, Account>();
  readonly links = new Map<string, AccountLink>();
  readonly refunds = new Map<string, Refund>();
  readonly transfers = new Map<string, Transfer>();
  readonly reversals = new Map<string, TransferReversal>();
  /** "<endpoint> <Idempotency-Key>" → the JSON first answered. */
  readonly idempotent = new Map<string, unknown>();
  /** How many card payments were taken per session (a double click must leave 1). */
  readonly charges = new Map<string, number>();

  sessionByPaymentIntent(paymentIntent: string): Session | undefined {
    for (const session of this.sessions.values()) if (session.paymentIntent === paymentIntent) return session;
    return undefined;
  }

  /** What the account holds: transfers in, less their reversals (nothing is paid out to a bank here). */
  accountBalance(accountId: string): number {
    let balance = 0;
    for (const t of this.transfers.values()) if (t.destination === accountId) balance += t.amount - t.amountReversed;
    return balance;
  }

  /** What the platform holds: payments captured, less refunds and transfers out (reversals come back). */
  platformBalance(): number {
    let balance = 0;
    for (const s of this.sessions.values()) if (s.paymentStatus === 'paid') balance += s.amountTotal - s.amountRefunded;
    for (const t of this.transfers.values()) balance -= t.amount - t.amountReversed;
    return balance;
  }
}
