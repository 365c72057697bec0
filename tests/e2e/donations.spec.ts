/**
 * Donations in the live room, in the browser: a participant donates from the room (the payment
 * page opens in a new tab and the room stays), the order is fulfilled through the donation
 * sellable, the page thanks them when the order is captured, and from then on the donor's chat
 * messages carry the Supporter badge for everyone (set by the server). Until payments is on this
 * branch, /api/checkout is answered by a stand-in that records what the page asked for, and the
 * test fulfils the order itself through the sellable; the alert's fan-out to every socket is
 * tested through real sockets in server/donations/roomNotices.server.test.ts.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { OrderLine } from '#app/lib/payments/model';
import { sellableFor } from '#server/payments/sellables.server';
import '#server/donations/donations.server';
import { enter, leave, messageWith, say } from './chat-helpers';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { standInCheckout } from './roomCommerce-helpers';
import { createUser } from './session-helpers';

const T = 'aurora';

test.describe.configure({ mode: 'parallel' });

test('a participant donates in the room: checkout in a new tab, thanks when captured, and the Supporter badge on their next messages', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const [orgUser, anaUser, bobUser] = await Promise.all([createUser(T, 'don-org', 'organizer'), createUser(T, 'don-ana'), createUser(T, 'don-bob')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const ana = await enter(browser, request, anaUser, T, 'liveEventsContainer', event.eventId, { width: 390, height: 844 });
  const bob = await enter(browser, request, bobUser, T, 'liveEventsContainer', event.eventId);
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  await say(ana.page, 'before donating');
  await expect(messageWith(bob.page, 'before donating')).toBeVisible();

  // Staff get the pin controls, not Donate.
  await expect(org.page.getByTestId('room-donate')).toHaveCount(0);
  await expect(org.page.getByTestId('pin-open')).toBeVisible();

  const checkout = await standInCheckout(ana.page, T, 'ord-e2e-donation');
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
  const tab = ana.context.waitForEvent('page');
  await dialog.getByTestId('donate-submit').click();
  // The payment page opens in its own tab; the room stays where it was.
  const paymentTab = await tab;
  await expect(paymentTab).toHaveURL(/\/features$/);
  await expect(ana.page).toHaveURL(new RegExp(`/liveEventsContainer\\?event=${event.eventId}$`));
  await expect(dialog.getByTestId('donate-outcome')).toContainText('The payment page opened in a new tab');
  expect(checkout.requests).toEqual([
    {
      lines: [{ kind: 'donation', refId: event.eventId, quantity: 1, amount: 1250, meta: { message: 'Great show!', eventId: event.eventId } }],
      returnPath: `/liveEventsContainer?event=${event.eventId}`,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    },
  ]);

  // What payments does once the provider captures: price the line as the server does and fulfil it.
  const data = e2eData(T);
  const ctx = { tenant: { id: data.tenantId, currency: 'USD', features: { donations: true } } as unknown as Tenant, data, buyer: { userId: anaUser.sub, email: anaUser.username, name: 'Ana' } };
  const line = await sellableFor('donation').price(ctx, checkout.requests[0]!.lines[0] as never);
  expect(line).toMatchObject({ kind: 'donation', unitAmount: 1250, sellerId: orgUser.sub, meta: { message: 'Great show!', eventId: event.eventId } });
  const now = new Date().toISOString();
  const order = {
    orderId: 'ord-e2e-donation-' + anaUser.sub.slice(0, 8),
    buyerId: anaUser.sub,
    buyerEmail: anaUser.username,
    buyerName: 'Ana',
    currency: 'USD',
    lines: [line as OrderLine],
    total: { amount: 1250, currency: 'USD' },
    applicationFee: { amount: 0, currency: 'USD' },
    refunded: { amount: 0, currency: 'USD' },
    status: 'captured' as const,
    provider: 'test' as const,
    returnPath: '/',
    createdAt: now,
    paidAt: now,
  };
  await sellableFor('donation').fulfil(ctx, order, line as OrderLine);
  checkout.setStatus('captured');
  await expect(dialog.getByTestId('donate-outcome')).toHaveText('Thank you! Your donation of $12.50 is confirmed.', { timeout: 15_000 });
  await paymentTab.close();
  await ana.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await say(ana.page, 'thanks for the show');
  await expect(messageWith(bob.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  await expect(messageWith(org.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');
  await bob.page.screenshot({ path: testInfo.outputPath('supporter-1280.png') });
  await expect(messageWith(bob.page, 'before donating').getByTestId('chat-supporter')).toHaveCount(0);
  await say(bob.page, 'bob never donated');
  await expect(messageWith(ana.page, 'bob never donated').getByTestId('chat-supporter')).toHaveCount(0);
  // A reload (the replayed snapshot) keeps the badge where the server set it.
  await bob.page.reload();
  await expect(messageWith(bob.page, 'thanks for the show').getByTestId('chat-supporter')).toHaveText('Supporter');

  await leave(ana, bob, org);
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
