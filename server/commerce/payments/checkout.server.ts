/**
 * Checkout (the contract in docs/decisions/0033-payments.md): prices every requested line from the
 * server's own data, creates one pending order per buyer and idempotency key, holds seats or stock,
 * and opens the provider's hosted checkout. The same key again (a double click, a retried request)
 * returns the same order and the same checkout page: the provider's session is created with an
 * idempotency key derived from the order.
 */
import { randomBytes } from 'node:crypto';
import { percentOf, sumMoney, timesQuantity } from '#app/lib/money/money';
import type { LineRequest, Order, OrderLine } from '#app/lib/payments/model';
import { safeRedirect } from '#app/lib/safeRedirect';
import { tenantOrigin } from '#server/config/tenantOrigin.server';
import type { Env } from '#server/env.server';
import type { Services } from '#server/services';
import { type PaymentProvider, type ProviderId } from '#server/platform/payments/provider.server';
import { moveToState } from './orderState.server';
import { isNothingSellsError, isRefusal, sellableFor, type Refusal, type SellContext } from './sellables.server';
import { mergeLineRequests, refusalsOfRequested } from './checkoutLines.server';
import './kinds.server';

export interface CheckoutContext extends SellContext {
  services: Pick<Services, 'db' | 'payments'>;
  env: Env;
  /** The buyer's language (the provider's page and the receipt). */
  language?: string;
}

export interface CheckoutRequest {
  lines: LineRequest[];
  returnPath: string;
  idempotencyKey: string;
}

export type LineRefusal = { index: number; refused: Refusal['refused'] };
export type CheckoutResult = { orderId: string; redirectUrl: string } | { refusals: LineRefusal[] };

export const newOrderId = () => `ord_${randomBytes(10).toString('hex')}`;

/** Return and webhook addresses: the tenant's own site, never the Host a request came with. */
const originOf = (ctx: CheckoutContext) => tenantOrigin(ctx.tenant, ctx.env);

/** The order's own provider when it names one, else where the tenant's new orders are paid. */
export const providerOf = (ctx: Pick<CheckoutContext, 'tenant' | 'services'>, id?: ProviderId): PaymentProvider =>
  id ? ctx.services.payments.byId(id) : ctx.services.payments.forTenant(ctx.tenant);

/** Where the buyer lands after paying or canceling (same site; the return handler confirms first). */
export function returnUrls(origin: string, orderId: string) {
  const base = `${origin}/api/checkout/return?order=${encodeURIComponent(orderId)}`;
  return { successUrl: base, cancelUrl: `${base}&canceled=1` };
}

/** The buyer's return path with the outcome: `?order=<id>&paid=1` (or 0); a stored path that leaves the site is the home page. */
export function returnPathWith(order: Pick<Order, 'returnPath' | 'orderId' | 'status'>): string {
  const url = new URL(safeRedirect(order.returnPath), 'http://site');
  url.searchParams.set('order', order.orderId);
  url.searchParams.set('paid', ['captured', 'authorized', 'partially_refunded', 'refunded'].includes(order.status) ? '1' : '0');
  return `${url.pathname}${url.search}${url.hash}`;
}

async function priceLines(ctx: CheckoutContext, lines: LineRequest[]): Promise<{ priced: OrderLine[]; refusals: LineRefusal[] }> {
  const priced: OrderLine[] = [];
  const refusals: LineRefusal[] = [];
  for (const [index, request] of lines.entries()) {
    let answer: OrderLine | Refusal;
    try {
      answer = await sellableFor(request.kind).price(ctx, request);
    } catch (e) {
      if (isNothingSellsError(e)) answer = { refused: 'not_for_sale' };
      else throw e;
    }
    if (isRefusal(answer)) refusals.push({ index, refused: answer.refused });
    else priced.push(answer);
  }
  return { priced, refusals };
}

async function releaseAll(ctx: CheckoutContext, order: Order, lines: readonly OrderLine[]) {
  for (const line of lines) await sellableFor(line.kind).release?.(ctx, order, line);
}

/** Opens (or, for the same order, reopens: the provider answers the same session) the hosted checkout. */
async function openSession(ctx: CheckoutContext, provider: PaymentProvider, order: Order): Promise<string> {
  const origin = originOf(ctx);
  const session = await provider.initiate({
    tenantId: ctx.tenant.id,
    orderId: order.orderId,
    currency: order.currency,
    lines: order.lines.map((l) => ({ title: l.title, quantity: l.quantity, unitAmount: l.unitAmount })),
    total: order.total,
    applicationFee: order.applicationFee,
    // Charged to the platform; each seller is paid by a transfer of this group (docs/decisions/0058).
    transferGroup: order.orderId,
    buyerEmail: order.buyerEmail,
    ...returnUrls(origin, order.orderId),
    webhookUrl: `${origin}/api/payments/webhook/${provider.id}`,
    language: ctx.language ?? 'en',
    idempotencyKey: `checkout-${ctx.tenant.id}-${order.orderId}`,
  });
  await ctx.data.orders.setSession(order.orderId, session.sessionId);
  return session.redirectUrl;
}

