/**
 * The whole payment flow against the test payment provider's own process: checkout, the hosted
 * page's form posts, Stripe-style signed webhooks back to the platform's receiver, the state
 * machine, fulfilment, ledgers, refunds, the sweeper and payout onboarding. A sellable kind is
 * registered here (the real kinds belong to their owners' modules).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import type { Order } from '#app/lib/payments/model';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { identityFiles, testDatabase } from '#tests/support/local-stack';
import { CARDS, chargesOf, payWith, postForm, startPaymentsHarness, type PaymentsHarness } from '#tests/support/payments';
import { uniqueTenantId } from '#tests/support/tenants';
import { confirmReturn, refreshOrder, startCheckout, type CheckoutContext } from './checkout.server';
import { onboardingLink, refreshAccountStatus } from './onboarding.server';
import { sweepPendingOrders } from './pendingSweeper.server';
import { refundOrder } from './refunds.server';
import { onOrderCaptured, registerSellable } from './sellables.server';

const db = testDatabase();
const base = loadRegistry(process.cwd()).registry.tenants.get('aurora')!;
const tenant: Tenant = { ...base, id: uniqueTenantId('pay'), currency: 'USD', payments: { applicationFeeBps: 500 } };
const data = tenantData({ db }, tenant.id);
const SELLER = 'seller-1';

// The test kind: stock held per order (idempotent), fulfilment and its undoing recorded.
const stock = new Map<string, { price: number; left: number }>();
const held = new Map<string, number>();
const fulfilled: string[] = [];
const released: string[] = [];
const revoked: string[] = [];
const captured: string[] = [];
registerSellable({
  kind: 'product',
  async price(_ctx, request) {
    const item = stock.get(request.refId);
    if (!item) return { refused: 'not_found' };
    return { kind: 'product', refId: request.refId, quantity: request.quantity, title: `Item ${request.refId}`, unitAmount: item.price, sellerId: SELLER };
  },
  async reserve(_ctx, order, line) {
    const key = `${order.orderId}#${line.refId}`;
    if (held.has(key)) return true;
    const item = stock.get(line.refId)!;
    if (item.left < line.quantity) return false;
    item.left -= line.quantity;
    held.set(key, line.quantity);
    return true;
  },
  async release(_ctx, order, line) {
    const key = `${order.orderId}#${line.refId}`;
    const quantity = held.get(key);
    if (quantity === undefined) return;
    held.delete(key);
    stock.get(line.refId)!.left += quantity;
    released.push(order.orderId);
  },
  async fulfil(_ctx, order) {
    fulfilled.push(order.orderId);
  },
  async revoke(_ctx, order) {
    revoked.push(order.orderId);
  },
});
onOrderCaptured(async (_ctx, order) => {
  captured.push(order.orderId);
});

let harness: PaymentsHarness;
let ctx: CheckoutContext;
let buyerCount = 0;
beforeAll(async () => {
  harness = await startPaymentsHarness({ db, tenants: [tenant] });
  ctx = { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en' };
});
afterAll(() => harness?.stop());
/** The tenant's site as the harness configures the platform: the provider's return and refresh addresses point there. */
const site = () => `http://${tenant.id}.localhost:${new URL(harness.origin).port}`;

function buyerCtx(): CheckoutContext {
  buyerCount += 1;
  const userId = `buyer-${buyerCount}-${Math.random().toString(36).slice(2, 8)}`;
  return { ...ctx, buyer: { userId, email: `${userId}@example.com`, name: `Buyer ${buyerCount}` } };
}

function newItem(price = 1999, left = 5) {
  const refId = `item-${Math.random().toString(36).slice(2, 10)}`;
  stock.set(refId, { price, left });
  return refId;
}

async function checkout(c: CheckoutContext, refId: string, key = `key-${Math.random().toString(36).slice(2, 12)}`, quantity = 1) {
  const result = await startCheckout(c, { lines: [{ kind: 'product', refId, quantity }], returnPath: '/channelPage?channel=c1', idempotencyKey: key });
  if ('refusals' in result) throw new Error(`refused: ${JSON.stringify(result.refusals)}`);
  return result;
}

