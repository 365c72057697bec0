/**
 * Every seller is paid (docs/decisions/0058), against the test payment provider's own process:
 * a cart of two sellers is charged to the platform and each seller's share, less the application
 * fee, is transferred to their payout account in the order's transfer group; a seller without an
 * active account is held with a visible balance and paid once onboarding completes; a refund of a
 * seller's lines reverses that seller's transfer in proportion. The provider's own state (its
 * transfers, reversals and balances) is what the assertions read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { balanceOf } from '#app/lib/payments/ledger';
import { loadRegistry } from '#server/config/registry.server';
import { tenantData } from '#server/data/tenantData.server';
import { testDatabase } from '#tests/support/local-stack';
import { accountBalanceAtProvider, CARDS, payWith, paymentAtProvider, postForm, startPaymentsHarness, transfersAtProvider, type PaymentsHarness } from '#tests/support/payments';
import { uniqueTenantId } from '#tests/support/tenants';
import { startCheckout, type CheckoutContext } from './checkout.server';
import { onboardingLink } from './onboarding.server';
import { refundOrder } from './refunds.server';
import { registerSellable } from './sellables.server';
import { payHeldTransfers, payOutOrder } from './transfers.server';

const db = testDatabase();
const base = loadRegistry(process.cwd()).registry.tenants.get('aurora')!;
const tenant: Tenant = { ...base, id: uniqueTenantId('transfer'), currency: 'USD', payments: { applicationFeeBps: 500 } };
const data = tenantData({ db }, tenant.id);

// The test kind: refId "<seller>~<price>~<anything>" is a line of that price sold by that seller.
const revoked: string[] = [];
registerSellable({
  kind: 'product',
  async price(_ctx, request) {
    const [sellerId, price] = request.refId.split('~');
    return { kind: 'product', refId: request.refId, quantity: request.quantity, title: `Item of ${sellerId}`, unitAmount: Number(price), sellerId: sellerId! };
  },
  async fulfil() {},
  async revoke(_ctx, order, line) {
    revoked.push(`${order.orderId}:${line.sellerId}`);
  },
});

let harness: PaymentsHarness;
let ctx: CheckoutContext;
beforeAll(async () => {
  harness = await startPaymentsHarness({ db, tenants: [tenant] });
  ctx = { tenant, data, services: { db, payments: harness.payments }, env: harness.env, language: 'en' };
});
afterAll(() => harness?.stop());

const newSeller = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** The seller's payout account, onboarded on the provider's page (its account.updated webhook makes it active). */
async function onboard(sellerId: string): Promise<string> {
  const { url, account } = await onboardingLink({ ...ctx }, { userId: sellerId, email: `${sellerId}@example.com` });
  const done = await postForm(url, { businessName: `Studio ${sellerId}`, country: 'US' });
  // The provider returns the seller to the tenant's own site (tenantOrigin), on the harness's port.
  expect(done.location).toBe(`http://${tenant.id}.localhost:${new URL(harness.origin).port}/accountLinkReturn`);
  await vi.waitFor(async () => expect((await data.payouts.account(sellerId)).status).toBe('active'), { timeout: 10_000 });
  return account.accountId!;
}

