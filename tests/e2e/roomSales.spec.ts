/**
 * Selling in the live room, in the browser, through the real checkout (/api/checkout, the test
 * provider's hosted page in a new tab, its signed webhook): a host pins the event's replay and its
 * ticket and the participants' cards change live; a late joiner gets the current card; Buy on the
 * replay pays on the hosted page, the room thanks the buyer and the replay is theirs. The host
 * picks one of the channel's published products from a list, the participant buys it from the
 * room and owns it (the download granted, the order in the Orders tab). Unpinning takes the card
 * away for everyone; a participant's pin is refused (403), a draft product cannot be pinned.
 * Every layout shows the card and Donate at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { ROOM_LAYOUTS } from '#app/lib/events/layouts';
import { productInputSchema } from '#app/lib/shop/model';
import { hasEventAccess } from '#server/entitlement/access.server';
import { enter, leave, type Person } from './chat-helpers';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { CARDS, orderStatus, payWithCard } from './payments-helpers';
import { setPrices } from './roomCommerce-helpers';
import { createUser } from './session-helpers';
import { seedShop } from './shop-helpers';

const T = 'aurora';

/** POST /api/roomSales from the page (its cookies, its origin). */
const postPin = (page: Page, body: object) =>
  page.evaluate(async (b) => {
    const r = await fetch('/api/roomSales', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return { status: r.status, body: (await r.json()) as unknown };
  }, body);

/**
 * Buy on the room's pinned card: the hosted page opens in a new tab, the buyer pays with the
 * success card, and the card thanks them once the order is captured. Answers the order's id.
 */
async function buyPinned(buyer: Person, price: string): Promise<string> {
  const card = buyer.page.getByTestId('pinned-sale');
  const checkoutAnswer = buyer.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout' && r.request().method() === 'POST');
  const tab = buyer.context.waitForEvent('page');
  await card.getByTestId('pinned-sale-buy').click();
  const paymentTab = await tab;
  const { orderId } = (await (await checkoutAnswer).json()) as { orderId: string };
  await expect(paymentTab.getByTestId('testpay-banner')).toContainText('Test payments');
  await expect(paymentTab.getByRole('heading', { name: `Pay ${price}` })).toBeVisible();
  await expect(card.getByTestId('pinned-sale-outcome')).toHaveText('Waiting for your payment to be confirmed…');
  const roomUrl = buyer.page.url();
  await payWithCard(paymentTab, CARDS.success);
  // The payment tab returns to the buyer's orders with the outcome, not to a second copy of the room.
  await expect(paymentTab).toHaveURL(new RegExp(`/userDashboard\\?tab=Orders&order=${orderId}&paid=1$`));
  await expect(paymentTab.getByTestId('checkout-result')).toHaveAttribute('data-state', 'paid', { timeout: 20_000 });
  await paymentTab.close();
  // The room never left.
  expect(buyer.page.url()).toBe(roomUrl);
  await expect(card.getByTestId('pinned-sale-outcome')).toHaveText('Thanks, your purchase is confirmed', { timeout: 20_000 });
  expect(await orderStatus(buyer.page, orderId)).toBe('captured');
  return orderId;
}

/** The buyer's Orders tab lists the order, paid, with the title bought. */
async function expectInOrders(page: Page, orderId: string, title: string) {
  await page.goto(tenantUrl(T, '/userDashboard?tab=Orders'));
  await pageHydrated(page);
  const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
  await expect(row).toContainText(title);
  await expect(row).toContainText('Paid');
}

test.describe.configure({ mode: 'parallel' });

test('a host pins the replay, then the ticket: the participants’ cards change live; the participant buys the replay through the hosted page and owns it; unpin removes it; a participant cannot pin', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [orgUser, parUser, lateUser] = await Promise.all([createUser(T, 'sale-org', 'organizer'), createUser(T, 'sale-par'), createUser(T, 'sale-late')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  await setPrices(T, event.eventId, { replayPrice: 1500 });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });
  await expect(par.page.getByTestId('room-commerce')).toHaveAttribute('data-pin-version', '0');
  await expect(par.page.getByTestId('pinned-sale')).toHaveCount(0);

  // A participant may not pin: 403 with a message, nothing pinned.
  expect(await postPin(par.page, { intent: 'pin', eventId: event.eventId, kind: 'replay', refId: event.eventId })).toEqual({
    status: 403,
    body: { error: 'forbidden', message: 'Only the organizer and hosts can pin something for sale.' },
  });
  expect((await postPin(org.page, { intent: 'pin', eventId: event.eventId, kind: 'nothing', refId: 'x' })).status).toBe(400);
  // A free ticket is not for sale.
  expect((await postPin(org.page, { intent: 'pin', eventId: event.eventId, kind: 'ticket', refId: event.eventId })).status).toBe(409);

  await org.page.getByTestId('pin-open').click();
  await org.page.getByTestId('pin-kind').selectOption('replay');
  await org.page.getByTestId('pin-submit').click();
  const card = par.page.getByTestId('pinned-sale');
  await expect(card).toHaveAttribute('data-kind', 'replay');
  await expect(card.getByTestId('pinned-sale-title')).toHaveText(event.title);
  await expect(card.getByTestId('pinned-sale-price')).toHaveText('$15.00');
  // Staff see the card without Buy.
  await expect(org.page.getByTestId('pinned-sale')).toBeVisible();
  await expect(org.page.getByTestId('pinned-sale-buy')).toHaveCount(0);

  // A late joiner gets the current card from the server.
  const late = await enter(browser, request, lateUser, T, 'ils', event.eventId);
  await expect(late.page.getByTestId('pinned-sale')).toHaveAttribute('data-kind', 'replay');

  // The organizer starts selling tickets (for later arrivals) and pins one: every card changes live.
  await setPrices(T, event.eventId, { ticketPrice: 2000 });
  await org.page.getByTestId('pin-kind').selectOption('ticket');
  await org.page.getByTestId('pin-submit').click();
  await expect(card).toHaveAttribute('data-kind', 'ticket');
  await expect(card.getByTestId('pinned-sale-price')).toHaveText('$20.00');
  await expect(late.page.getByTestId('pinned-sale')).toHaveAttribute('data-kind', 'ticket');

  // Back to the replay; the participant buys it from the room through the hosted page.
  await org.page.getByTestId('pin-kind').selectOption('replay');
  await org.page.getByTestId('pin-submit').click();
  await expect(card).toHaveAttribute('data-kind', 'replay');
  const data = e2eData(T);
  const stored = (await data.events.get(event.eventId))!;
  expect(await hasEventAccess(data, stored, parUser.sub, 'replay')).toBe(false);
  const orderId = await buyPinned(par, '$15.00');
  expect(await hasEventAccess(data, stored, parUser.sub, 'replay')).toBe(true);
  const order = (await data.orders.get(orderId))!;
  expect(order).toMatchObject({ buyerId: parUser.sub, status: 'captured', total: { amount: 1500, currency: 'USD' }, lines: [expect.objectContaining({ kind: 'replay', refId: event.eventId, sellerId: orgUser.sub })] });

  await org.page.getByTestId('pin-remove').click();
  await expect(card).toHaveCount(0);
  await expect(late.page.getByTestId('pinned-sale')).toHaveCount(0);

  await expectInOrders(par.page, orderId, event.title);
  await leave(org, par, late);
});

