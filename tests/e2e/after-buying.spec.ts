/**
 * After buying, the thing bought (issue 25): a digital download's buyer finds it on the product
 * page, in Orders and in the receipt mail; a ticket holder is not offered the ticket again; Orders
 * tells a donation from a ticket; receipt times name their zone; a consultation slot inside the
 * free-cancellation window says so before paying; event times on the home page and /liveEvents
 * follow one rule (the visitor's zone, named).
 */
import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import type { Availability } from '#app/lib/tickets/consultations';
import { seedMediaItem } from '#tests/support/media';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { CARDS, payWithCard } from './payments-helpers';
import { createUser, signInContext } from './session-helpers';
import { seedProduct, seedShop } from './shop-helpers';
import { sentMails } from './tickets-helpers';
import { shootBothWidths } from './paths-screens';

const T = 'aurora';
const TENANT_ZONE = 'America/New_York';

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
});

/** The short name of `zone` at `iso` as English Intl writes it ("EST", "GMT+9"). */
const zoneName = (zone: string, iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')!.value;

/** Pays on the hosted page and answers the order id the buyer came back with. */
async function pay(page: Page, back: RegExp): Promise<string> {
  // The provider's page and the way back take a while on a loaded machine.
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments', { timeout: 30_000 });
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(back, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get('order')!;
}

test('a download\'s buyer finds it: "You own this" with Download on the product page, a Download in Orders and in the receipt mail; receipt times name their zone', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const shop = await seedShop(T, 700);
  const file = await seedMediaItem(shop.data, { kind: 'image', owner: { sub: shop.organizer.sub, name: 'Seller' }, title: 'Hi-res print', visibility: 'private' });
  const download = await seedProduct(shop, T, 400, { title: 'Print file', delivers: 'download', mediaIds: [file.id] });
  const buyer = await createUser(T, 'dl-buyer');
  await signInContext(context, request, buyer);
  const productPath = `/channelProductDetails?product=${download.productId}`;
  const fileHref = `/api/media/download?id=${file.id}`;

  await page.goto(tenantUrl(T, productPath));
  await pageHydrated(page);
  await expect(page.getByTestId('product-owned')).toHaveCount(0);
  await page.getByTestId('product-buy-now').click();
  const orderId = await pay(page, /\/channelProductDetails\?product=[^&]+&order=[^&]+&paid=1/);
  await expect.poll(async () => (await shop.data.orders.get(orderId))?.status, { timeout: 20_000 }).toBe('captured');

  // The product page: the buyer owns it, and the file is one click away.
  await page.goto(tenantUrl(T, productPath));
  const owned = page.getByTestId('product-owned');
  await expect(owned).toContainText('You own this');
  await expect(owned.getByRole('link', { name: /^Download/ })).toHaveAttribute('href', fileHref);
  const fetched = await page.evaluate(async (href) => (await fetch(href, { redirect: 'manual' })).type, fileHref);
  expect(fetched).toBe('opaqueredirect');
  await shootBothWidths(page, 'channelProductDetails-owned');

  // Orders: the line leads to the file too, and the receipt's time names its zone.
  await page.goto(tenantUrl(T, '/userDashboard?tab=Orders'));
  await pageHydrated(page);
  const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
  await expect(row.getByRole('link', { name: /^Download/ })).toHaveAttribute('href', fileHref);
  await row.getByTestId('order-receipt-open').click();
  const paidAt = (await shop.data.orders.get(orderId))!.paidAt!;
  await expect(page.getByTestId('order-receipt')).toContainText(zoneName(TENANT_ZONE, paidAt));
  await shootBothWidths(page, 'userDashboard-orders-receipt');

  // The receipt mail: where to download it, and the time with its zone.
  await expect.poll(() => sentMails().some((m) => m.to === buyer.username && m.purpose === 'receipt' && m.subject.includes(orderId))).toBe(true);
  const mail = sentMails().find((m) => m.to === buyer.username && m.purpose === 'receipt' && m.subject.includes(orderId))!;
  expect(mail.text).toContain(`Download: ${tenantUrl(T, productPath)}`);
  expect(mail.text).toMatch(new RegExp(`Paid on .+ ${zoneName(TENANT_ZONE, paidAt)}`));
});

test('a ticket holder is not offered "Buy ticket" again, and Orders tells their ticket from their donation', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const shop = await seedShop(T, 700);
  const event = await seedEvent(T, shop.organizer, { eventDateTime: minutesFromNow(3 * 24 * 60), ticketPrice: 1800, capacity: 20 });
  const buyer = await createUser(T, 'tk-holder');
  await signInContext(context, request, buyer);

  // Before: the channel offers the ticket.
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  const listed = page.getByTestId('channel-events').locator('li').filter({ hasText: event.title });
  await expect(listed.getByRole('link', { name: 'Buy ticket' })).toBeVisible();
  await listed.getByRole('link', { name: 'Buy ticket' }).click();
  await pageHydrated(page);
  await page.getByTestId('buy-ticket').click();
  const ticketOrder = await pay(page, /\/preview\?event=[^&]+&order=[^&]+&paid=1/);
  await expect(page.getByTestId('access-holding')).toContainText('You have a ticket.');
  await expect(page.getByTestId('buy-ticket')).toHaveCount(0);

  // After: the channel page says they hold it, and offers no second ticket.
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await expect(listed).toContainText('You have a ticket');
  await expect(listed.getByRole('link', { name: 'Buy ticket' })).toHaveCount(0);
  await expect(listed.getByRole('link', { name: 'Event page' })).toHaveAttribute('href', `/preview?event=${event.eventId}`);
  await shootBothWidths(page, 'channelPage-ticket-held');

  // A donation to the channel, then Orders names each line for what it is.
  await pageHydrated(page);
  const panel = page.locator('#donate').getByTestId('donate-panel');
  await panel.getByTestId('donate-chip').first().click();
  await panel.getByTestId('donate-submit').click();
  const donationOrder = await pay(page, /\/channelPage\?channel=[^&]+&donation=1&order=[^&]+&paid=1/);
  await expect(page.locator('#donate').getByTestId('donate-outcome')).toHaveText('Thank you! Your donation is confirmed.', { timeout: 20_000 });
  await page.goto(tenantUrl(T, '/userDashboard?tab=Orders'));
  await expect(page.locator(`[data-testid="order-row"][data-order="${ticketOrder}"]`)).toContainText(`Ticket: ${event.title}`);
  await expect(page.locator(`[data-testid="order-row"][data-order="${donationOrder}"]`)).toContainText(`Donation: ${shop.channelName}`);
  await shootBothWidths(page, 'userDashboard-orders-kinds');
});

