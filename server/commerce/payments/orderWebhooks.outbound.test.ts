/**
 * order.paid and order.refunded (docs/decisions/0088): an order paid at the test payment provider
 * queues one order.paid delivery per endpoint that chose it, once; a refund queues order.refunded
 * with what this refund gave back. The bodies carry the order's lines and totals, not the
 * platform's fee or the provider's ids.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { setWebhookQueue } from '#server/webhooks/queue.server';
import { testDatabase } from '#tests/support/local-stack';
import { CARDS, payWith, startPaymentsHarness, type PaymentsHarness } from '#tests/support/payments';
import { uniqueTenantId } from '#tests/support/tenants';
import { startCheckout, type CheckoutContext } from './checkout.server';
import { refundOrder } from './refunds.server';
import { registerSellable } from './sellables.server';

const db = testDatabase();
const base = loadRegistry(process.cwd()).registry.tenants.get('aurora')!;
const tenant: Tenant = { ...base, id: uniqueTenantId('whorder'), currency: 'USD', payments: { applicationFeeBps: 500 } };
const data = tenantData({ db }, tenant.id);
const SELLER = 'wh-seller';

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
  setWebhookQueue({ enqueue: async () => undefined, close: async () => undefined });
  harness = await startPaymentsHarness({ db, tenants: [tenant] });
  ctx = { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en' };
  await data.webhooks.putEndpoint({ endpointId: 'ep_orders0000000000', url: 'https://hooks.example.com/o', description: '', events: ['order.paid', 'order.refunded'], secret: 'whsec_x', enabled: true, failureStreak: 0, createdAt: new Date().toISOString(), createdBy: 'a' });
});
afterAll(async () => {
  setWebhookQueue(undefined);
  await harness?.stop();
});

describe('order webhooks', () => {
  it('queues order.paid once when the order is paid, and order.refunded for a refund', async () => {
    const userId = `buyer-${Math.random().toString(36).slice(2, 10)}`;
    const result = await startCheckout({ ...ctx, buyer: { userId, email: `${userId}@example.com`, name: 'Buyer' } }, { lines: [{ kind: 'product', refId: `1000-${userId}`, quantity: 1 }], returnPath: '/', idempotencyKey: `key-${userId}` });
    if (!('redirectUrl' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
    await payWith(result.redirectUrl, CARDS.success);
    const paid = await vi.waitFor(
      async () => {
        const found = (await data.webhooks.listDeliveries()).filter((d) => d.type === 'order.paid');
        expect(found).toHaveLength(1);
        return found[0]!;
      },
      { timeout: 15_000, interval: 100 },
    );
    const body = JSON.parse(paid.body) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('order.paid');
    expect(body.data).toMatchObject({ orderId: result.orderId, status: 'captured', buyer: { userId }, lines: [{ kind: 'product', quantity: 1, unitAmount: 1000 }] });
    expect(paid.body).not.toContain('applicationFee');
    expect(paid.body).not.toContain('providerPaymentId');

    const refunded = await refundOrder(ctx, { sub: SELLER, groups: ['organizer'] }, result.orderId, 400);
    expect(refunded).toMatchObject({ ok: true });
    const refunds = (await data.webhooks.listDeliveries()).filter((d) => d.type === 'order.refunded');
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0]!.body).data).toMatchObject({ orderId: result.orderId, status: 'partially_refunded', refundedNow: { amount: 400 } });
    expect((await data.webhooks.listDeliveries()).filter((d) => d.type === 'order.paid')).toHaveLength(1);
  });
});