export async function startCheckout(ctx: CheckoutContext, request: CheckoutRequest): Promise<CheckoutResult> {
  const buyer = ctx.buyer;
  if (!buyer) throw new Error('checkout needs a signed-in buyer');
  const provider = providerOf(ctx);

  // One line per thing sold: its stock or seat is then held once, for the whole quantity.
  const merged = mergeLineRequests(request.lines);
  // An order with this key wins over the pricing's answer. It is looked up only when pricing refuses or fails: otherwise
  // creating the order finds it (the key's conditional put), so a first checkout does not read the key.
  const earlier = () => ctx.data.orders.forKey(buyer.userId, request.idempotencyKey);
  let pricing: Awaited<ReturnType<typeof priceLines>>;
  try {
    pricing = await priceLines(ctx, merged.lines);
  } catch (e) {
    const existing = await earlier();
    if (existing) return resume(ctx, existing);
    throw e;
  }
  const { priced, refusals } = pricing;
  if (refusals.length) {
    const existing = await earlier();
    return existing ? resume(ctx, existing) : { refusals: refusalsOfRequested(merged, refusals) };
  }
  const currency = ctx.tenant.currency;
  const total = sumMoney(
    currency,
    priced.map((l) => timesQuantity({ amount: l.unitAmount, currency }, l.quantity)),
  );
  const order: Order = {
    orderId: newOrderId(),
    buyerId: buyer.userId,
    buyerEmail: buyer.email,
    buyerName: buyer.name,
    currency,
    lines: priced,
    total,
    applicationFee: percentOf(total, ctx.tenant.payments.applicationFeeBps),
    refunded: { amount: 0, currency },
    status: 'pending',
    provider: provider.id,
    returnPath: request.returnPath,
    createdAt: new Date().toISOString(),
    ...(ctx.language ? { language: ctx.language } : {}),
  };
  const created = await ctx.data.orders.create(order, request.idempotencyKey);
  // Two requests with the same key at once: the second one finds the first one's order.
  if (!created.created) return resume(ctx, created.order);

  const held: OrderLine[] = [];
  for (const [index, line] of priced.entries()) {
    const ok = (await sellableFor(line.kind).reserve?.(ctx, order, line)) ?? true;
    if (!ok) {
      await releaseAll(ctx, order, held);
      await ctx.data.orders.move(order.orderId, ['pending'], 'canceled');
      return { refusals: refusalsOfRequested(merged, [{ index, refused: 'sold_out' as const }]) };
    }
    held.push(line);
  }

  // Nothing to pay (a free line only): captured at once, without a provider.
  if (total.amount === 0) {
    await moveToState(ctx, order.orderId, 'captured');
    return { orderId: order.orderId, redirectUrl: `${originOf(ctx)}${returnPathWith({ ...order, status: 'captured' })}` };
  }

  try {
    return { orderId: order.orderId, redirectUrl: await openSession(ctx, provider, order) };
  } catch (e) {
    // No page to pay on: give back what was held.
    await ctx.data.orders.move(order.orderId, ['pending'], 'canceled');
    await releaseAll(ctx, order, held);
    throw e;
  }
}

/** The same key again: the same order, and while it waits for payment the same checkout page. */
async function resume(ctx: CheckoutContext, order: Order): Promise<CheckoutResult> {
  if (order.status === 'pending') {
    if (order.total.amount === 0) return { orderId: order.orderId, redirectUrl: `${originOf(ctx)}${returnPathWith(order)}` };
    return { orderId: order.orderId, redirectUrl: await openSession(ctx, providerOf(ctx, order.provider), order) };
  }
  if (order.status === 'failed' || order.status === 'canceled') return { refusals: order.lines.map((_, index) => ({ index, refused: 'too_late' as const })) };
  return { orderId: order.orderId, redirectUrl: `${originOf(ctx)}${returnPathWith(order)}` };
}

/**
 * What the provider says about a still-pending order, applied through the state machine (the
 * return page and status polls: a missed or late webhook never leaves the buyer waiting).
 */
export async function refreshOrder(ctx: CheckoutContext, order: Order): Promise<Order> {
  if ((order.status !== 'pending' && order.status !== 'authorized') || !order.providerSessionId) return order;
  const status = await providerOf(ctx, order.provider).status(order.providerSessionId);
  return (await moveToState(ctx, order.orderId, status.state, status.paymentId, order)) ?? order;
}

/** The buyer came back from the provider's page: confirm, cancel an abandoned session, and say where to go. */
export async function confirmReturn(ctx: CheckoutContext, order: Order, canceled: boolean): Promise<Order> {
  let current = await refreshOrder(ctx, order);
  if (canceled && current.status === 'pending' && current.providerSessionId) {
    await providerOf(ctx, current.provider).cancel(current.providerSessionId);
    current = (await moveToState(ctx, current.orderId, 'canceled')) ?? current;
  }
  return current;
}
