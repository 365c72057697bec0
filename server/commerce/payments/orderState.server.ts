/**
 * The one place orders move (app/lib/payments/model.ts, OrderStatus): provider webhooks, the
 * checkout return, status polls, refunds and the pending-order sweeper all come here. Every move is
 * a conditional write on the current status, so whoever comes second changes nothing:
 *
 *   pending → authorized → captured: lines fulfilled once (conditional fulfilledAt, set by the
 *             move to captured itself, or claimed again after a failed fulfilment gave it back),
 *             then the onOrderCaptured listeners, the ledger and the receipt
 *   pending | authorized → failed | canceled: reservations released
 *   captured → partially_refunded → refunded: ledger refund entries; a seller's lines refunded in
 *             full are revoked (all of them after a full refund)
 *
 * After capture each seller is paid by a transfer, or held until they can be (transfers.server.ts).
 */
import type { Order, OrderStatus } from '#app/lib/payments/model';
import { sellerTotals } from '#app/lib/payments/shares';
import type { RefundStep } from '../data/orderRefunds.server';
import type { PaymentEvent, PaymentState, ProviderId } from '#server/platform/payments/provider.server';
import { bookCapturedOrder, bookRefund } from './ledgerBooking.server';
import { sendReceipt, sendRefundNotice } from './mails.server';
import { orderCapturedListeners, sellableFor, type SellContext } from './sellables.server';
import { payHeldTransfers, payOutOrder, settleAfterRefund, type PayoutContext } from './transfers.server';
import { log } from '#server/observability/log.server';
import { emitWebhook, orderData, webhookBatch } from '#server/webhooks/index.server';

export type ApplyResult = { applied: true; status?: OrderStatus } | { applied: false; reason: 'duplicate' | 'unknown_order' | 'no_change' | 'ignored' | 'other_tenant' };

const nowIso = () => new Date().toISOString();

/**
 * Grants what was bought, once: the winner of the fulfilledAt claim fulfils, then books, tells the
 * listeners, mails and emits, which depend only on the fulfilled order and so run together (`after`,
 * which the caller awaits beside the payouts). Answers null when another caller holds the claim.
 * `claimed`: the caller's move to captured took the claim with it (the order has its fulfilledAt).
 */
async function fulfil(outer: SellContext, order: Order, claimed = false): Promise<{ fulfilled: Order; after: Promise<unknown> } | null> {
  const at = claimed && order.fulfilledAt ? order.fulfilledAt : nowIso();
  if (!claimed && !(await outer.data.orders.claimFulfilment(order.orderId, at))) return null;
  // The order's webhooks (order.paid, and what its lines emit) read the tenant's endpoints once.
  const emit = webhookBatch(outer.data);
  const ctx: SellContext = { ...outer, emit };
  try {
    for (const line of order.lines) await sellableFor(line.kind).fulfil(ctx, order, line);
  } catch (e) {
    await ctx.data.orders.releaseFulfilment(order.orderId);
    throw e;
  }
  const fulfilled = { ...order, fulfilledAt: at };
  const listeners = orderCapturedListeners().map(async (listener) => {
    try {
      await listener(ctx, fulfilled);
    } catch (e) {
      log.error(`payments: an order-captured listener failed for ${order.orderId}: ${(e as Error).message}`);
    }
  });
  const after = Promise.all([bookCapturedOrder(ctx.data, fulfilled, order.paidAt ?? at), ...listeners, sendReceipt(ctx, fulfilled), emit('order.paid', orderData(fulfilled))]);
  return { fulfilled, after };
}

