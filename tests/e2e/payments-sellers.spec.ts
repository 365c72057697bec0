/**
 * Every seller is paid (docs/decisions/0058) and refunds never race (docs/decisions/0057), in the
 * browser with the local test provider: one cart holds two organizers' products; the seller with
 * an active payout account is transferred their share at once, the other is held with a visible
 * balance and paid when they connect; a refund of one seller's line reverses that seller's
 * transfer only. Three simultaneous partial refunds of a 10.00 order answer only 200 or 409, the
 * 409s in the organizer's language.
 */
import type { Page } from '@playwright/test';
import { e2eData } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { CARDS, onboardPayouts, paymentAt, payWithCard, transfersAt } from './payments-helpers';
import { createUser, signInContext, type TestUser } from './session-helpers';
import { seedShop } from './shop-helpers';

const TENANT = 'aurora';
const PAYMENTS = tenantUrl(TENANT, '/primeProfilePayments');

async function screens(page: Page, name: string) {
  for (const [size, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: size === 'phone' ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/payouts-${name}-${size}.png`, fullPage: true });
  }
}

/** The buyer puts each product in the cart from its page and pays the cart on the provider's page; answers the order. */
async function buyCart(page: Page, products: { productId: string }[], returnChannel: string, tenant = TENANT): Promise<string> {
  for (const { productId } of products) {
    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${productId}`));
    await pageHydrated(page);
    await page.getByTestId('product-add').click();
    await expect(page.getByTestId('product-note')).toBeVisible();
  }
  await page.goto(tenantUrl(tenant, `/channelPage?channel=${returnChannel}`));
  await pageHydrated(page);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('testpay-banner')).toBeVisible();
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(/[?&]paid=1/);
  return new URL(page.url()).searchParams.get('order')!;
}

const payoutRow = (page: Page, orderId: string) => page.locator(`[data-testid="payout-row"][data-order="${orderId}"]`);