const order = async (orderId: string) => (await data.orders.get(orderId))!;
const waitForStatus = (orderId: string, status: Order['status']) =>
  vi.waitFor(async () => expect((await order(orderId)).status).toBe(status), { timeout: 15_000, interval: 50 });
const outbox = () =>
  readFileSync(identityFiles().outbox, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { purpose: string; to: string; subject: string; text: string });

describe('checkout with the test payment provider', () => {
  it('success: the card is charged, the order is captured, fulfilled once, booked and a receipt is mailed', async () => {
    const c = buyerCtx();
    const refId = newItem(2500);
    const { orderId, redirectUrl } = await checkout(c, refId, undefined, 2);
    expect(redirectUrl).toMatch(/\/pay\/cs_test_/);
    const pending = await order(orderId);
    expect(pending).toMatchObject({ status: 'pending', total: { amount: 5000, currency: 'USD' }, applicationFee: { amount: 250 } });
    expect(stock.get(refId)!.left).toBe(3);

    const paid = await payWith(redirectUrl, CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${site()}/api/checkout/return?order=${orderId}`);
    await waitForStatus(orderId, 'captured');
    // The webhook's answer comes after fulfilment, the ledger, the listeners and the receipt.
    await vi.waitFor(() => expect(harness.received.some((r) => r.body.includes(orderId) && r.message === 'applied: captured')).toBe(true), { timeout: 15_000 });
    expect((await order(orderId)).fulfilledAt).toBeTruthy();
    expect(fulfilled.filter((id) => id === orderId)).toHaveLength(1);
    expect(captured.filter((id) => id === orderId)).toHaveLength(1);

    const ledger = await data.payouts.ledger(SELLER);
    const mine = ledger.filter((e) => e.orderId === orderId);
    expect(mine.map((e) => [e.kind, e.amount.amount]).sort()).toEqual([
      ['platform_fee', -250],
      ['sale', 5000],
    ]);
    expect(outbox().some((m) => m.purpose === 'receipt' && m.to === c.buyer!.email && m.text.includes(orderId))).toBe(true);

    // The return page after the webhook: nothing moves twice.
    const back = await confirmReturn(c, await order(orderId), false);
    expect(back.status).toBe('captured');
    expect(fulfilled.filter((id) => id === orderId)).toHaveLength(1);
  });

  it('decline: the order fails and the stock is released', async () => {
    const c = buyerCtx();
    const refId = newItem(1000, 1);
    const { orderId, redirectUrl } = await checkout(c, refId);
    expect(stock.get(refId)!.left).toBe(0);
    const declined = await payWith(redirectUrl, CARDS.decline);
    expect(declined.status).toBe(200);
    expect(declined.html).toContain('declined');
    await waitForStatus(orderId, 'failed');
    // The release follows the move (the webhook's handler does both): wait for it.
    await vi.waitFor(() => expect(stock.get(refId)!.left).toBe(1));
    expect(released).toContain(orderId);
    expect(fulfilled).not.toContain(orderId);
  });

  it('extra authentication approved: captured after the second page', async () => {
    const c = buyerCtx();
    const { orderId, redirectUrl } = await checkout(c, newItem());
    const first = await payWith(redirectUrl, CARDS.authenticate);
    expect(first.location).toMatch(/\/authenticate$/);
    expect((await refreshOrder(c, await order(orderId))).status).toBe('pending');
    const approved = await postForm(new URL(first.location!, redirectUrl).href, { result: 'approve' });
    expect(approved.location).toContain(`order=${orderId}`);
    await waitForStatus(orderId, 'captured');
  });

  it('extra authentication failed: the order fails and releases its stock', async () => {
    const c = buyerCtx();
    const refId = newItem(1000, 1);
    const { orderId, redirectUrl } = await checkout(c, refId);
    const first = await payWith(redirectUrl, CARDS.authenticate);
    await postForm(new URL(first.location!, redirectUrl).href, { result: 'fail' });
    await waitForStatus(orderId, 'failed');
    await vi.waitFor(() => expect(stock.get(refId)!.left).toBe(1));
  });

  it('abandon: Cancel on the hosted page cancels the order and releases the stock', async () => {
    const c = buyerCtx();
    const refId = newItem(1000, 1);
    const { orderId, redirectUrl } = await checkout(c, refId);
    const canceled = await postForm(`${redirectUrl}/cancel`, {});
    expect(canceled.location).toBe(`${site()}/api/checkout/return?order=${orderId}&canceled=1`);
    const back = await confirmReturn(c, await order(orderId), true);
    expect(back.status).toBe('canceled');
    // The provider's cancel webhook may have moved the order first; its release of the stock follows the move.
    await vi.waitFor(() => expect(stock.get(refId)!.left).toBe(1));
    // Paying the abandoned session afterwards is refused by the provider.
    const late = await payWith(redirectUrl, CARDS.success);
    expect(late.status).toBe(200);
    expect((await order(orderId)).status).toBe('canceled');
  });

  it('double submit and double click on Pay: one order, one charge, one fulfilment', async () => {
    const c = buyerCtx();
    const refId = newItem(1500, 5);
    const key = `dbl-${Math.random().toString(36).slice(2)}`;
    const [a, b] = await Promise.all([checkout(c, refId, key), checkout(c, refId, key)]);
    expect(a.orderId).toBe(b.orderId);
    expect(a.redirectUrl).toBe(b.redirectUrl);
    const again = await checkout(c, refId, key);
    expect(again).toEqual(a);
    expect(stock.get(refId)!.left).toBe(4);

    const [p1, p2] = await Promise.all([payWith(a.redirectUrl, CARDS.success), payWith(a.redirectUrl, CARDS.success)]);
    expect([p1.status, p2.status]).toEqual([303, 303]);
    await waitForStatus(a.orderId, 'captured');
    // Fulfilment follows the move: its webhook answers once everything is done.
    await vi.waitFor(() => expect(harness.received.some((r) => r.body.includes(a.orderId) && r.message === 'applied: captured')).toBe(true), { timeout: 15_000 });
    const sessionId = (await order(a.orderId)).providerSessionId!;
    expect(await chargesOf(harness, sessionId)).toBe(1);
    expect(fulfilled.filter((id) => id === a.orderId)).toHaveLength(1);
    // After payment the same key leads back to the shop, not to a second payment.
    const after = await checkout(c, refId, key);
    expect(after.redirectUrl).toContain(`order=${a.orderId}`);
    expect(after.redirectUrl).toContain('paid=1');
  });

  it('a duplicated webhook changes nothing', async () => {
    const c = buyerCtx();
    const { orderId, redirectUrl } = await checkout(c, newItem());
    await payWith(redirectUrl, CARDS.success);
    await vi.waitFor(() => expect(harness.received.some((r) => r.body.includes(orderId) && r.message === 'applied: captured')).toBe(true), { timeout: 15_000 });
    const delivery = harness.received.find((r) => r.body.includes(orderId) && r.body.includes('checkout.session.completed'))!;
    const before = await data.payouts.ledger(SELLER);
    const replay = await fetch(`${harness.origin}/api/payments/webhook/test`, { method: 'POST', body: delivery.body, headers: delivery.headers });
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe('duplicate');
    expect(fulfilled.filter((id) => id === orderId)).toHaveLength(1);
    expect(await data.payouts.ledger(SELLER)).toHaveLength(before.length);
  });

  it('refunds: a partial then the rest, booked in the ledger, mailed, and the full refund revokes', async () => {
    const c = buyerCtx();
    const { orderId, redirectUrl } = await checkout(c, newItem(4000));
    await payWith(redirectUrl, CARDS.success);
    await waitForStatus(orderId, 'captured');
    const seller = { sub: SELLER, groups: ['organizer'] };
    expect(await refundOrder(c, { sub: 'someone-else', groups: ['organizer'] }, orderId, 100)).toEqual({ ok: false, problem: 'not_found' });
    expect(await refundOrder(c, seller, orderId, 4001)).toMatchObject({ ok: false, problem: 'over_refund', max: 4000 });

    const partial = await refundOrder(c, seller, orderId, 1000);
    expect(partial).toMatchObject({ ok: true, refunded: 1000, order: { status: 'partially_refunded', refunded: { amount: 1000 } } });
    expect(revoked).not.toContain(orderId);
    const rest = await refundOrder(c, seller, orderId);
    expect(rest).toMatchObject({ ok: true, refunded: 3000, order: { status: 'refunded', refunded: { amount: 4000 } } });
    expect(revoked.filter((id) => id === orderId)).toHaveLength(1);

    // The provider's charge.refunded webhooks arrive after: nothing new.
    await vi.waitFor(() => expect(harness.received.filter((r) => r.body.includes('charge.refunded') && r.body.includes(orderId))).toHaveLength(2), { timeout: 10_000 });
    expect(harness.received.filter((r) => r.body.includes('charge.refunded') && r.body.includes(orderId)).map((r) => r.message)).toEqual(['no_change', 'no_change']);
    const entries = (await data.payouts.ledger(SELLER)).filter((e) => e.orderId === orderId);
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((t, e) => t + e.amount.amount, 0);
    expect(sum('sale')).toBe(4000);
    expect(sum('refund')).toBe(-4000);
    expect(sum('platform_fee')).toBe(0);
    expect(outbox().filter((m) => m.purpose === 'refund' && m.to === c.buyer!.email)).toHaveLength(2);
    expect(await refundOrder(c, seller, orderId, 1)).toEqual({ ok: false, problem: 'not_refundable' });
  });

  it('the sweeper cancels orders left pending past their time and releases them', async () => {
    const c = buyerCtx();
    const refId = newItem(1000, 1);
    const { orderId, redirectUrl } = await checkout(c, refId);
    const early = await sweepPendingOrders({ db, payments: harness.payments, env: harness.env, tenants: [tenant], log: () => {} });
    expect(early.canceled).not.toContain(`${tenant.id}/${orderId}`);
    const late = await sweepPendingOrders({ db, payments: harness.payments, env: harness.env, tenants: [tenant], now: () => Date.now() + 31 * 60_000, log: () => {} });
    expect(late.canceled).toContain(`${tenant.id}/${orderId}`);
    expect((await order(orderId)).status).toBe('canceled');
    expect(stock.get(refId)!.left).toBe(1);
    expect((await payWith(redirectUrl, CARDS.success)).status).toBe(200);
  });

  it('sold out: the last unit is refused to the second buyer', async () => {
    const refId = newItem(1000, 1);
    await checkout(buyerCtx(), refId);
    const second = await startCheckout(buyerCtx(), { lines: [{ kind: 'product', refId, quantity: 1 }], returnPath: '/', idempotencyKey: 'k-sold-out-1' });
    expect(second).toEqual({ refusals: [{ index: 0, refused: 'sold_out' }] });
    const unknown = await startCheckout(buyerCtx(), { lines: [{ kind: 'product', refId: 'nope', quantity: 1 }], returnPath: '/', idempotencyKey: 'k-unknown-1' });
    expect(unknown).toEqual({ refusals: [{ index: 0, refused: 'not_found' }] });
  });
});

describe('payout onboarding through account links', () => {
  it('an account link onboards the organizer; an expired link goes to the refresh URL', async () => {
    const organizer = { userId: `org-${Math.random().toString(36).slice(2, 8)}`, email: 'org@example.com' };
    expect((await data.payouts.account(organizer.userId)).status).toBe('none');
    const first = await onboardingLink(ctx, organizer);
    expect(first.account.status).toBe('pending');

    // An expired link sends the organizer to /accountLinkRefresh.
    await fetch(`${harness.testpay.env.TESTPAY_URL}/v1/test/account_links/expire`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${harness.testpay.env.TESTPAY_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: first.url }),
    });
    const expired = await fetch(first.url, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(`${site()}/accountLinkRefresh`);

    const fresh = await onboardingLink(ctx, organizer);
    expect(fresh.account.accountId).toBe(first.account.accountId);
    const page = await fetch(fresh.url);
    expect(await page.text()).toContain('Test payments');
    const missing = await postForm(fresh.url, { businessName: '', country: 'US' });
    expect(missing.status).toBe(400);
    const done = await postForm(fresh.url, { businessName: 'Olga Events', country: 'US' });
    expect(done.location).toBe(`${site()}/accountLinkReturn`);
    await vi.waitFor(async () => expect((await data.payouts.account(organizer.userId)).status).toBe('active'), { timeout: 10_000 });
    expect((await refreshAccountStatus(ctx, organizer.userId)).status).toBe('active');
    // A used link cannot be used again.
    const reused = await fetch(fresh.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(`${site()}/accountLinkRefresh`);
  });
});