test('a host picks one of the channel’s published products; the participant buys it from the room and owns it; a draft cannot be pinned', async ({ browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const shop = await seedShop(T, 1250);
  const other = await seedShop(T, 900);
  const parUser = await createUser(T, 'sale-prod-par');
  const event = await seedEvent(T, shop.organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  // A draft of the organizer's own, and (above) another organizer's published product.
  const product = (await shop.data.products.get(shop.productId))!;
  const ownDraft = await shop.data.products.create(
    { userId: shop.organizer.sub },
    productInputSchema.parse({ channelId: shop.channelId, title: `Draft ${shop.productTitle}`, price: 700, delivers: 'download', mediaIds: product.mediaIds, published: false }),
    'USD',
  );
  const org = await enter(browser, request, shop.organizer, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId);

  // The picker lists the organizer's published products, nobody else's and no drafts.
  await org.page.getByTestId('pin-open').click();
  await org.page.getByTestId('pin-kind').selectOption('product');
  const picker = org.page.getByTestId('pin-product');
  await expect(picker.locator('option')).toHaveText([`${shop.productTitle} · $12.50`]);
  await org.page.screenshot({ path: testInfo.outputPath('pin-product-390.png') });
  // Neither a draft nor another organizer's product can be pinned through the API either.
  expect((await postPin(org.page, { intent: 'pin', eventId: event.eventId, kind: 'product', refId: ownDraft.productId })).status).toBe(409);
  expect((await postPin(org.page, { intent: 'pin', eventId: event.eventId, kind: 'product', refId: other.productId })).status).toBe(404);
  await expect(par.page.getByTestId('pinned-sale')).toHaveCount(0);

  await picker.selectOption(shop.productId);
  await org.page.getByTestId('pin-submit').click();
  const card = par.page.getByTestId('pinned-sale');
  await expect(card).toHaveAttribute('data-kind', 'product');
  await expect(card).toHaveAttribute('data-ref', shop.productId);
  await expect(card.getByTestId('pinned-sale-title')).toHaveText(shop.productTitle);
  await expect(card.getByTestId('pinned-sale-price')).toHaveText('$12.50');

  expect(await shop.data.products.hasDownload(parUser.sub, product.mediaIds![0]!)).toBe(false);
  const orderId = await buyPinned(par, '$12.50');
  // The buyer owns it: the download granted, the order in the Orders tab.
  expect(await shop.data.products.hasDownload(parUser.sub, product.mediaIds![0]!)).toBe(true);
  await expectInOrders(par.page, orderId, shop.productTitle);
  await leave(org, par);
});

test('every room layout shows the pinned card and Donate to a participant, at 390 and 1280 px', async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'sale-lay-org', 'organizer'), createUser(T, 'sale-lay-par')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  await setPrices(T, event.eventId, { replayPrice: 990 });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  await org.page.getByTestId('pin-open').click();
  await org.page.getByTestId('pin-submit').click();
  await expect(org.page.getByTestId('pinned-sale')).toBeVisible();
  for (const layout of ROOM_LAYOUTS.filter((l) => l !== 'pvs' && l !== 'hpv')) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const par = await enter(browser, request, parUser, T, layout, event.eventId, viewport);
      await expect(par.page.getByTestId('pinned-sale')).toBeVisible();
      await expect(par.page.getByTestId('room-donate')).toBeInViewport();
      await expect(par.page.getByTestId('pinned-sale-buy')).toBeInViewport();
      await par.page.screenshot({ path: testInfo.outputPath(`${layout}-${viewport.width}.png`) });
      await leave(par);
    }
  }
  await leave(org);
});