test('a cart of two sellers: both ledgers, a transfer to each (one held until they connect), and a refund reversing one', async ({ page, context, request }) => {
  test.slow();
  const [shopA, shopB] = await Promise.all([seedShop(TENANT, 2000), seedShop(TENANT, 1000)]);
  const buyer = await createUser(TENANT, 'two-sellers-buyer');

  // Seller A connects a payout account first; seller B has none.
  await signInContext(context, request, shopA.organizer);
  await onboardPayouts(page, PAYMENTS);

  await signInContext(context, request, buyer);
  const orderId = await buyCart(page, [{ productId: shopA.productId }, { productId: shopB.productId }], shopA.channelId);
  await expect.poll(async () => (await e2eData(TENANT).orders.get(orderId))?.status, { timeout: 20_000 }).toBe('captured');

  // A's share, less the 5 % fee, is transferred at once: $19.00; nothing is held for A.
  await expect.poll(async () => (await transfersAt(orderId)).map((t) => [t.metadata.sellerId, t.amount]), { timeout: 20_000 }).toEqual([[shopA.organizer.sub, 1900]]);
  await signInContext(context, request, shopA.organizer);
  await page.goto(PAYMENTS);
  await pageHydrated(page);
  await expect(payoutRow(page, orderId)).toHaveAttribute('data-status', 'transferred');
  await expect(page.getByTestId('payouts-transferred')).toHaveText('$19.00');
  await expect(page.getByTestId('payouts-held')).toHaveText('$0.00');
  await expect(page.getByTestId('payments-balance')).toContainText('$0.00');
  await page.getByTestId('ledger-tab-transfer').click();
  await expect(page.getByTestId('ledger-table-transfer').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`)).toContainText('-$19.00');
  await screens(page, 'transferred');

  // B's share waits on the platform, visible on B's screen and in B's ledger balance.
  await signInContext(context, request, shopB.organizer);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PAYMENTS);
  await pageHydrated(page);
  await expect(payoutRow(page, orderId)).toHaveAttribute('data-status', 'held');
  await expect(page.getByTestId('payouts-held')).toHaveText('$9.50');
  await expect(page.getByTestId('payouts-waiting')).toBeVisible();
  await expect(page.getByTestId('payments-balance')).toContainText('$9.50');
  await expect(page.getByTestId('ledger-table-sale').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`)).toContainText('$10.00');
  await screens(page, 'held');

  // B connects: what was held is transferred, once.
  await page.setViewportSize({ width: 1280, height: 900 });
  await onboardPayouts(page, PAYMENTS);
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(payoutRow(page, orderId)).toHaveAttribute('data-status', 'transferred');
  await expect(page.getByTestId('payouts-transferred')).toHaveText('$9.50');
  await expect(page.getByTestId('payments-balance')).toContainText('$0.00');
  await page.reload();
  await expect(page.getByTestId('payouts-held')).toHaveText('$0.00');
  const transfers = await transfersAt(orderId);
  expect(transfers.map((t) => [t.metadata.sellerId, t.amount]).sort()).toEqual(
    [
      [shopA.organizer.sub, 1900],
      [shopB.organizer.sub, 950],
    ].sort(),
  );

  // A refunds A's line in full: only A's transfer is reversed.
  await signInContext(context, request, shopA.organizer);
  await page.goto(PAYMENTS);
  await pageHydrated(page);
  const sale = page.getByTestId('ledger-table-sale').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`);
  await sale.getByTestId('ledger-refund').click();
  await expect(page.getByTestId('refund-your-lines')).toBeVisible();
  await expect(page.getByTestId('refund-amount')).toHaveValue('20.00');
  await page.getByTestId('refund-next').click();
  await page.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-notice')).toContainText('$20.00');
  await expect(payoutRow(page, orderId)).toHaveAttribute('data-status', 'reversed');
  await expect(page.getByTestId('payouts-transferred')).toHaveText('$0.00');
  const after = new Map((await transfersAt(orderId)).map((t) => [t.metadata.sellerId, t]));
  expect(after.get(shopA.organizer.sub)).toMatchObject({ amount: 1900, amount_reversed: 1900 });
  expect(after.get(shopB.organizer.sub)).toMatchObject({ amount: 950, amount_reversed: 0 });
  const order = (await e2eData(TENANT).orders.get(orderId))!;
  expect(order).toMatchObject({ status: 'partially_refunded', refunded: { amount: 2000 } });
  await screens(page, 'reversed');
});

/** A paid order of 10.00 in the tenant's currency (bought in English), and its seller. */
async function paidTenOrder(page: Page, context: Parameters<typeof signInContext>[0], request: Parameters<typeof signInContext>[1], tenant: string): Promise<{ orderId: string; seller: TestUser }> {
  const shop = await seedShop(tenant, 1000);
  const buyer = await createUser(tenant, 'race-buyer');
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
  await signInContext(context, request, buyer);
  const orderId = await buyCart(page, [{ productId: shop.productId }], shop.channelId, tenant);
  await expect.poll(async () => (await e2eData(tenant).orders.get(orderId))?.status, { timeout: 20_000 }).toBe('captured');
  return { orderId, seller: shop.organizer };
}

for (const [tenant, lng, overRefund] of [
  ['aurora', 'en', 'more than what is left to refund'],
  ['solana', 'es', 'supera lo que queda por reembolsar'],
  ['lumiere', 'fr', 'dépasse ce qu’il reste à rembourser'],
] as const) {
  test(`three simultaneous partial refunds of a 10.00 order on ${tenant}: only 200 or 409 (told in ${lng}), never more than captured, ledger and provider agree`, async ({ page, context, request }) => {
    test.slow();
    const { orderId, seller } = await paidTenOrder(page, context, request, tenant);
    await context.addCookies([{ name: 'lng', value: lng, domain: `${tenant}.localhost`, path: '/' }]);
    await signInContext(context, request, seller);
    await page.goto(tenantUrl(tenant, '/primeProfilePayments'));
    await pageHydrated(page);
    const answers = await page.evaluate(
      async ({ orderId }) =>
        Promise.all(
          [600, 500, 450].map(async (amount) => {
            const res = await fetch('/api/orders/refund', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId, amount }) });
            return { amount, status: res.status, body: (await res.json()) as { error?: string; message?: string; amount?: number } };
          }),
        ),
      { orderId },
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers)).toBe(true);
    const refunded = answers.filter((a) => a.status === 200).map((a) => a.amount);
    expect([[600], [450, 500]]).toContainEqual(refunded.sort((a, b) => a - b));
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ error: 'overRefund' });
      expect(refused.body.message).toContain(overRefund);
    }
    const sum = refunded.reduce((a, b) => a + b, 0);
    const order = (await e2eData(tenant).orders.get(orderId))!;
    expect(order.refunded.amount).toBe(sum);
    expect((await paymentAt(order.providerPaymentId!)).amount_refunded).toBe(sum);
    const ledger = await e2eData(tenant).payouts.ledger(seller.sub);
    expect(ledger.filter((e) => e.orderId === orderId && e.kind === 'refund').reduce((t, e) => t - e.amount.amount, 0)).toBe(sum);
  });
}
