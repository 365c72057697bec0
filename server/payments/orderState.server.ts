/**
 * The one place orders move (app/lib/payments/model.ts, OrderStatus): provider webhooks, the
 * checkout return, status polls, refunds and the pending-order sweeper all come here. Every move is
 * a conditional write on the current status, so whoever comes second changes nothing:
 *
 *   pending → authorized → captured: lines fulfilled once (conditional fulfilledAt), then the
 *             onOrderCaptured listeners, the ledger and the receipt
 *   pending | authorized → failed | canceled: reservations released
 *   captured → partially_refunded → refunded: ledger refund entries; a full refund revokes the lines
 */
import type { Order, OrderStatus } from '#app/lib/payments/model';
import type { PaymentEvent, PaymentState, ProviderId } from './provider.server';
import { bookCapturedOrder, bookRefund } from './ledgerBooking.server';
import { sendReceipt, sendRefundNotice } from './mails.server';
import { orderCapturedListeners, sellableFor, type SellContext } from './sellables.server';
import { log } from '../observability/log.server';

export type ApplyResult = { applied: true; status?: OrderStatus } | { applied: false; reason: 'duplicate' | 'unknown_order' | 'no_change' | 'ignored' | 'other_tenant' };

const nowIso = () => new Date().toISOString();

/** Grants what was bought, once: the winner of the fulfilledAt claim fulfils, books and mails. */
async function fulfil(ctx: SellContext, order: Order): Promise<void> {
  const at = nowIso();
  if (!(await ctx.data.orders.claimFulfilment(order.orderId, at))) return;
  try {
    for (const line of order.lines) await sellableFor(line.kind).fulfil(ctx, order, line);
  } catch (e) {
    await ctx.data.orders.releaseFulfilment(order.orderId);
    throw e;
  }
  const fulfilled = { ...order, fulfilledAt: at };
  await bookCapturedOrder(ctx.data, fulfilled, order.paidAt ?? at);
  for (const listener of orderCapturedListeners()) {
    try {
      await listener(ctx, fulfilled);
    } catch (e) {
      log.error(`payments: an order-captured listener failed for ${order.orderId}: ${(e as Error).message}`);
    }
  }
  await sendReceipt(ctx.tenant.id, ctx.tenant.displayName, fulfilled);
}

async function releaseLines(ctx: SellContext, order: Order): Promise<void> {
  for (const line of order.lines) await sellableFor(line.kind).release?.(ctx, order, line);
}

/** Moves the order to what the provider says happened (the same for a webhook, a return or a poll). */
export async function moveToState(ctx: SellContext, orderId: string, state: PaymentState, paymentId?: string): Promise<Order | null> {
  const data = ctx.data.orders;
  switch (state) {
    case 'pending':
      return data.get(orderId);
    case 'authorized':
      return (await data.move(orderId, ['pending'], 'authorized', { providerPaymentId: paymentId })) ?? data.get(orderId);
    case 'captured': {
      const moved = await data.move(orderId, ['pending', 'authorized'], 'captured', { paidAt: nowIso(), providerPaymentId: paymentId });
      const order = moved ?? (await data.get(orderId));
      // Also after a move whose fulfilment failed earlier: the claim was given back, so this retries it.
      if (order?.status === 'captured' && !order.fulfilledAt) await fulfil(ctx, order);
      return order ? ((await data.get(orderId)) ?? order) : null;
    }
    case 'failed':
    case 'canceled': {
      const moved = await data.move(orderId, ['pending', 'authorized'], state, paymentId ? { providerPaymentId: paymentId } : {});
      if (moved) await releaseLines(ctx, moved);
      return moved ?? data.get(orderId);
    }
  }
}

/** Records a refund the provider confirmed (its running total); books it, and revokes on a full refund. */
export async function applyRefund(ctx: SellContext, orderId: string, refundedTotal: number): Promise<Order | null> {
  const step = await ctx.data.orders.recordRefund(orderId, refundedTotal);
  if (!step) return null;
  const { before, after } = step;
  await bookRefund(ctx.data, before, after, nowIso());
  if (after.status === 'refunded') {
    for (const line of after.lines) await sellableFor(line.kind).revoke?.(ctx, after, line);
  }
  await sendRefundNotice(ctx.tenant.id, ctx.tenant.displayName, after, after.refunded.amount - before.refunded.amount);
  return after;
}

/**
 * Applies one verified provider event to this tenant's data, once per event id. A failure gives
 * the event id back so the provider's retry applies it.
 */
export async function applyPaymentEvent(ctx: SellContext, provider: ProviderId, event: PaymentEvent): Promise<ApplyResult> {
  if (event.type === 'ignored') return { applied: false, reason: 'ignored' };
  if (event.tenantId !== undefined && event.tenantId !== ctx.tenant.id) return { applied: false, reason: 'other_tenant' };
  if (!(await ctx.data.orders.claimEvent(provider, event.eventId))) return { applied: false, reason: 'duplicate' };
  try {
    if (event.type === 'account_updated') {
      const userId = await ctx.data.payouts.accountOwner(event.accountId);
      if (!userId) return { applied: false, reason: 'unknown_order' };
      await ctx.data.payouts.setAccountStatus(userId, event.accountId, event.active ? 'active' : 'pending');
      return { applied: true };
    }
    const order = await ctx.data.orders.get(event.orderId);
    if (!order) return { applied: false, reason: 'unknown_order' };
    if (order.provider !== provider) return { applied: false, reason: 'other_tenant' };
    if (event.type === 'refunded') {
      const after = await applyRefund(ctx, order.orderId, event.refundedTotal);
      return after ? { applied: true, status: after.status } : { applied: false, reason: 'no_change' };
    }
    const before = order.status;
    const after = await moveToState(ctx, order.orderId, event.type, event.paymentId);
    return after && after.status !== before ? { applied: true, status: after.status } : { applied: false, reason: 'no_change' };
  } catch (e) {
    await ctx.data.orders.releaseEvent(provider, event.eventId);
    throw e;
  }
}