test('a consultation slot inside the free-cancellation window says so before paying; one outside it does not', async ({ page, context, request }) => {
  test.slow();
  const organizer = await createUser(T, 'late-org', 'organizer');
  const buyer = await createUser(T, 'late-buyer');
  const channel = await e2eData(T).channels.create({ userId: organizer.sub, name: 'Olivia' }, { name: 'Late advice', about: 'Advice.', introVideoId: null, links: [] }, 'USD');
  const morning = (days: number) => DateTime.now().setZone(TENANT_ZONE).plus({ days }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const [soon, far] = [morning(2), morning(9)];
  // Free cancellation until five days before: the slot in two days is already past it, the one in nine is not.
  const availability: Availability = { timeZone: TENANT_ZONE, slotMinutes: 30, fee: 2000, cancellationHours: 120, rules: '', weekly: [{ weekday: soon.weekday, from: '09:00', to: '09:30' }] };
  const data = e2eData(T);
  await data.consultations.saveAvailability(channel.channelId, { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username }, availability);
  await signInContext(context, request, buyer);

  const open = async (day: DateTime) => {
    await page.goto(tenantUrl(T, `/consultationForm?channel=${channel.channelId}&date=${day.toFormat('yyyy-MM-dd')}&tz=${encodeURIComponent(TENANT_ZONE)}`));
    await pageHydrated(page);
    await page.locator(`input[name="start"][value="${day.toUTC().toISO()}"]`).check();
  };
  await open(soon);
  await expect(page.getByTestId('consult-slots')).toContainText('no free cancellation');
  await expect(page.getByTestId('consult-late-slot')).toHaveText('This time starts less than 120 hours from now: cancelling it will refund nothing.');
  await shootBothWidths(page, 'consultationForm-late-slot');
  await open(far);
  await expect(page.getByTestId('consult-slots')).not.toContainText('no free cancellation');
  await expect(page.getByTestId('consult-late-slot')).toHaveCount(0);
});

test('event times on the home page (served without the client app) and on /liveEvents follow one rule: the visitor\'s zone, named', async ({ browser }) => {
  test.slow();
  const organizer = await createUser(T, 'zone-org', 'organizer');
  // Started almost eight hours ago and still running: it sorts before what other tests add, on both lists.
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-475), eventDuration: 480 });
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  const page = await context.newPage();
  const tokyo = zoneName('Asia/Tokyo', event.eventDateTime);

  await page.goto(tenantUrl(T, `/?v=${event.eventId}`));
  const onHome = page.getByTestId('upcoming-events').locator(`[data-event-id="${event.eventId}"] time`);
  await expect(onHome).toHaveAttribute('data-zone', 'Asia/Tokyo');
  await expect(onHome).toContainText(tokyo);
  const homeText = (await onHome.textContent())!;
  await shootBothWidths(page, 'home-visitor-zone');

  // Signed out, /liveEvents comes without the client app too (docs/decisions/0069): the same inline script names the zone.
  await page.goto(tenantUrl(T, '/liveEvents'));
  const listed = page.locator(`[data-event-id="${event.eventId}"] time`).first();
  await expect(listed).toHaveAttribute('data-zone', 'Asia/Tokyo');
  await expect(listed).toHaveText(homeText);
  await context.close();
});
