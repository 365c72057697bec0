/**
 * Donations in the browser, through the real checkout: /api/checkout, the test provider's hosted
 * page (in a new tab from a live room, in place of the page from /channelPage) and its signed
 * webhook. A participant donates in the room and a second participant sees the alert in the chat
 * and the toast; the donor's next chat message carries the Supporter badge for everyone (set by
 * the server); the donation is in the organizer's donations ledger and madeDonation is true in the
 * donor's room data. A channel donation goes the same way from /channelPage.
 */
import type { Page } from '@playwright/test';
import { enter, leave, messageWith, say } from './chat-helpers';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { CARDS, orderStatus, payWithCard } from './payments-helpers';
import { createUser, signInContext } from './session-helpers';
import { seedShop } from './shop-helpers';

const T = 'aurora';

test.describe.configure({ mode: 'parallel' });

/** The donor's room data as the room's loader answers it (SPEC.md §3's payment flags among it). */
const roomFlags = (page: Page, eventId: string) =>
  page.evaluate(async (id) => {
    const r = await fetch(`/liveEventsContainer?event=${id}&_data=liveEventsContainer`);
    return ((await r.json()) as { paymentFlags: { madeDonation: boolean } }).paymentFlags;
  }, eventId);

/** The organizer's donations ledger on /primeProfilePayments, with the row of the order. */
async function expectInLedger(page: Page, tenant: string, orderId: string, amount: string) {
  await page.goto(tenantUrl(tenant, '/primeProfilePayments'));
  await pageHydrated(page);
  await page.getByTestId('ledger-tab-donation').click();
  await expect(page.getByTestId('ledger-table-donation').locator(`[data-testid="ledger-row"][data-order="${orderId}"]`)).toContainText(amount);
}

