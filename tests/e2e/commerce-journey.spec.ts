/**
 * Issue 15's "Done when" as one story on one tenant, through the real checkout: /api/checkout,
 * the test provider's hosted page and its signed webhook, with no stand-in anywhere.
 * An organizer onboards a payout account; a participant browses a channel, buys a product through
 * the cart and a ticket of the organizer's paid event, enters that event's room (a third person
 * without a ticket is refused), donates in the room, books a paid consultation and joins its
 * private /pvs session; the organizer then finds every sale in the ledgers and downloads the
 * sales CSV.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import type { Availability } from '#app/lib/tickets/consultations';
import { messageWith, pane, say } from './chat-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { cutVideoService } from './media-helpers';
import { CARDS, orderStatus, payWithCard } from './payments-helpers';
import { createUser, signInContext, type TestUser } from './session-helpers';
import { seedShop, type SeededShop } from './shop-helpers';
import { sentMails } from './tickets-helpers';

const T = 'aurora';
const PRODUCT_PRICE = 1900;
const TICKET_PRICE = 2500;
const FEE = 6000;

test.describe.configure({ mode: 'serial' });

/** A browser of the person's own, signed in, that fails the story on a console error. */
async function personIn(browser: Browser, request: Parameters<typeof signInContext>[1], user: TestUser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  await signInContext(context, request, user);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(`${new URL(page.url()).pathname}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${new URL(page.url()).pathname}: ${err.message}`));
  return { context, page, errors };
}

/** Pays on the hosted page with the success card and waits to be back on `returnPath` with ?paid=1; the order id. */
async function payAndReturn(page: Page, returnPath: RegExp): Promise<string> {
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
  await payWithCard(page, CARDS.success);
  await page.waitForURL((url) => returnPath.test(url.pathname) && url.searchParams.get('paid') === '1');
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect.poll(() => orderStatus(page, orderId), { timeout: 20_000 }).toBe('captured');
  return orderId;
}

/** From /preview's Join through the lobby (/ety) into the room. */
async function enterThroughLobby(page: Page, layout: string, eventId: string) {
  await page.getByTestId('join-event').click();
  await expect(page).toHaveURL(new RegExp(`/ety\\?event=${eventId}`));
  await expect(page.getByTestId('lobby-open')).toBeVisible();
  await page.getByTestId('lobby-join').click();
  await expect(page).toHaveURL(new RegExp(`/${layout}\\?event=${eventId}`));
}

const receiptFor = (email: string, orderId: string) => sentMails().some((m) => m.to === email && m.purpose === 'receipt' && m.text.includes(orderId));

