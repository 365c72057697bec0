/**
 * The payment screens with stored data (no payment on the way): the buyer's Orders tab and its
 * receipt, the organizer's balance, ledgers and CSV export. The flows that make such data are in
 * payments-checkout.spec.ts and payments-onboarding.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { e2eData } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';

const TENANT = 'aurora';

async function seedPaidOrder(buyer: { sub: string; username: string }, sellerId: string) {
  const data = e2eData(TENANT);
  const orderId = `ord_${Math.random().toString(36).slice(2, 14)}`;
  const at = new Date().toISOString();
  await data.orders.create(
    {
      orderId,
      buyerId: buyer.sub,
      buyerEmail: buyer.username,
      buyerName: 'Test buyer',
      currency: 'USD',
      lines: [{ kind: 'ticket', refId: 'evt-seeded', quantity: 2, title: 'Launch night', unitAmount: 600, sellerId }],
      total: { amount: 1200, currency: 'USD' },
      applicationFee: { amount: 60, currency: 'USD' },
      refunded: { amount: 0, currency: 'USD' },
      status: 'pending',
      provider: 'test',
      returnPath: '/',
      createdAt: at,
    },
    `seed-${orderId}`,
  );
  await data.orders.move(orderId, ['pending'], 'captured', { paidAt: at });
  await data.payouts.addEntry({ entryId: `${orderId}#0`, sellerId, kind: 'ticket', orderId, title: 'Launch night × 2', amount: { amount: 1200, currency: 'USD' }, at, buyerName: 'Test buyer' });
  await data.payouts.addEntry({ entryId: `${orderId}#fee#${sellerId}`, sellerId, kind: 'platform_fee', orderId, title: orderId, amount: { amount: -60, currency: 'USD' }, at, buyerName: 'Test buyer' });
  return orderId;
}

test('the buyer sees the order in the Orders tab, with its receipt', async ({ page, context, request }) => {
  const buyer = await createUser(TENANT, 'orders-buyer');
  const orderId = await seedPaidOrder(buyer, 'someone-else');
  await signInContext(context, request, buyer);
  await page.goto(tenantUrl(TENANT, '/userDashboard?tab=Orders'));
  await pageHydrated(page);
  const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
  await expect(row).toContainText('Launch night × 2');
  await expect(row).toContainText('$12.00');
  await expect(row).toContainText('Paid');
  await row.getByTestId('order-receipt-open').click();
  const receipt = page.getByTestId('order-receipt');
  await expect(receipt).toContainText(orderId);
  await expect(receipt).toContainText('$12.00');
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
});

test('a buyer with no orders is told so', async ({ page, context, request }) => {
  const buyer = await createUser(TENANT, 'orders-none');
  await signInContext(context, request, buyer);
  await page.goto(tenantUrl(TENANT, '/userDashboard?tab=Orders'));
  await expect(page.getByTestId('orders-empty')).toBeVisible();
});

test('the organizer sees the balance and the ledgers, and exports one as CSV', async ({ page, context, request }) => {
  const organizer = await createUser(TENANT, 'ledger-org', 'organizer');
  const buyer = await createUser(TENANT, 'ledger-buyer');
  const orderId = await seedPaidOrder(buyer, organizer.sub);
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(TENANT, '/primeProfilePayments'));
  await pageHydrated(page);
  await expect(page.getByTestId('payments-balance')).toContainText('$11.40');
  await expect(page.getByTestId('ledger-table-sale')).toHaveCount(0);
  await page.getByTestId('ledger-tab-ticket').click();
  await expect(page.getByTestId('ledger-table-ticket').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`)).toContainText('$12.00');
  await page.getByTestId('ledger-tab-platform_fee').click();
  await expect(page.getByTestId('ledger-table-platform_fee')).toContainText('-$0.60');

  await page.getByTestId('ledger-tab-ticket').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('ledger-csv-ticket').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('date,order,ledger,item,buyer,amount,currency');
  expect(csv).toContain(`${orderId},ticket,Launch night × 2,Test buyer,12.00,USD`);
});
