/**
 * Checkout with the local test provider, in the browser, for a paid event's ticket (kind 'ticket',
 * registered by the tickets module): success, decline, extra authentication approved and failed,
 * abandon, a double click on Pay, the buyer's Orders tab with its receipt, and a refund from
 * /primeProfilePayments. Each test uses its own users and event.
 */
import type { Page } from '@playwright/test';
import { e2eData, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { buyTicket, CARDS, chargesOf, orderStatus, payWithCard } from './payments-helpers';
import { sentMails } from './tickets-helpers';
import { createUser, signInContext, type TestUser } from './session-helpers';
import { testMark } from './marks';

const TENANT = 'aurora';

async function paidEvent(capacity: number | null = null) {
  const organizer = await createUser(TENANT, 'pay-org', 'organizer');
  const paid = { title: `Paid event ${testMark()}`, ticketPrice: 2500, capacity };
  const event = await seedEvent(TENANT, organizer, paid);
  return { organizer, event };
}

async function asBuyer(page: Page, context: Parameters<typeof signInContext>[0], request: Parameters<typeof signInContext>[1], label = 'pay-buyer'): Promise<TestUser> {
  const buyer = await createUser(TENANT, label);
  await signInContext(context, request, buyer);
  await page.goto(tenantUrl(TENANT, '/'));
  return buyer;
}

const waitForOrder = (page: Page, orderId: string, status: string) => expect.poll(() => orderStatus(page, orderId), { timeout: 20_000 }).toBe(status);

test('success: the buyer pays, comes back with paid=1, and sees the order and its receipt', async ({ page, context, request }) => {
  const { event } = await paidEvent();
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await expect(page.getByTestId('testpay-total')).toContainText('25.00');
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`/preview\\?event=${event.eventId}&order=${orderId}&paid=1`));
  await waitForOrder(page, orderId, 'captured');

  await page.goto(tenantUrl(TENANT, '/userDashboard?tab=Orders'));
  await pageHydrated(page);
  const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
  await expect(row).toHaveAttribute('data-status', 'captured');
  await expect(row).toContainText('$25.00');
  await row.getByTestId('order-receipt-open').click();
  await expect(page.getByTestId('order-receipt')).toContainText(orderId);
});

test('decline: the order fails and the buyer goes back with paid=0', async ({ page, context, request }) => {
  const { event } = await paidEvent();
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.decline);
  await expect(page.getByRole('alert')).toContainText('declined');
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`order=${orderId}&paid=0`));
  await expect(page.getByTestId('payment-failed')).toBeVisible();
  await waitForOrder(page, orderId, 'failed');
});

test('extra authentication approved: paid after the second page', async ({ page, context, request }) => {
  const { event } = await paidEvent();
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.authenticate);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(new RegExp(`order=${orderId}&paid=1`));
  await waitForOrder(page, orderId, 'captured');
});

test('extra authentication failed: the order fails', async ({ page, context, request }) => {
  const { event } = await paidEvent();
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.authenticate);
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await page.goto(tenantUrl(TENANT, '/'));
  await waitForOrder(page, orderId, 'failed');
});

test('abandon: Cancel cancels the order and gives the seat back', async ({ page, context, request }) => {
  const { event } = await paidEvent(1);
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(new RegExp(`order=${orderId}&paid=0`));
  await waitForOrder(page, orderId, 'canceled');
  // The only seat is free again: another buyer gets it.
  await asBuyer(page, context, request, 'pay-next');
  const next = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.success);
  await waitForOrder(page, next, 'captured');
});

test('a double click on Pay gives one order and one charge', async ({ page, context, request }) => {
  const { event } = await paidEvent();
  await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await page.getByLabel('Card number').fill(CARDS.success);
  await page.getByRole('button', { name: /^Pay / }).dblclick();
  await expect(page).toHaveURL(new RegExp(`order=${orderId}&paid=1`));
  await waitForOrder(page, orderId, 'captured');
  const order = await e2eData(TENANT).orders.get(orderId);
  expect(await chargesOf(order!.providerSessionId!)).toBe(1);
  const buyerOrders = await e2eData(TENANT).orders.ofBuyer(order!.buyerId);
  expect(buyerOrders.filter((o) => o.lines[0]?.refId === event.eventId)).toHaveLength(1);
});

test('refund from /primeProfilePayments: partial, then the rest; the ticket is revoked, the seat freed and the buyer told', async ({ page, context, request }) => {
  const { organizer, event } = await paidEvent(1);
  const buyer = await asBuyer(page, context, request);
  const orderId = await buyTicket(page, event.eventId);
  await payWithCard(page, CARDS.success);
  await waitForOrder(page, orderId, 'captured');
  const tickets = e2eData(TENANT).tickets;
  expect(await tickets.ticket(event.eventId, buyer.sub)).toMatchObject({ orderId });
  expect(await tickets.sold(event.eventId)).toBe(1);
  const refundMails = () => sentMails().filter((m) => m.to === buyer.username && m.purpose === 'refund' && m.subject.includes(orderId));

  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(TENANT, '/primeProfilePayments'));
  await pageHydrated(page);
  await page.getByTestId('ledger-tab-ticket').click();
  const row = page.getByTestId('ledger-table-ticket').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`);
  await expect(row).toContainText('$25.00');
  await row.getByTestId('ledger-refund').click();
  await page.getByTestId('refund-amount').fill('10.00');
  await page.getByTestId('refund-next').click();
  await page.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-notice')).toContainText('$10.00');
  await page.getByTestId('ledger-tab-refund').click();
  await expect(page.getByTestId('ledger-table-refund')).toContainText('-$10.00');
  // A partial refund leaves the ticket standing; the buyer is told of the money.
  await expect.poll(() => refundMails().length).toBe(1);
  expect(refundMails()[0]!.text).toContain('$10.00');
  expect(await tickets.ticket(event.eventId, buyer.sub)).toMatchObject({ orderId });

  await page.getByTestId('ledger-tab-ticket').click();
  await row.getByTestId('ledger-refund').click();
  await expect(page.getByTestId('refund-amount')).toHaveValue('15.00');
  await page.getByTestId('refund-next').click();
  await page.getByTestId('refund-confirm').click();
  await expect(row).toContainText('Refunded');
  expect((await e2eData(TENANT).orders.get(orderId))!.status).toBe('refunded');
  // The full refund takes the ticket back and gives its seat to the next buyer.
  await expect.poll(() => refundMails().length).toBe(2);
  expect(await tickets.ticket(event.eventId, buyer.sub)).toBeNull();
  expect(await tickets.sold(event.eventId)).toBe(0);
});
