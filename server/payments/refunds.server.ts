/**
 * Refunds issued from an order (/primeProfilePayments, /api/orders/refund): the seller of every
 * line, or a tenant admin, refunds all or part of what is left. The provider's answer is applied
 * at once through the state machine; its charge.refunded webhook then finds nothing new.
 */
import type { Order } from '#app/lib/payments/model';
import type { SessionUser } from '#app/lib/identity/types';
import { applyRefund } from './orderState.server';
import { providerOf, type CheckoutContext } from './checkout.server';

export type RefundOutcome =
  | { ok: true; order: Order; refunded: number }
  | { ok: false; problem: 'not_found' | 'forbidden' | 'not_refundable' | 'invalid_amount'; max?: number };

export const mayRefund = (user: Pick<SessionUser, 'sub' | 'groups'>, order: Order) =>
  user.groups.includes('admin') || order.lines.every((line) => line.sellerId === user.sub);

export async function refundOrder(ctx: CheckoutContext, user: Pick<SessionUser, 'sub' | 'groups'>, orderId: string, amount?: number): Promise<RefundOutcome> {
  const order = await ctx.data.orders.get(orderId);
  // Someone who neither sold nor administers it learns nothing about the order.
  if (!order || !(user.groups.includes('admin') || order.lines.some((l) => l.sellerId === user.sub))) return { ok: false, problem: 'not_found' };
  if (!mayRefund(user, order)) return { ok: false, problem: 'forbidden' };
  if ((order.status !== 'captured' && order.status !== 'partially_refunded') || !order.providerPaymentId) return { ok: false, problem: 'not_refundable' };
  const left = order.total.amount - order.refunded.amount;
  const wanted = amount ?? left;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > left) return { ok: false, problem: 'invalid_amount', max: left };
  const result = await providerOf(ctx, order.provider).refund({
    paymentId: order.providerPaymentId,
    amount: wanted,
    orderId: order.orderId,
    // The same refund asked twice (a double click) is one refund at the provider.
    idempotencyKey: `refund-${ctx.tenant.id}-${order.orderId}-${order.refunded.amount}-${wanted}`,
    reverseTransfer: order.destinationAccountId !== undefined,
  });
  const after = (await applyRefund(ctx, order.orderId, order.refunded.amount + result.amount)) ?? (await ctx.data.orders.get(order.orderId)) ?? order;
  return { ok: true, order: after, refunded: result.amount };
}
