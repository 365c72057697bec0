/**
 * Orders and what they sell (issue 15). One order holds lines of several kinds, each priced by
 * the server from its own data (never from what the browser sent) and fulfilled once when the
 * payment is captured (server/commerce/payments/sellables.server.ts).
 */
import { z } from 'zod';
import type { Money } from '../money/money';

/** What a line sells; each kind is registered by the module that owns it. */
export const LINE_KINDS = ['product', 'ticket', 'replay', 'consultation', 'donation'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/**
 * What a buyer asks for: a cart line, a "Buy ticket" button, a donation form.
 * refId: product: productId; ticket and replay: eventId; consultation: a held bookingId;
 * donation: channelId (or the eventId of a live room, with meta.eventId).
 */
export const lineRequestSchema = z.object({
  kind: z.enum(LINE_KINDS),
  refId: z.string().min(1).max(80),
  quantity: z.number().int().min(1).max(20).default(1),
  /** Donation amount chosen by the donor (minor units); ignored for every other kind. */
  amount: z.number().int().min(1).max(100_000_000).optional(),
  /** Short free text: a donation message, the room a line was bought from. */
  meta: z.record(z.string().max(40), z.string().max(500)).optional(),
});
export type LineRequest = z.infer<typeof lineRequestSchema>;

/** A line as the server priced it. */
export interface OrderLine {
  kind: LineKind;
  refId: string;
  quantity: number;
  title: string;
  /** Price of one unit, minor units of the order's currency. */
  unitAmount: number;
  /** The organizer who is paid for this line (their payout account receives it). */
  sellerId: string;
  channelId?: string;
  meta?: Record<string, string>;
}

/**
 * The payment state machine every provider maps to (webhooks and status polls move it; each move
 * is a conditional write, so a duplicated webhook or a retried request never moves it twice):
 * pending → authorized → captured → refunded (or partially_refunded); pending → failed | canceled.
 */
export const ORDER_STATUSES = ['pending', 'authorized', 'captured', 'partially_refunded', 'refunded', 'failed', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A refund reserved on the order while the provider is asked (docs/decisions/0057). */
export interface RefundHold {
  amount: number;
  /** The amount per seller whose lines it refunds. */
  parts: Record<string, number>;
  /** The provider's idempotency key: asking again (after a crash) never refunds twice. */
  key: string;
  at: string;
}

export interface Order {
  orderId: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  currency: string;
  lines: OrderLine[];
  total: Money;
  /** The platform's application fee (per tenant, basis points of the total). */
  applicationFee: Money;
  refunded: Money;
  status: OrderStatus;
  provider: 'test' | 'stripe';
  providerSessionId?: string;
  providerPaymentId?: string;
  /**
   * The seller's connected account the payment was sent to: orders paid before separate charges
   * and transfers (docs/decisions/0058) were destination charges; newer orders never set it.
   */
  destinationAccountId?: string;
  /**
   * Refunds serialised per order (docs/decisions/0057), set by the first refund: what is refunded
   * or reserved for a refund under way (never above the total), per seller the same, the
   * reservations waiting for the provider, and the provider's running refunded total as its
   * webhooks last told it.
   */
  refundClaimed?: number;
  sellerClaimed?: Record<string, number>;
  sellerRefunded?: Record<string, number>;
  refundHolds?: Record<string, RefundHold>;
  providerRefunded?: number;
  /** The buyer's language when ordering: receipts and refund notices are written in it. */
  language?: string;
  /** Where the buyer goes back to after paying (a same-site path). */
  returnPath: string;
  createdAt: string;
  paidAt?: string;
  fulfilledAt?: string;
}