async function paidCart(lines: [seller: string, price: number][]): Promise<string> {
  const userId = `buyer-${Math.random().toString(36).slice(2, 10)}`;
  const c = { ...ctx, buyer: { userId, email: `${userId}@example.com`, name: 'Buyer' } };
  const result = await startCheckout(c, {
    lines: lines.map(([seller, price], i) => ({ kind: 'product' as const, refId: `${seller}~${price}~${i}`, quantity: 1 })),
    returnPath: '/',
    idempotencyKey: `key-${userId}`,
  });
  if (!('redirectUrl' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  await payWith(result.redirectUrl, CARDS.success);
  // The capture webhook answers once the order is fulfilled, booked and its sellers paid.
  await vi.waitFor(() => expect(harness.received.some((r) => r.body.includes(result.orderId) && r.message === 'applied: captured')).toBe(true), { timeout: 15_000 });
  return result.orderId;
}

const balance = async (sellerId: string) => balanceOf(await data.payouts.ledger(sellerId))[0]?.amount ?? 0;
const byDestination = async (orderId: string) => new Map((await transfersAtProvider(harness, orderId)).map((t) => [t.destination, t]));

describe('separate charges and transfers', () => {
  it('a cart of two sellers: each share less the fee is transferred in the order’s group, once, even when the capture is delivered twice', async () => {
    const [a, b] = [newSeller('a'), newSeller('b')];
    const [acctA, acctB] = [await onboard(a), await onboard(b)];
    const orderId = await paidCart([
      [a, 2000],
      [b, 1000],
    ]);
    const order = (await data.orders.get(orderId))!;
    const payment = await paymentAtProvider(harness, order.providerPaymentId!);
    expect(payment).toMatchObject({ amount: 3000, transfer_group: orderId });

    const transfers = await byDestination(orderId);
    expect(transfers.size).toBe(2);
    expect(transfers.get(acctA)).toMatchObject({ amount: 1900, transfer_group: orderId, metadata: { sellerId: a, orderId } });
    expect(transfers.get(acctB)).toMatchObject({ amount: 950, transfer_group: orderId, metadata: { sellerId: b, orderId } });
    expect(transfers.get(acctA)!.source_transaction).toMatch(/^ch_/);
    // The platform keeps the application fee: 150 of the 3,000.
    expect((await paymentAtProvider(harness, order.providerPaymentId!)).amount_transferred).toBe(2850);

    // Both sellers' ledgers: the sale, the fee and the transfer; nothing held.
    for (const [seller, sale, fee, sent] of [
      [a, 2000, -100, -1900],
      [b, 1000, -50, -950],
    ] as const) {
      const entries = (await data.payouts.ledger(seller)).filter((e) => e.orderId === orderId);
      expect(entries.map((e) => [e.kind, e.amount.amount]).sort()).toEqual([
        ['platform_fee', fee],
        ['sale', sale],
        ['transfer', sent],
      ]);
      expect(await balance(seller)).toBe(0);
      expect(await data.sellerPayouts.get(seller, orderId)).toMatchObject({ transferId: transfers.get(seller === a ? acctA : acctB)!.id, due: -sent, transferred: -sent });
    }
    expect(await accountBalanceAtProvider(harness, acctA)).toBe(1900);

    // The capture webhook delivered again, and the order paid out again (two instances at once): still one transfer per seller.
    const delivery = harness.received.find((r) => r.body.includes(orderId) && r.body.includes('checkout.session.completed'))!;
    const replay = await fetch(`${harness.origin}/api/payments/webhook/test`, { method: 'POST', body: delivery.body, headers: delivery.headers });
    expect(await replay.text()).toBe('duplicate');
    await Promise.all([payOutOrder(ctx, order), payOutOrder(ctx, order)]);
    expect((await transfersAtProvider(harness, orderId)).map((t) => t.amount).sort()).toEqual([1900, 950].sort());
    expect((await data.payouts.ledger(a)).filter((e) => e.orderId === orderId && e.kind === 'transfer')).toHaveLength(1);
  });

  it('a seller without a payout account is held with a visible balance, a refund lowers it, and onboarding pays the rest once', async () => {
    const [a, c] = [newSeller('a'), newSeller('c')];
    const acctA = await onboard(a);
    const orderId = await paidCart([
      [a, 2000],
      [c, 1000],
    ]);
    const transfers = await transfersAtProvider(harness, orderId);
    expect(transfers.map((t) => t.destination)).toEqual([acctA]);
    // C's share waits on the platform, visible on their payouts and in their ledger's balance.
    expect(await data.sellerPayouts.get(c, orderId)).toMatchObject({ transferId: null, due: 950, net: 950 });
    expect((await data.sellerPayouts.ofSeller(c)).map((p) => p.orderId)).toEqual([orderId]);
    expect(await balance(c)).toBe(950);

    // A refund of 400 of C's lines while held: C is owed 950 - (400 - 20 of the fee back).
    const admin = { sub: 'tenant-admin', groups: ['admin'] };
    expect(await refundOrder(ctx, admin, orderId, 400, c)).toMatchObject({ ok: true, refunded: 400 });
    expect(await data.sellerPayouts.get(c, orderId)).toMatchObject({ transferId: null, due: 570 });
    expect(await balance(c)).toBe(570);
    // A's transfer is not touched by a refund of C's lines.
    expect((await byDestination(orderId)).get(acctA)).toMatchObject({ amount: 1900, amount_reversed: 0 });

    // Onboarding completes: the account.updated webhook pays what was held; more attempts at once change nothing.
    const acctC = await onboard(c);
    await vi.waitFor(async () => expect((await byDestination(orderId)).get(acctC)?.amount).toBe(570), { timeout: 10_000 });
    await Promise.all([payHeldTransfers(ctx, c), payHeldTransfers(ctx, c)]);
    expect((await transfersAtProvider(harness, orderId)).filter((t) => t.destination === acctC)).toHaveLength(1);
    expect(await accountBalanceAtProvider(harness, acctC)).toBe(570);
    expect(await data.sellerPayouts.get(c, orderId)).toMatchObject({ transferred: 570, reversed: 0, due: 570 });
    expect(await balance(c)).toBe(0);
    expect(await data.sellerPayouts.unsettled(c)).toEqual([]);
  });

  it('a refund of one seller’s lines reverses that seller’s transfer in proportion; the other seller keeps theirs', async () => {
    const [a, b] = [newSeller('a'), newSeller('b')];
    const [acctA, acctB] = [await onboard(a), await onboard(b)];
    const orderId = await paidCart([
      [a, 2000],
      [b, 1000],
    ]);
    const sellerA = { sub: a, groups: ['organizer'] };
    const sellerB = { sub: b, groups: ['organizer'] };
    // Half of A's lines: A gives back 1,000 less 50 of the fee, so 950 of A's 1,900 transfer comes back.
    expect(await refundOrder(ctx, sellerA, orderId, 1000)).toMatchObject({ ok: true, refunded: 1000, order: { status: 'partially_refunded' } });
    let transfers = await byDestination(orderId);
    expect(transfers.get(acctA)).toMatchObject({ amount: 1900, amount_reversed: 950 });
    expect(transfers.get(acctB)).toMatchObject({ amount: 950, amount_reversed: 0 });
    expect(await accountBalanceAtProvider(harness, acctA)).toBe(950);
    expect(await balance(a)).toBe(0);
    expect(revoked).not.toContain(`${orderId}:${a}`);

    // A seller refunds only their own lines: B cannot take more than B's 1,000, nor refund A's.
    expect(await refundOrder(ctx, sellerB, orderId, 1001)).toMatchObject({ ok: false, problem: 'over_refund', max: 1000 });
    expect(await refundOrder(ctx, sellerB, orderId, 100, a)).toMatchObject({ ok: false, problem: 'forbidden' });
    expect(await refundOrder(ctx, sellerB, orderId)).toMatchObject({ ok: true, refunded: 1000 });
    transfers = await byDestination(orderId);
    expect(transfers.get(acctB)).toMatchObject({ amount: 950, amount_reversed: 950 });
    expect(transfers.get(acctA)).toMatchObject({ amount_reversed: 950 });
    expect(revoked).toContain(`${orderId}:${b}`);
    expect(revoked).not.toContain(`${orderId}:${a}`);

    const order = (await data.orders.get(orderId))!;
    expect(order).toMatchObject({ status: 'partially_refunded', refunded: { amount: 2000 }, sellerRefunded: { [a]: 1000, [b]: 1000 } });
    expect((await paymentAtProvider(harness, order.providerPaymentId!)).amount_refunded).toBe(2000);
    const entriesB = (await data.payouts.ledger(b)).filter((e) => e.orderId === orderId);
    const sum = (kind: string) => entriesB.filter((e) => e.kind === kind).reduce((t, e) => t + e.amount.amount, 0);
    expect([sum('sale'), sum('refund'), sum('platform_fee'), sum('transfer')]).toEqual([1000, -1000, 0, 0]);
  });
});
