/**
 * The contract every payment provider implements (docs/decisions/0033-payments.md), after
 * Medusa's AbstractPaymentProvider (initiatePayment, getPaymentStatus, capturePayment,
 * refundPayment, cancelPayment, getWebhookActionAndData) and Saleor's payment app events: the
 * platform never sees card data; it opens a hosted checkout, asks the provider what happened,
 * and moves its own order (server/commerce/payments/orderState.server.ts) only on a verified answer.
 */
import type { Money } from '#app/lib/money/money';
import { isErrorNamed } from '#server/errors';

export type ProviderId = 'test' | 'stripe';

export interface CheckoutLineItem {
  title: string;
  quantity: number;
  unitAmount: number;
}

export interface InitiateInput {
  tenantId: string;
  orderId: string;
  currency: string;
  lines: CheckoutLineItem[];
  total: Money;
  applicationFee: Money;
  /**
   * Ties the charge to the transfers that pay its sellers (separate charges and transfers,
   * docs/decisions/0058): the order id.
   */
  transferGroup: string;
  buyerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Where the provider posts this order's events (the tenant's own webhook address). */
  webhookUrl: string;
  language: string;
  /** Sent with every create, so a retried request opens the same session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  redirectUrl: string;
}

/** Where a payment stands, in the platform's words. */
export type PaymentState = 'pending' | 'authorized' | 'captured' | 'failed' | 'canceled';

export interface PaymentStatus {
  state: PaymentState;
  paymentId?: string;
}

export interface RefundInput {
  paymentId: string;
  /** Minor units; the whole remaining amount for a full refund. */
  amount: number;
  orderId: string;
  idempotencyKey: string;
  /** The payment went to a connected account (a destination charge): take the transfer back with the refund. */
  reverseTransfer: boolean;
}

/** A seller's share of a captured payment, sent to their payout account. */
export interface TransferInput {
  /** The captured payment it is paid from (its charge is the transfer's source transaction). */
  paymentId: string;
  amount: number;
  currency: string;
  destinationAccountId: string;
  transferGroup: string;
  /** Per order and seller: the same transfer asked twice is one transfer. */
  idempotencyKey: string;
  metadata: { tenantId: string; orderId: string; sellerId: string };
}

export interface TransferResult {
  transferId: string;
  /** What the provider transferred (the first answer's, when the transfer existed already). */
  amount: number;
}

/** Takes part of a transfer back from the seller's payout account (after a refund of their lines). */
export interface ReversalInput {
  transferId: string;
  amount: number;
  idempotencyKey: string;
  metadata: { tenantId: string; orderId: string; sellerId: string };
}

export interface ReversalResult {
  reversalId: string;
  amount: number;
}

export interface RefundResult {
  refundId: string;
  amount: number;
}

/** A verified provider event, mapped to what it means for an order or a payout account. */
export type PaymentEvent =
  | { eventId: string; type: 'authorized' | 'captured' | 'failed' | 'canceled'; tenantId: string; orderId: string; paymentId?: string }
  | { eventId: string; type: 'refunded'; tenantId: string; orderId: string; paymentId: string; refundedTotal: number }
  | { eventId: string; type: 'account_updated'; accountId: string; tenantId?: string; active: boolean }
  /** Verified, but nothing the platform acts on. */
  | { eventId: string; type: 'ignored'; reason: string };

export type WebhookRefusal = 'bad_signature' | 'too_old' | 'malformed';
export type ParsedWebhook = { ok: true; event: PaymentEvent } | { ok: false; refused: WebhookRefusal; message: string };

export interface AccountLinkInput {
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
  language?: string;
}

export interface CreateAccountInput {
  tenantId: string;
  userId: string;
  email: string;
  /** Where the provider posts account.updated (the tenant's webhook address; Stripe uses its dashboard's). */
  webhookUrl: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Opens the hosted checkout for a pending order. */
  initiate(input: InitiateInput): Promise<CheckoutSession>;
  /** Asks the provider where the session's payment stands (return page, status polls, the sweeper). */
  status(sessionId: string): Promise<PaymentStatus>;
  /**
   * Confirms the payment is captured. Hosted checkouts here capture automatically, so this asks
   * and answers the captured status, or the state the payment is really in.
   */
  capture(sessionId: string): Promise<PaymentStatus>;
  /** Refunds part or all of a payment; throws PaymentRefusedError when the provider says no. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Transfers a seller's share of a payment to their connected account (idempotent per key). */
  transfer(input: TransferInput): Promise<TransferResult>;
  /** Reverses part of a transfer (idempotent per key). */
  reverseTransfer(input: ReversalInput): Promise<ReversalResult>;
  /** Closes an open session so it can no longer be paid (abandoned orders). */
  cancel(sessionId: string): Promise<void>;
  /** Verifies the signature on the raw body and maps the event. */
  parseWebhook(rawBody: string, headers: Headers): ParsedWebhook;
  /** Creates the organizer's payout (connected) account. */
  createAccount(input: CreateAccountInput): Promise<{ accountId: string }>;
  /** Whether the account can receive payouts. */
  accountActive(accountId: string): Promise<boolean>;
  /** A one-time onboarding link for the account. */
  accountLink(input: AccountLinkInput): Promise<{ url: string }>;
}

export class PaymentsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsUnavailableError';
  }
}

/** The provider answered and said no (an amount it will not refund, a transfer it will not make). */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

export const isPaymentRefused = (e: unknown): boolean => isErrorNamed(e, 'PaymentRefusedError');

/** Recognised by name: route bundles hold their own copy of this class (server/errors.ts). */
export const isPaymentsUnavailable = (e: unknown): boolean => isErrorNamed(e, 'PaymentsUnavailableError');
