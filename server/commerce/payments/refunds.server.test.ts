/**
 * Refunds serialised per order (docs/decisions/0057) against the test payment provider's own
 * process: simultaneous partial refunds of one order succeed exactly as far as the capture allows,
 * each one that does not fit is a clear over-refund, and the order, the ledger and the provider
 * agree on what was refunded.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { testDatabase } from '#tests/support/local-stack';
import { CARDS, payWith, paymentAtProvider, startPaymentsHarness, type PaymentsHarness } from '#tests/support/payments';
import { uniqueTenantId } from '#tests/support/tenants';
import { startCheckout, type CheckoutContext } from './checkout.server';
import { refundOrder, type RefundOutcome } from './refunds.server';
import { registerSellable } from './sellables.server';

const db = testDatabase();
const base = loadRegistry(process.cwd()).registry.tenants.get('aurora')!;
const tenant: Tenant = { ...base, id: uniqueTenantId('refund'), currency: 'USD', payments: { applicationFeeBps: 500 } };
const data = tenantData({ db }, tenant.id);
const SELLER = 'refund-seller';

// The test kind: "<price>" is a line of that price, sold by SELLER.
registerSellable({
  kind: 'product',
  async price(_ctx, request) {
    return { kind: 'product', refId: request.refId, quantity: request.quantity, title: `Item ${request.refId}`, unitAmount: Number(request.refId.split('-')[0]), sellerId: SELLER };
  },
  async fulfil() {},
  async revoke() {},
});

let harness: PaymentsHarness;
let ctx: CheckoutContext;
beforeAll(async () => {
  harness = await startPaymentsHarness({ db, tenants: [tenant] });
  ctx = { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en' };
});
afterAll(() => harness?.stop());

async function paidOrder(amount: number): Promise<string> {
  const userId = `buyer-${Math.random().toString(36).slice(2, 10)}`;
  const c = { ...ctx, buyer: { userId, email: `${userId}@example.com`, name: 'Buyer' } };
  const result = await startCheckout(c, { lines: [{ kind: 'product', refId: `${amount}-${userId}`, quantity: 1 }], returnPath: '/', idempotencyKey: `key-${userId}` });
  if (!('redirectUrl' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  await payWith(result.redirectUrl, CARDS.success);
  await vi.waitFor(async () => expect((await data.orders.get(result.orderId))?.status).toBe('captured'), { timeout: 15_000, interval: 50 });
  return result.orderId;
}

const seller = { sub: SELLER, groups: ['organizer'] };
const refundedInLedger = async (orderId: string) =>
  (await data.payouts.ledger(SELLER)).filter((e) => e.orderId === orderId && e.kind === 'refund').reduce((t, e) => t - e.amount.amount, 0);

describe('refunds of one order at the same time', () => {
  it('600, 500 and 450 cents of a $10 order: those that fit succeed, the rest are over-refunds, and order, ledger and provider agree', async () => {
    const orderId = await paidOrder(1000);
    const settled = await Promise.allSettled([600, 500, 450].map((amount) => refundOrder(ctx, seller, orderId, amount)));
    // Nothing throws (a throw is the route's 500).
    expect(settled.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const outcomes = settled.map((s) => (s as PromiseFulfilledResult<RefundOutcome>).value);
    const succeeded = outcomes.flatMap((o) => (o.ok ? [o.refunded] : [])).sort((a, b) => a - b);
    // Exactly the refunds that fit: 600 alone, or 450 and 500 together.
    expect([[600], [450, 500]]).toContainEqual(succeeded);
    const total = succeeded.reduce((a, b) => a + b, 0);
    for (const refused of outcomes.filter((o) => !o.ok)) expect(refused).toMatchObject({ ok: false, problem: 'over_refund' });

    const order = (await data.orders.get(orderId))!;
    expect(order.refunded.amount).toBe(total);
    expect(order.status).toBe('partially_refunded');
    expect(await refundedInLedger(orderId)).toBe(total);
    expect((await paymentAtProvider(harness, order.providerPaymentId!)).amount_refunded).toBe(total);

    // The provider's refund webhooks arrive afterwards and change nothing.
    await vi.waitFor(() => expect(harness.received.filter((r) => r.body.includes('charge.refunded') && r.body.includes(orderId))).toHaveLength(succeeded.length), { timeout: 10_000 });
    expect((await data.orders.get(orderId))!.refunded.amount).toBe(total);
    expect(await refundedInLedger(orderId)).toBe(total);
  });

  it('ten refunds of 150 at once on a $10 order: six succeed, four are over-refunds; the rest is then refunded once', async () => {
    const orderId = await paidOrder(1000);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refundOrder(ctx, seller, orderId, 150)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(6);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? '' : o.problem))).toEqual(['over_refund', 'over_refund', 'over_refund', 'over_refund']);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ max: 100 });
    const rest = await refundOrder(ctx, seller, orderId);
    expect(rest).toMatchObject({ ok: true, refunded: 100, order: { status: 'refunded', refunded: { amount: 1000 } } });
    const order = (await data.orders.get(orderId))!;
    expect((await paymentAtProvider(harness, order.providerPaymentId!)).amount_refunded).toBe(1000);
    expect(await refundedInLedger(orderId)).toBe(1000);
  });

  it('a refund the provider refuses gives its reservation back: nothing is refunded and the amount can still be refunded', async () => {
    const orderId = await paidOrder(1000);
    const order = (await data.orders.get(orderId))!;
    // Refunded behind the platform's back, so the provider has less left than the order thinks;
    // its webhook is held so the platform has not yet heard of it when it refunds.
    const release = harness.holdWebhooks();
    try {
      await harness.refundAtProvider(order.providerPaymentId!, 700);
      const outcome = await refundOrder(ctx, seller, orderId, 500);
      expect(outcome).toMatchObject({ ok: false, problem: 'refused' });
    } finally {
      release();
    }
    // The provider's webhook for the outside refund books it; what is left can be refunded.
    await vi.waitFor(async () => expect((await data.orders.get(orderId))!.refunded.amount).toBe(700), { timeout: 10_000 });
    expect(await refundOrder(ctx, seller, orderId)).toMatchObject({ ok: true, refunded: 300, order: { status: 'refunded' } });
    expect(await refundedInLedger(orderId)).toBe(1000);
  });
});
