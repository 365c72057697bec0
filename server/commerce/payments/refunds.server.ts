/**
 * Refunds issued from an order (/primeProfilePayments, /api/orders/refund, a consultation's
 * cancellation), serialised per order (docs/decisions/0057): the amount is first reserved on the
 * order by one conditional write that holds only while refunded + reserved + amount <= the total
 * (and the same for the seller's lines), then the provider is asked for exactly that, then the
 * reservation is confirmed, or given back when the provider refuses. Of simultaneous refunds
 * exactly those that fit succeed; the others are over-refunds. A reservation whose answer was
 * lost (a crash, a timeout) is asked again with the same idempotency key before the next refund
 * of the order, so no money is refunded twice and no refund is lost.
 *
 * A seller refunds their own lines (their share of an order with several sellers); a tenant admin
 * refunds one seller's lines or the whole order. The provider's charge.refunded webhook then
 * finds nothing new.
 */
import { randomBytes } from 'node:crypto';
import type { Order, RefundHold } from '#app/lib/payments/model';
import type { SessionUser } from '#app/lib/identity/types';
import { refundableLeft } from '../data/orderRefunds.server';
import { log } from '#server/observability/log.server';
import { afterRefund } from './orderState.server';
import { isPaymentRefused, isPaymentsUnavailable, PaymentsUnavailableError } from '#server/platform/payments/provider.server';
import { providerOf, type CheckoutContext } from './checkout.server';

export type RefundProblem = 'not_found' | 'forbidden' | 'not_refundable' | 'invalid_amount' | 'over_refund' | 'refused';

export type RefundOutcome = { ok: true; order: Order; refunded: number } | { ok: false; problem: RefundProblem; max?: number };

/** A reservation left this long without an answer is asked about again (its request surely ended). */
export const STALE_REFUND_HOLD_MS = 60_000;

type Refunder = Pick<SessionUser, 'sub' | 'groups'>;

const isAdmin = (user: Refunder) => user.groups.includes('admin');
const sellsIn = (order: Order, sellerId: string) => order.lines.some((line) => line.sellerId === sellerId);

/** Whose lines the user may refund: an admin any seller's or the whole order (undefined), a seller their own. */
function scopeOf(user: Refunder, order: Order, sellerId: string | undefined): { ok: true; sellerId: string | undefined } | { ok: false; problem: 'not_found' | 'forbidden' } {
  if (isAdmin(user)) return sellerId === undefined || sellsIn(order, sellerId) ? { ok: true, sellerId } : { ok: false, problem: 'not_found' };
  // Someone who neither sold nor administers it learns nothing about the order.
  if (!sellsIn(order, user.sub)) return { ok: false, problem: 'not_found' };
  if (sellerId !== undefined && sellerId !== user.sub) return { ok: false, problem: 'forbidden' };
  return { ok: true, sellerId: user.sub };
}

/**
 * What the provider refunded beyond the platform's refunds (one made at the provider directly)
 * is booked when no reservation can explain it any more: after each confirmation or release too,
 * since its webhook may have come while a reservation was open.
 */
async function bookOutsideRefunds(ctx: CheckoutContext, orderId: string): Promise<void> {
  const step = await ctx.data.orders.bookOutsideRefund(orderId);
  if (step) await afterRefund(ctx, step);
}

/** Asks the provider for a reserved refund and confirms or gives back the reservation. */
async function carryOut(ctx: CheckoutContext, order: Order, holdId: string, hold: RefundHold): Promise<RefundOutcome> {
  try {
    await providerOf(ctx, order.provider).refund({
      paymentId: order.providerPaymentId!,
      amount: hold.amount,
      orderId: order.orderId,
      idempotencyKey: hold.key,
      reverseTransfer: order.destinationAccountId !== undefined,
    });
  } catch (e) {
    if (isPaymentRefused(e)) {
      await ctx.data.orders.releaseRefund(order.orderId, holdId);
      await bookOutsideRefunds(ctx, order.orderId);
      log.warn(`payments: the provider refused a refund of ${hold.amount} on ${order.orderId}: ${(e as Error).message}`);
      return { ok: false, problem: 'refused' };
    }
    // No answer: the reservation stays, and is asked about again (same key) before the next refund.
    if (isPaymentsUnavailable(e)) throw e;
    throw new PaymentsUnavailableError(`the refund of ${order.orderId} got no answer from the provider: ${(e as Error).message}`);
  }
  const step = await ctx.data.orders.confirmRefund(order.orderId, holdId);
  if (step) await afterRefund(ctx, step);
  await bookOutsideRefunds(ctx, order.orderId);
  return { ok: true, order: (await ctx.data.orders.get(order.orderId)) ?? step?.after ?? order, refunded: hold.amount };
}

/** Reservations whose request ended without an answer: asked again with their own key (the provider answers what it did). */
async function settleStaleHolds(ctx: CheckoutContext, order: Order): Promise<void> {
  const cutoff = Date.now() - STALE_REFUND_HOLD_MS;
  for (const [holdId, hold] of Object.entries(order.refundHolds ?? {})) {
    if (Date.parse(hold.at) > cutoff) continue;
    try {
      await carryOut(ctx, order, holdId, hold);
    } catch (e) {
      if (!isPaymentsUnavailable(e)) throw e;
    }
  }
}

export async function refundOrder(ctx: CheckoutContext, user: Refunder, orderId: string, amount?: number, sellerId?: string): Promise<RefundOutcome> {
  const order = await ctx.data.orders.get(orderId);
  if (!order) return { ok: false, problem: 'not_found' };
  const scope = scopeOf(user, order, sellerId);
  if (!scope.ok) return { ok: false, problem: scope.problem };
  if ((order.status !== 'captured' && order.status !== 'partially_refunded') || !order.providerPaymentId) return { ok: false, problem: 'not_refundable' };
  if (amount !== undefined && (!Number.isInteger(amount) || amount < 1)) return { ok: false, problem: 'invalid_amount', max: Math.max(0, refundableLeft(order, scope.sellerId)) };
  await settleStaleHolds(ctx, order);

  // Without an amount: all that is left of the scope, read when reserving.
  const holdId = `h${randomBytes(8).toString('hex')}`;
  const reserved = await ctx.data.orders.reserveRefund(orderId, {
    ...(amount === undefined ? {} : { amount }),
    ...(scope.sellerId === undefined ? {} : { sellerId: scope.sellerId }),
    holdId,
    key: `refund-${ctx.tenant.id}-${orderId}-${holdId}`,
  });
  if (!reserved.ok) return { ok: false, problem: reserved.problem, max: reserved.max };
  return carryOut(ctx, reserved.order, reserved.holdId, reserved.hold);
}