test('a participant donates in the room through the hosted page: another participant sees the alert and the toast, the donor gets the Supporter badge, the organizer’s ledger has it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const [orgUser, anaUser, bobUser] = await Promise.all([createUser(T, 'don-org', 'organizer'), createUser(T, 'don-ana'), createUser(T, 'don-bob')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const ana = await enter(browser, request, anaUser, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });
  const bob = await enter(browser, request, bobUser, T, 'liveEventsContainer', event.eventId);
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  await say(ana.page, 'before donating');
  await expect(messageWith(bob.page, 'before donating')).toBeVisible();
  expect((await roomFlags(ana.page, event.eventId)).madeDonation).toBe(false);

  // Staff get the pin controls, not Donate.
  await expect(org.page.getByTestId('room-donate')).toHaveCount(0);
  await expect(org.page.getByTestId('pin-open')).toBeVisible();

  await ana.page.getByTestId('room-donate').click();
  const dialog = ana.page.getByTestId('room-donate-dialog');
  await expect(dialog.getByTestId('donate-chip')).toHaveText(['$5.00', '$10.00', '$25.00']);
  await expect(dialog.getByTestId('donate-submit')).toHaveText('Donate $10.00');
  // Below the minimum: refused in the page, nothing asked of checkout.
  await dialog.getByTestId('donate-custom').fill('0.50');
  await dialog.getByTestId('donate-submit').click();
  await expect(dialog.getByTestId('donate-error')).toHaveText('Enter an amount from $1.00 to $10,000.00.');
  await expect(dialog.getByTestId('donate-custom')).toHaveValue('0.50');
  await dialog.getByTestId('donate-custom').fill('12.50');
  await dialog.getByTestId('donate-message').fill('Great show!');
  await ana.page.screenshot({ path: testInfo.outputPath('donate-dialog-390.png') });
  const checkoutAnswer = ana.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout' && r.request().method() === 'POST');
  const tab = ana.context.waitForEvent('page');
  await dialog.getByTestId('donate-submit').click();
  // The hosted payment page opens in its own tab; the room stays where it was.
  const paymentTab = await tab;
  const { orderId } = (await (await checkoutAnswer).json()) as { orderId: string };
  await expect(paymentTab.getByTestId('testpay-banner')).toContainText('Test payments');
  await expect(paymentTab.getByText('$12.50').first()).toBeVisible();
  await expect(ana.page).toHaveURL(new RegExp(`/liveEventsContainer\\?event=${event.eventId}$`));
  await expect(dialog.getByTestId('donate-outcome')).toContainText('The payment page opened in a new tab');
  await payWithCard(paymentTab, CARDS.success);
  await expect(paymentTab).toHaveURL(new RegExp(`/userDashboard\\?tab=Orders&order=${orderId}&paid=1$`));
  await paymentTab.close();
  await expect(dialog.getByTestId('donate-outcome')).toHaveText('Thank you! Your donation of $12.50 is confirmed.', { timeout: 20_000 });
  expect(await orderStatus(ana.page, orderId)).toBe('captured');

  // Everyone in the room hears it: the line in the chat and the toast on the stage.
  const alert = 'donated $12.50: Great show!';
  await expect(bob.page.getByTestId('donation-line').filter({ hasText: alert })).toHaveAttribute('data-donor', anaUser.sub);
  await expect(bob.page.getByTestId('donation-toast').filter({ hasText: alert })).toBeVisible();
  await expect(org.page.getByTestId('donation-line').filter({ hasText: alert })).toBeVisible();
  await bob.page.screenshot({ path: testInfo.outputPath('donation-alert-1280.png') });
  await ana.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await say(ana.page, 'thanks for the show');
  await expect(messageWith(bob.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  await expect(messageWith(org.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  await expect(messageWith(ana.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  await bob.page.screenshot({ path: testInfo.outputPath('supporter-1280.png') });
  await expect(messageWith(bob.page, 'before donating').getByTestId('chat-supporter')).toHaveCount(0);
  await say(bob.page, 'bob never donated');
  await expect(messageWith(ana.page, 'bob never donated').getByTestId('chat-supporter')).toHaveCount(0);
  // A reload (the replayed snapshot) keeps the badge where the server set it.
  await bob.page.reload();
  await expect(messageWith(bob.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');

  // SPEC.md §3: madeDonation in the donor's room data; not in the other participant's.
  expect((await roomFlags(ana.page, event.eventId)).madeDonation).toBe(true);
  expect((await roomFlags(bob.page, event.eventId)).madeDonation).toBe(false);

  // The organizer's payouts: the donation in the donations ledger.
  await expectInLedger(org.page, T, orderId, '$12.50');
  const donations = await e2eData(T).donations.toSeller(orgUser.sub);
  expect(donations).toEqual([expect.objectContaining({ orderId, donorId: anaUser.sub, eventId: event.eventId, message: 'Great show!', amount: { amount: 1250, currency: 'USD' } })]);

  await leave(ana, bob, org);
});

test('a visitor donates to a channel from /channelPage through the hosted page and is thanked on return; the owner’s ledger has it', { tag: '@smoke' }, async ({ browser, page, context, request }) => {
  test.setTimeout(120_000);
  const shop = await seedShop(T, 1500);
  const donor = await createUser(T, 'don-chan');
  await signInContext(context, request, donor);
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await pageHydrated(page);
  const panel = page.locator('#donate').getByTestId('donate-panel');
  await panel.getByTestId('donate-chip').nth(2).click();
  await panel.getByTestId('donate-message').fill('For the next workshop');
  await expect(panel.getByTestId('donate-submit')).toHaveText('Donate $25.00');
  await panel.getByTestId('donate-submit').click();
  // Outside a room the page itself goes to the hosted page.
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
  await expect(page.getByRole('heading', { name: 'Pay $25.00' })).toBeVisible();
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`/channelPage\\?channel=${shop.channelId}&donation=1&order=[^&]+&paid=1#donate$`));
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.locator('#donate').getByTestId('donate-outcome')).toHaveText('Thank you! Your donation is confirmed.', { timeout: 20_000 });
  expect(await orderStatus(page, orderId)).toBe('captured');

  const donations = await shop.data.donations.toChannel(shop.organizer.sub, shop.channelId);
  expect(donations).toEqual([expect.objectContaining({ orderId, donorId: donor.sub, sellerId: shop.organizer.sub, eventId: null, message: 'For the next workshop', amount: { amount: 2500, currency: 'USD' } })]);
  const owner = await browser.newContext();
  await signInContext(owner, request, shop.organizer);
  const ownerPage = await owner.newPage();
  await expectInLedger(ownerPage, T, orderId, '$25.00');
  await owner.close();
});

test('a tenant with donations switched off offers no Donate in its rooms', async ({ browser, request }) => {
  const L = 'lumiere';
  const [orgUser, parUser] = await Promise.all([createUser(L, 'don-off-org', 'organizer'), createUser(L, 'don-off-par')]);
  const event = await seedEvent(L, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
  const par = await enter(browser, request, parUser, L, 'ils', event.eventId, { width: 390, height: 844 });
  await expect(par.page.getByTestId('room-commerce')).toBeAttached();
  await expect(par.page.getByTestId('room-donate')).toHaveCount(0);
  await leave(par);
});