/** Waits for every one of the steps; the first failure is thrown once all have ended. */
async function allEnded(steps: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function releaseLines(ctx: SellContext, order: Order): Promise<void> {
  for (const line of order.lines) await sellableFor(line.kind).release?.(ctx, order, line);
}

/**
 * Moves the order to what the provider says happened (the same for a webhook, a return or a poll).
 * `known`: the order as the caller has just read it (its creation time names its row on the sweeper's list).
 */
export async function moveToState(ctx: PayoutContext, orderId: string, state: PaymentState, paymentId?: string, known?: Order): Promise<Order | null> {
  const data = ctx.data.orders;
  switch (state) {
    case 'pending':
      return data.get(orderId);
    case 'authorized':
      return (await data.move(orderId, ['pending'], 'authorized', { providerPaymentId: paymentId }, known)) ?? data.get(orderId);
    case 'captured': {
      // The move to captured takes the fulfilment's claim with it: whoever moves the order fulfils it.
      const at = nowIso();
      const moved = await data.move(orderId, ['pending', 'authorized'], 'captured', { paidAt: at, providerPaymentId: paymentId, fulfilledAt: at }, known);
      const order = moved ?? (await data.get(orderId));
      // Also after a move whose fulfilment failed earlier: the claim was given back, so this retries it.
      const fulfilment = moved ? await fulfil(ctx, moved, true) : order?.status === 'captured' && !order.fulfilledAt ? await fulfil(ctx, order) : null;
      // This call's own fulfilment is the order as it now stands; otherwise read it again (another caller may hold the claim).
      const current = fulfilment?.fulfilled ?? (order ? ((await data.get(orderId)) ?? order) : null);
      // Each seller paid (or held), beside the ledger, receipt and webhooks; idempotent, so a retried capture pays what an earlier one could not record.
      const steps: Promise<unknown>[] = fulfilment ? [fulfilment.after] : [];
      if (current?.fulfilledAt) steps.push(payOutOrder(ctx, current));
      await allEnded(steps);
      return current;
    }
    case 'failed':
    case 'canceled': {
      const moved = await data.move(orderId, ['pending', 'authorized'], state, paymentId ? { providerPaymentId: paymentId } : {}, known);
      if (moved) await releaseLines(ctx, moved);
      return moved ?? data.get(orderId);
    }
  }
}

/**
 * What follows a refund step, whoever made it (a refund from the platform, or one made at the
 * provider that its webhook told of): the ledger, the lines of sellers now refunded in full taken
 * back, their transfers reversed as far as the refund took, and the buyer told.
 */
export async function afterRefund(ctx: PayoutContext, step: RefundStep): Promise<Order> {
  const { before, after, parts } = step;
  await bookRefund(ctx.data, after, parts, nowIso());
  const totals = sellerTotals(after);
  const refundedInFull = (order: Order, sellerId: string) => (order.sellerRefunded?.[sellerId] ?? 0) >= (totals.get(sellerId) ?? 0);
  for (const line of after.lines) {
    if (refundedInFull(after, line.sellerId) && !refundedInFull(before, line.sellerId)) await sellableFor(line.kind).revoke?.(ctx, after, line);
  }
  await settleAfterRefund(ctx, after, Object.keys(parts));
  await sendRefundNotice(ctx.tenant, after, after.refunded.amount - before.refunded.amount);
  await emitWebhook(ctx.data, 'order.refunded', { ...orderData(after), refundedNow: { amount: after.refunded.amount - before.refunded.amount, currency: after.currency } });
  return after;
}

/**
 * Applies one verified provider event to this tenant's data, once per event id. A failure gives
 * the event id back so the provider's retry applies it.
 */
export async function applyPaymentEvent(ctx: PayoutContext, provider: ProviderId, event: PaymentEvent): Promise<ApplyResult> {
  if (event.type === 'ignored') return { applied: false, reason: 'ignored' };
  if (event.tenantId !== undefined && event.tenantId !== ctx.tenant.id) return { applied: false, reason: 'other_tenant' };
  // The order is read beside the claim (an order event's read is used only once the claim is won).
  const orderRead = event.type === 'account_updated' ? null : ctx.data.orders.get(event.orderId);
  orderRead?.catch(() => {});
  if (!(await ctx.data.orders.claimEvent(provider, event.eventId))) return { applied: false, reason: 'duplicate' };
  try {
    if (event.type === 'account_updated') {
      const userId = await ctx.data.payouts.accountOwner(event.accountId);
      if (!userId) return { applied: false, reason: 'unknown_order' };
      await ctx.data.payouts.setAccountStatus(userId, event.accountId, event.active ? 'active' : 'pending');
      // Onboarding completed: what was held for the seller is transferred now.
      if (event.active) await payHeldTransfers(ctx, userId);
      return { applied: true };
    }
    const order = await orderRead;
    if (!order) return { applied: false, reason: 'unknown_order' };
    if (order.provider !== provider) return { applied: false, reason: 'other_tenant' };
    if (event.type === 'refunded') {
      // The provider's running total; refunds the platform made or has under way are its own to confirm.
      await ctx.data.orders.observeProviderRefunded(order.orderId, event.refundedTotal);
      const step = await ctx.data.orders.bookOutsideRefund(order.orderId);
      const after = step ? await afterRefund(ctx, step) : null;
      return after ? { applied: true, status: after.status } : { applied: false, reason: 'no_change' };
    }
    const before = order.status;
    const after = await moveToState(ctx, order.orderId, event.type, event.paymentId, order);
    return after && after.status !== before ? { applied: true, status: after.status } : { applied: false, reason: 'no_change' };
  } catch (e) {
    await ctx.data.orders.releaseEvent(provider, event.eventId);
    throw e;
  }
}