test('the whole journey: payouts, a channel, a product, a ticket, the paid room, a donation, a consultation and the ledgers', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const shop: SeededShop = await seedShop(T, PRODUCT_PRICE, { stock: 5 });
  const [participant, stranger] = await Promise.all([createUser(T, 'journey-buyer'), createUser(T, 'journey-stranger')]);
  const event = await seedEvent(T, shop.organizer, { ticketPrice: TICKET_PRICE, capacity: 20, eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const availability: Availability = {
    timeZone: 'UTC',
    slotMinutes: 60,
    fee: FEE,
    cancellationHours: 24,
    rules: 'Reschedule by email.',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '12:00' })),
  };
  await shop.data.consultations.saveAvailability(shop.channelId, { ownerId: shop.organizer.sub, ownerName: 'Olivia', ownerEmail: shop.organizer.username }, availability);

  const org = await personIn(browser, request, shop.organizer);
  const buyer = await personIn(browser, request, participant);

  await test.step('the organizer onboards a payout account through the account link', async () => {
    await org.page.goto(tenantUrl(T, '/primeProfilePayments'));
    await pageHydrated(org.page);
    await expect(org.page.getByTestId('payout-account')).toHaveAttribute('data-status', 'none');
    await org.page.getByTestId('payout-onboard').click();
    await expect(org.page.getByTestId('testpay-banner')).toContainText('Test payments — no real money');
    await org.page.getByLabel('Business name').fill('Olivia Live');
    await org.page.getByLabel('Country').selectOption('US');
    await org.page.getByRole('button', { name: 'Submit' }).click();
    await expect(org.page).toHaveURL(/\/accountLinkReturn$/);
    await expect(org.page.getByTestId('account-link-status')).toHaveAttribute('data-status', 'active');
    await org.page.getByRole('link', { name: 'Back to payments' }).click();
    await expect(org.page.getByTestId('payout-account')).toHaveAttribute('data-status', 'active');
  });

  let productOrder = '';
  await test.step('the participant browses to the product and buys it through the cart', async () => {
    const page = buyer.page;
    await page.goto(tenantUrl(T, `/customerChannels?q=${encodeURIComponent(shop.channelName)}`));
    await page.getByTestId('channel-card').getByRole('link').click();
    await expect(page.getByTestId('channel-name')).toHaveText(shop.channelName);
    await page.getByTestId('product-card').getByRole('link', { name: shop.productTitle }).click();
    await expect(page.getByTestId('product-detail-price')).toHaveText('$19.00');
    await expect(page.getByTestId('product-stock')).toHaveText('5 left');
    await pageHydrated(page);
    await page.getByTestId('product-add').click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-total')).toHaveText('$19.00');
    await page.getByTestId('cart-checkout').click();
    productOrder = await payAndReturn(page, /^\/channelProductDetails$/);
    // Captured: the download is granted, the bought line left the cart, the receipt is in the outbox.
    const mediaId = (await shop.data.products.get(shop.productId))!.mediaIds![0]!;
    expect(await shop.data.products.hasDownload(participant.sub, mediaId)).toBe(true);
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expect(page.getByTestId('product-stock')).toHaveText('4 left');
    await expect.poll(() => receiptFor(participant.username, productOrder)).toBe(true);
  });

  let ticketOrder = '';
  await test.step('the participant buys a ticket of the paid event from /preview and enters its room', async () => {
    const page = buyer.page;
    await page.goto(tenantUrl(T, `/preview?event=${event.eventId}`));
    await pageHydrated(page);
    await expect(page.getByTestId('buy-ticket')).toHaveText('Buy ticket · $25.00');
    await page.getByTestId('buy-ticket').click();
    ticketOrder = await payAndReturn(page, /^\/preview$/);
    await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
    await expect.poll(() => receiptFor(participant.username, ticketOrder)).toBe(true);
    await expect.poll(() => sentMails().some((m) => m.to === participant.username && m.purpose === 'ticket' && m.text.includes(`/preview?event=${event.eventId}`))).toBe(true);

    // The room's video stays out of this story (media.spec.ts covers it); the token is asked for by hand.
    await cutVideoService(page);
    await enterThroughLobby(page, 'liveEventsContainer', event.eventId);
    await expect(pane(page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    const token = await page.evaluate(async (eventId) => (await fetch('/api/events/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId }) })).status, event.eventId);
    expect(token).toBe(200);
  });

  await test.step('a third person without a ticket is refused the room, with the way to buy', async () => {
    const other = await personIn(browser, request, stranger);
    const response = await other.page.goto(tenantUrl(T, `/liveEventsContainer?event=${event.eventId}`));
    expect(response?.status()).toBe(403);
    await expect(other.page.getByTestId('room-ticket-gate')).toContainText('This event needs a ticket');
    await expect(other.page.getByTestId('gate-buy')).toHaveAttribute('href', `/preview?event=${event.eventId}`);
    const token = await other.page.evaluate(async (eventId) => (await fetch('/api/events/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId }) })).status, event.eventId);
    expect(token).toBe(403);
    await other.context.close();
    expect(other.errors).toEqual([]);
  });

  await test.step('the participant donates in the room: the payment tab opens, the room thanks and the badge shows', async () => {
    const page = buyer.page;
    await page.getByTestId('room-donate').click();
    const dialog = page.getByTestId('room-donate-dialog');
    await dialog.getByTestId('donate-custom').fill('12.50');
    await dialog.getByTestId('donate-message').fill('Great show!');
    const tab = buyer.context.waitForEvent('page');
    await dialog.getByTestId('donate-submit').click();
    const paymentTab = await tab;
    await expect(paymentTab.getByTestId('testpay-banner')).toContainText('Test payments');
    await payWithCard(paymentTab, CARDS.success);
    // The payment tab lands on the buyer's Orders, not on a second copy of the room.
    await paymentTab.waitForURL((url) => url.pathname === '/userDashboard' && url.searchParams.get('tab') === 'Orders' && url.searchParams.get('paid') === '1');
    await paymentTab.close();
    await expect(dialog.getByTestId('donate-outcome')).toHaveText('Thank you! Your donation of $12.50 is confirmed.', { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await say(page, 'thank you for the show');
    await expect(messageWith(page, 'thank you for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  });

  let consultationOrder = '';
  let sessionId = '';
  await test.step('the participant books a paid consultation from the channel and joins its private /pvs session', async () => {
    const page = buyer.page;
    await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
    await page.getByTestId('channel-consultation').click();
    await expect(page).toHaveURL(/\/consultationForm\?channel=/);
    await pageHydrated(page);
    await expect(page.getByTestId('consult-fee')).toContainText('$60.00');
    const start = DateTime.utc().plus({ days: 2 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    await page.locator('#consult-date').fill(start.toFormat('yyyy-MM-dd'));
    await page.locator('#consult-tz').fill('UTC');
    await page.getByTestId('consult-show').click();
    await expect(page).toHaveURL(/date=/);
    await pageHydrated(page);
    const slot = page.locator(`input[name="start"][value="${start.toISO()}"]`);
    await slot.check();
    await page.locator('#consult-topic').fill('Portfolio review');
    await page.getByTestId('consult-pay').click();
    consultationOrder = await payAndReturn(page, /^\/consultationForm$/);

    // The booking made a private session: its confirmation (with the link) went to the participant.
    let link = '';
    await expect
      .poll(() => {
        const mail = sentMails().find((m) => m.to === participant.username && m.purpose === 'ticket' && m.subject.includes('Portfolio review'));
        link = mail?.text.match(/\/preview\?event=([a-z0-9]+)/)?.[1] ?? '';
        return link;
      })
      .not.toBe('');
    sessionId = link;
    const session = (await shop.data.events.get(sessionId))!;
    expect(session).toMatchObject({ layout: 'pvs', organizerId: shop.organizer.sub, eventDateTime: start.toISO() });

    // The slot is at least an hour away and the server's clock cannot be moved: the session is
    // moved to now, as if its hour had come, so that the room opens.
    await shop.data.events.update(sessionId, { ...session, eventDateTime: minutesFromNow(-1) });
    await page.goto(tenantUrl(T, `/preview?event=${sessionId}`));
    await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
    await cutVideoService(page);
    await enterThroughLobby(page, 'pvs', sessionId);
    await expect(pane(page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    const token = await page.evaluate(async (eventId) => (await fetch('/api/events/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId }) })).status, sessionId);
    expect(token).toBe(200);
    // Private: the third person does not even see it.
    const other = await personIn(browser, request, stranger);
    expect((await other.page.goto(tenantUrl(T, `/preview?event=${sessionId}`)))?.status()).toBe(404);
    await other.context.close();
  });

  await test.step('the organizer sees every sale in the ledgers and downloads the sales CSV', async () => {
    const page = org.page;
    await page.goto(tenantUrl(T, '/primeProfilePayments'));
    await pageHydrated(page);
    const row = (kind: string, orderId: string) => page.getByTestId(`ledger-table-${kind}`).locator(`[data-testid="ledger-row"][data-order="${orderId}"]`);
    await expect(row('sale', productOrder)).toContainText('$19.00');
    await page.getByTestId('ledger-tab-ticket').click();
    await expect(row('ticket', ticketOrder)).toContainText('$25.00');
    await page.getByTestId('ledger-tab-donation').click();
    await expect(page.getByTestId('ledger-table-donation').getByTestId('ledger-row')).toContainText('$12.50');
    await page.getByTestId('ledger-tab-consultation').click();
    await expect(row('consultation', consultationOrder)).toContainText('$60.00');

    await page.getByTestId('ledger-tab-sale').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('ledger-csv-sale').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('date,order,ledger,item,buyer,amount,currency');
    expect(csv).toMatch(new RegExp(`,${productOrder},sale,${shop.productTitle}[^\\n]*,19\\.00,USD`));
  });

  await org.context.close();
  await buyer.context.close();
  expect(org.errors, 'console errors of the organizer').toEqual([]);
  expect(buyer.errors, 'console errors of the participant').toEqual([]);
});
