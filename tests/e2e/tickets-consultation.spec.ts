/**
 * Consultations (issue 15): a buyer in Tokyo picks a New York organizer's slot shown in Tokyo
 * time, sees the cancellation rule, and Pay holds the slot and sends the booking to checkout; the
 * payment's fulfilment (called directly until the payments work is merged) makes the private
 * session the buyer may join and nobody else may see.
 */
import { DateTime } from 'luxon';
import type { Tenant } from '#app/lib/config/tenant';
import type { Availability } from '#app/lib/tickets/consultations';
import { fulfilConsultation } from '#server/tickets/consultationSale.server';
import { testTenantId } from '#tests/support/tenants';
import { e2eData } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';

const ORGANIZER_ZONE = 'America/New_York';
const availability: Availability = {
  timeZone: ORGANIZER_ZONE,
  slotMinutes: 60,
  fee: 6000,
  cancellationHours: 24,
  rules: 'Reschedule by email.',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '11:00' })),
};

test.use({ timezoneId: 'Asia/Tokyo' });

test('a buyer in another time zone picks a slot, pays, and the booking becomes a private session for the two', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  const [organizer, buyer, stranger] = await Promise.all([createUser('aurora', 'cs-org', 'organizer'), createUser('aurora', 'cs-buyer'), createUser('aurora', 'cs-other')]);
  const channelId = `chan-${Date.now().toString(36)}`;
  const data = e2eData('aurora');
  await data.consultations.saveAvailability(channelId, { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username }, availability);

  // The organizer's 09:00 in New York, five days from now, as a Tokyo viewer sees it.
  const nyStart = DateTime.now().setZone(ORGANIZER_ZONE).plus({ days: 5 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const inTokyo = nyStart.setZone('Asia/Tokyo');
  const date = inTokyo.toFormat('yyyy-MM-dd');
  const startIso = nyStart.toUTC().toISO()!;

  await signInContext(context, request, buyer);
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}`));
  await hydrated(page);
  await expect(page.getByTestId('consult-fee')).toContainText('$60.00');
  await page.locator('#consult-date').fill(date);
  // "Use my time zone" fills in the browser's zone (this browser runs in Tokyo).
  await page.getByTestId('consult-my-zone').click();
  await expect(page.locator('#consult-tz')).toHaveValue('Asia/Tokyo');
  await page.getByTestId('consult-show').click();
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  const slot = page.locator(`input[name="start"][value="${startIso}"]`);
  await expect(slot).toHaveCount(1);
  await expect(page.locator('label', { has: slot })).toHaveText(inTokyo.setLocale('en-US').toLocaleString(DateTime.TIME_SIMPLE));
  await expect(page.getByTestId('consult-rules')).toContainText('Free cancellation with a full refund until 24 hours before the start. Reschedule by email.');

  // Without a slot and topic: field errors, nothing held.
  await page.getByTestId('consult-pay').click();
  await expect(page.getByTestId('error-start')).toHaveText('Choose one of the free times.');
  await expect(page.getByTestId('error-topic')).toBeVisible();

  let sent: { lines: Array<{ kind: string; refId: string }>; returnPath: string } | null = null;
  await page.route('**/api/checkout', async (route) => {
    sent = route.request().postDataJSON() as typeof sent;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ orderId: 'o-consult', redirectUrl: '/liveEvents' }) });
  });
  await slot.check();
  await page.locator('#consult-topic').fill('Portfolio review');
  await page.getByTestId('consult-pay').click();
  await expect(page).toHaveURL(/\/liveEvents$/);
  expect(sent!.lines[0]!.kind).toBe('consultation');
  const booking = await data.consultations.booking(sent!.lines[0]!.refId);
  expect(booking).toMatchObject({ status: 'held', start: startIso, buyerId: buyer.sub, topic: 'Portfolio review', fee: 6000, buyerTimeZone: 'Asia/Tokyo' });
  // The slot is gone for everyone else.
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${date}&tz=Asia%2FTokyo`));
  await expect(page.locator(`input[name="start"][value="${startIso}"]`)).toHaveCount(0);

  // The payment is captured: fulfilment makes the private session.
  const tenant = { id: testTenantId('aurora'), domains: [], languages: { supported: ['en', 'es', 'fr'] }, currency: 'USD' } as unknown as Tenant;
  const event = (await fulfilConsultation({ tenant, data }, { orderId: 'o-consult', buyerId: buyer.sub, buyerEmail: buyer.username, buyerName: 'Buyer' }, booking!.bookingId))!;
  expect(event).toMatchObject({ layout: 'pvs', consultationBookingId: booking!.bookingId, organizerId: organizer.sub });
  await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
  await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
  const other = await tenantApi(request, 'aurora').get(`/preview?event=${event.eventId}`, { headers: { Cookie: await sessionCookie(request, stranger) } });
  expect(other.status()).toBe(404);
});
