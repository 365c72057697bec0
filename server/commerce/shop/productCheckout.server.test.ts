/**
 * Products through the real checkout (the product kind, its stock holds in DynamoDB Local, the
 * test payment provider's process and its signed webhooks): stock is held per product for the
 * order's whole quantity, however many lines asked for it, and what a cancel, a decline or the
 * pending sweeper gives back is exactly what was held.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import type { LineRequest, Order } from '#app/lib/payments/model';
import { productInputSchema } from '#app/lib/shop/model';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { confirmReturn, startCheckout, type CheckoutContext } from '#server/commerce/payments/checkout.server';
import { sweepPendingOrders } from '#server/commerce/payments/pendingSweeper.server';
import { testDatabase } from '#tests/support/local-stack';
import { CARDS, chargesOf, payWith, postForm, startPaymentsHarness, type PaymentsHarness } from '#tests/support/payments';
import { uniqueTenantId } from '#tests/support/tenants';

const db = testDatabase();
const base = loadRegistry(process.cwd()).registry.tenants.get('aurora')!;
const tenant: Tenant = { ...base, id: uniqueTenantId('stock'), currency: 'USD', payments: { applicationFeeBps: 500 } };
const data = tenantData({ db }, tenant.id);
const MEDIA = 'aaaaaaaaa000000000019';

let harness: PaymentsHarness;
let ctx: CheckoutContext;
beforeAll(async () => {
  harness = await startPaymentsHarness({ db, tenants: [tenant] });
  ctx = { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en' };
});
afterAll(() => harness?.stop());

let buyers = 0;
function buyer(): CheckoutContext {
  buyers += 1;
  const userId = `stock-buyer-${buyers}-${Math.random().toString(36).slice(2, 8)}`;
  return { ...ctx, buyer: { userId, email: `${userId}@example.com`, name: `Buyer ${buyers}` } };
}

async function productWithStock(stock: number) {
  const channel = await data.channels.create({ userId: 'stock-seller', name: 'Seller' }, { name: 'Prints', about: '', introVideoId: null, links: [] }, 'USD');
  const product = await data.products.create(
    { userId: 'stock-seller' },
    productInputSchema.parse({ channelId: channel.channelId, title: 'Signed print', price: 1000, delivers: 'download', mediaIds: [MEDIA], published: true, stock }),
    'USD',
  );
  return product.productId;
}

const stockOf = async (productId: string) => (await data.products.get(productId))!.stock;
const order = async (orderId: string) => (await data.orders.get(orderId))!;
const waitForStatus = (orderId: string, status: Order['status']) => vi.waitFor(async () => expect((await order(orderId)).status).toBe(status), { timeout: 15_000, interval: 50 });
const key = () => `stock-${Math.random().toString(36).slice(2, 12)}`;
const line = (refId: string, quantity = 1): LineRequest => ({ kind: 'product', refId, quantity });

describe('stock per product through checkout', () => {
  it('two lines of a product with one unit left are refused together; the one unit then sells once and the stock ends at 0', async () => {
    const productId = await productWithStock(1);
    const twice = await startCheckout(buyer(), { lines: [line(productId), line(productId)], returnPath: '/', idempotencyKey: key() });
    expect(twice).toEqual({
      refusals: [
        { index: 0, refused: 'sold_out' },
        { index: 1, refused: 'sold_out' },
      ],
    });
    expect(await stockOf(productId)).toBe(1);

    const once = await startCheckout(buyer(), { lines: [line(productId)], returnPath: '/', idempotencyKey: key() });
    if ('refusals' in once) throw new Error(JSON.stringify(once.refusals));
    expect(await stockOf(productId)).toBe(0);
    await payWith(once.redirectUrl, CARDS.success);
    await waitForStatus(once.orderId, 'captured');
    await vi.waitFor(async () => expect((await order(once.orderId)).fulfilledAt).toBeTruthy(), { timeout: 15_000 });
    expect(await stockOf(productId)).toBe(0);
    expect(await chargesOf(harness, (await order(once.orderId)).providerSessionId!)).toBe(1);
    // Nothing is left for anyone else, in one line or two.
    expect(await startCheckout(buyer(), { lines: [line(productId)], returnPath: '/', idempotencyKey: key() })).toEqual({ refusals: [{ index: 0, refused: 'sold_out' }] });
  });

  it('two lines of one product are one line of their total, held once; a paid order keeps its units', async () => {
    const productId = await productWithStock(3);
    const c = buyer();
    const started = await startCheckout(c, { lines: [line(productId), line(productId, 2)], returnPath: '/', idempotencyKey: key() });
    if ('refusals' in started) throw new Error(JSON.stringify(started.refusals));
    const pending = await order(started.orderId);
    expect(pending.lines).toEqual([expect.objectContaining({ kind: 'product', refId: productId, quantity: 3, unitAmount: 1000 })]);
    expect(pending.total.amount).toBe(3000);
    expect(await stockOf(productId)).toBe(0);
    await payWith(started.redirectUrl, CARDS.success);
    await waitForStatus(started.orderId, 'captured');
    await vi.waitFor(async () => expect((await order(started.orderId)).fulfilledAt).toBeTruthy(), { timeout: 15_000 });
    // A late cancel of a paid order gives nothing back.
    await confirmReturn(c, await order(started.orderId), true);
    expect(await stockOf(productId)).toBe(0);
  });

  it('a cancel, a decline and the pending sweeper each give back exactly the units the order held', async () => {
    const productId = await productWithStock(4);
    const lines = [line(productId), line(productId)];

    const canceled = await startCheckout(buyer(), { lines, returnPath: '/', idempotencyKey: key() });
    if ('refusals' in canceled) throw new Error(JSON.stringify(canceled.refusals));
    expect(await stockOf(productId)).toBe(2);
    await postForm(`${canceled.redirectUrl}/cancel`, {});
    await confirmReturn(ctx, await order(canceled.orderId), true);
    await vi.waitFor(async () => expect(await stockOf(productId)).toBe(4));

    const declined = await startCheckout(buyer(), { lines, returnPath: '/', idempotencyKey: key() });
    if ('refusals' in declined) throw new Error(JSON.stringify(declined.refusals));
    expect(await stockOf(productId)).toBe(2);
    await payWith(declined.redirectUrl, CARDS.decline);
    await waitForStatus(declined.orderId, 'failed');
    // The webhook moves the order first and gives the units back after.
    await vi.waitFor(async () => expect(await stockOf(productId)).toBe(4));

    const abandoned = await startCheckout(buyer(), { lines: [...lines, line(productId, 2)], returnPath: '/', idempotencyKey: key() });
    if ('refusals' in abandoned) throw new Error(JSON.stringify(abandoned.refusals));
    expect(await stockOf(productId)).toBe(0);
    const swept = await sweepPendingOrders({ db, payments: harness.payments, env: harness.env, tenants: [tenant], now: () => Date.now() + 31 * 60_000, log: () => {} });
    expect(swept.canceled).toContain(`${tenant.id}/${abandoned.orderId}`);
    // The provider's cancel also sends its webhook: whichever of the two moves the order gives the
    // units back, once, and that may be the webhook, just after the sweep has returned.
    await vi.waitFor(async () => expect(await stockOf(productId)).toBe(4));
    // Sweeping again gives nothing more back.
    await sweepPendingOrders({ db, payments: harness.payments, env: harness.env, tenants: [tenant], now: () => Date.now() + 31 * 60_000, log: () => {} });
    expect(await stockOf(productId)).toBe(4);
  });

  it('two buyers with two lines each racing for two units: one order holds both, the other is refused', async () => {
    const productId = await productWithStock(2);
    const results = await Promise.all([0, 1].map(() => startCheckout(buyer(), { lines: [line(productId), line(productId)], returnPath: '/', idempotencyKey: key() })));
    expect(results.filter((r) => 'orderId' in r)).toHaveLength(1);
    expect(results.filter((r) => 'refusals' in r)).toHaveLength(1);
    expect(await stockOf(productId)).toBe(0);
  });
});
