/**
 * Consultations end to end (issue 15): the organizer publishes weekly times and a fee from the
 * dashboard (Shop → Channels → the channel → Consultations); a buyer in Tokyo picks the New York
 * organizer's slot in Tokyo time, sees the cancellation rule, and pays on the test provider's
 * hosted page (real /api/checkout, real signed webhook). The payment makes the private /pvs
 * session for the two, mails both with an .ics file and sets the buyer's paidConsultationFee;
 * Cancel inside the rule refunds the order and frees the slot. Two buyers racing for one slot:
 * one gets it; outside the rule Cancel says why and refunds nothing.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import type { Availability } from '#app/lib/tickets/consultations';
import type { EventInput } from '#app/lib/events/model';
import { paymentFlags } from '#server/entitlement/access.server';
import { e2eData } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { CARDS, payWithCard } from './payments-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { sentMails } from './tickets-helpers';
import { testMark } from './marks';

const ORGANIZER_ZONE = 'America/New_York';
const BUYER_ZONE = 'Asia/Tokyo';

test.use({ timezoneId: BUYER_ZONE });

/** The organizer's 09:00 in New York `days` from now: its weekday, the Tokyo date it falls on, and its UTC instant. */
function nyMorning(days: number) {
  const ny = DateTime.now().setZone(ORGANIZER_ZONE).plus({ days }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const inTokyo = ny.setZone(BUYER_ZONE);
  return { weekday: ny.weekday, date: inTokyo.toFormat('yyyy-MM-dd'), startIso: ny.toUTC().toISO()!, tokyoTime: inTokyo.setLocale('en-US').toLocaleString(DateTime.TIME_SIMPLE) };
}

async function newChannel(organizer: TestUser, name: string) {
  const channel = await e2eData('aurora').channels.create({ userId: organizer.sub, name: 'Olivia' }, { name, about: 'Advice sessions.', introVideoId: null, links: [] }, 'USD');
  return channel.channelId;
}

async function signedInPage(browser: Browser, request: Parameters<typeof signInContext>[1], user: TestUser, timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId });
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  await signInContext(context, request, user);
  return { context, page: await context.newPage() };
}

/** On /consultationForm: the day and zone, then the slot and a topic; Pay holds it and opens checkout. */
async function chooseSlot(page: Page, channelId: string, slot: ReturnType<typeof nyMorning>, topic: string) {
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${slot.date}&tz=${encodeURIComponent(BUYER_ZONE)}`));
  await hydrated(page);
  await page.locator(`input[name="start"][value="${slot.startIso}"]`).check();
  await page.locator('#consult-topic').fill(topic);
}

/** Pays on the hosted page and waits for the booking page to say it is booked; answers the booking and order ids. */
async function payAndWaitBooked(page: Page): Promise<{ bookingId: string; orderId: string }> {
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/consultationForm\?booking=[a-z0-9]{16}&order=[^&]+&paid=1/);
  await expect(page.getByTestId('consult-booking-status')).toHaveText('Booked');
  const url = new URL(page.url());
  return { bookingId: url.searchParams.get('booking')!, orderId: url.searchParams.get('order')! };
}

test('the organizer publishes times; a buyer in Tokyo pays for one; the private session is theirs; cancelling inside the rule refunds and frees the slot', async ({ page, context, request, browser }) => {
  test.slow();
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  const [organizer, buyer, stranger] = await Promise.all([createUser('aurora', 'cs-org', 'organizer'), createUser('aurora', 'cs-buyer'), createUser('aurora', 'cs-other')]);
  const channelName = `Advice ${testMark()}`;
  const channelId = await newChannel(organizer, channelName);
  const data = e2eData('aurora');
  const slot = nyMorning(5);

  // The organizer publishes from the dashboard: a bad fee is refused beside its field, what was typed stays.
  const org = await signedInPage(browser, request, organizer, ORGANIZER_ZONE);
  await org.page.goto(tenantUrl('aurora', '/userDashboard?tab=channels'));
  const panel = org.page.getByTestId('managed-channel').filter({ hasText: channelName });
  await panel.getByTestId('channel-consultations').click();
  const settings = panel.getByTestId('consult-settings');
  await expect(settings.getByLabel('Your time zone')).toHaveValue(ORGANIZER_ZONE);
  await settings.getByLabel('Length of a consultation').selectOption('60');
  await settings.getByLabel('Fee (USD)').fill('sixty');
  await settings.getByLabel('Free cancellation until (hours before the start)').fill('24');
  await settings.getByLabel('Anything else buyers should know (optional)').fill('Reschedule by email.');
  await settings.getByLabel('Day').selectOption(String(slot.weekday));
  await settings.getByLabel('From').fill('09:00');
  await settings.getByLabel('To').fill('11:00');
  await settings.getByTestId('consult-settings-save').click();
  await expect(settings.getByTestId('error-fee')).toHaveText('Enter a fee such as 60 or 60.50, more than zero.');
  await expect(settings.getByLabel('Fee (USD)')).toHaveValue('sixty');
  expect(await data.consultations.availability(channelId)).toBeNull();
  await settings.getByLabel('Fee (USD)').fill('60');
  await settings.getByTestId('consult-settings-save').click();
  await expect(settings.getByTestId('consult-settings-message')).toHaveText('Saved. People can book on the booking page.');
  expect(await data.consultations.availability(channelId)).toMatchObject({ timeZone: ORGANIZER_ZONE, slotMinutes: 60, fee: 6000, cancellationHours: 24, enabled: true, ownerId: organizer.sub });
  // Someone else's channel answers 404, as an unknown one does.
  const api = tenantApi(request, 'aurora');
  const strangerCookie = await sessionCookie(request, stranger);
  const foreign = await api.get(`/api/consultations/availability?channel=${channelId}`, { headers: { Cookie: strangerCookie } });
  expect(foreign.status()).toBe(404);

  // The buyer, in Tokyo, sees the New York 09:00 in Tokyo time, the fee and the rule.
  await signInContext(context, request, buyer);
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}`));
  await hydrated(page);
  await expect(page.getByTestId('consult-fee')).toContainText('$60.00');
  await page.locator('#consult-date').fill(slot.date);
  await page.getByTestId('consult-my-zone').click();
  await expect(page.locator('#consult-tz')).toHaveValue(BUYER_ZONE);
  await page.getByTestId('consult-show').click();
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  const choice = page.locator(`input[name="start"][value="${slot.startIso}"]`);
  await expect(page.locator('label', { has: choice })).toHaveText(slot.tokyoTime);
  await expect(page.getByTestId('consult-rules')).toContainText('Free cancellation with a full refund until 24 hours before the start. Reschedule by email.');
  // Without a slot and topic: field errors, nothing held.
  await page.getByTestId('consult-pay').click();
  await expect(page.getByTestId('error-start')).toHaveText('Choose one of the free times.');
  await expect(page.getByTestId('error-topic')).toBeVisible();
  await choice.check();
  await page.locator('#consult-topic').fill('Portfolio review');
  await page.getByTestId('consult-pay').click();
  const { bookingId, orderId } = await payAndWaitBooked(page);

  // Captured, booked, the private session made for the two.
  expect((await data.orders.get(orderId))?.status).toBe('captured');
  const booking = (await data.consultations.booking(bookingId))!;
  expect(booking).toMatchObject({ status: 'confirmed', start: slot.startIso, buyerId: buyer.sub, fee: 6000, buyerTimeZone: BUYER_ZONE, orderId });
  const event = (await data.events.get(booking.eventId!))!;
  expect(event).toMatchObject({ layout: 'pvs', consultationBookingId: bookingId, organizerId: organizer.sub, title: 'Portfolio review' });
  expect((await paymentFlags(data, event, buyer.sub)).paidConsultationFee).toBe(true);
  expect((await paymentFlags(data, event, stranger.sub)).paidConsultationFee).toBe(false);
  await expect(page.getByTestId('consult-booking-when')).toContainText(BUYER_ZONE);
  await page.getByTestId('consult-open-session').click();
  await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
  await page.goBack();

  // Both got the booking mail with the calendar file.
  await expect
    .poll(() => sentMails().filter((m) => m.subject === 'Consultation booked: Portfolio review' && (m.to === buyer.username || m.to === organizer.username) && m.attachments?.some((a) => a.filename.endsWith('.ics'))).map((m) => m.to).sort())
    .toEqual([buyer.username, organizer.username].sort());

  // When the session opens, the two get room tokens and a third person does not.
  await data.events.update(event.eventId, { ...event, eventDateTime: new Date().toISOString() } as EventInput);
  const token = (cookie: string) => api.post('/api/events/token', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify({ eventId: event.eventId }) });
  const [buyerCookie, organizerCookie] = await Promise.all([sessionCookie(request, buyer), sessionCookie(request, organizer)]);
  expect((await token(buyerCookie)).status()).toBe(200);
  expect((await token(organizerCookie)).status()).toBe(200);
  expect((await token(strangerCookie)).status()).toBe(403);

  // Cancel inside the rule (the slot is days away): refunded in full, the slot free again, both told.
  // The way back to it is the Orders tab: the consultation line opens the booking page.
  await page.goto(tenantUrl('aurora', '/userDashboard?tab=Orders'));
  await hydrated(page);
  const line = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`).getByTestId('order-line-link');
  await expect(line).toHaveText('Portfolio review: booking and cancellation');
  await line.click();
  await expect(page).toHaveURL(new RegExp(`/consultationForm\\?booking=${bookingId}$`));
  await expect(page.getByTestId('consult-booking-rule')).toContainText('Cancelling now refunds $60.00 in full.');
  await page.getByTestId('consult-cancel').click();
  await expect(page.getByTestId('consult-cancel-result')).toHaveText('Your booking is cancelled and $60.00 is refunded.');
  await expect(page.getByTestId('consult-booking-status')).toHaveText('Cancelled');
  expect((await data.orders.get(orderId))?.status).toBe('refunded');
  expect((await data.consultations.booking(bookingId))?.status).toBe('canceled');
  expect((await data.events.get(event.eventId))?.cancelledAt).toBeTruthy();
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${slot.date}&tz=${encodeURIComponent(BUYER_ZONE)}`));
  await expect(page.locator(`input[name="start"][value="${slot.startIso}"]`)).toHaveCount(1);
  await expect
    .poll(() => sentMails().filter((m) => m.subject === 'Consultation cancelled: Portfolio review' && (m.to === buyer.username || m.to === organizer.username)).map((m) => m.to).sort())
    .toEqual([buyer.username, organizer.username].sort());
  await org.context.close();
});

test('two buyers race for one slot: one gets it and pays; outside the rule Cancel says why and refunds nothing', { tag: '@smoke' }, async ({ page, context, request, browser }) => {
  test.slow();
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  const [organizer, first, second] = await Promise.all([createUser('aurora', 'cs-org2', 'organizer'), createUser('aurora', 'cs-race1'), createUser('aurora', 'cs-race2')]);
  const channelId = await newChannel(organizer, `Race ${testMark()}`);
  const data = e2eData('aurora');
  const slot = nyMorning(4);
  // Free cancellation ends two weeks before the start: a slot four days away is already outside it.
  const availability: Availability = { timeZone: ORGANIZER_ZONE, slotMinutes: 30, fee: 2500, cancellationHours: 336, rules: '', weekly: [{ weekday: slot.weekday, from: '09:00', to: '10:00' }] };
  await data.consultations.saveAvailability(channelId, { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username }, availability);

  await signInContext(context, request, first);
  const other = await signedInPage(browser, request, second, BUYER_ZONE);
  await Promise.all([chooseSlot(page, channelId, slot, 'First topic'), chooseSlot(other.page, channelId, slot, 'Second topic')]);
  await Promise.all([page.getByTestId('consult-pay').click(), other.page.getByTestId('consult-pay').click()]);
  const outcome = async (p: Page) => {
    // The winner's hold, checkout and the provider's page take a while on a loaded machine.
    await expect(p.getByTestId('testpay-banner').or(p.getByTestId('error-start')).or(p.getByTestId('consult-problem'))).toBeVisible({ timeout: 30_000 });
    if (await p.getByTestId('consult-problem').isVisible()) return `problem: ${await p.getByTestId('consult-problem').textContent()}`;
    return (await p.getByTestId('testpay-banner').isVisible()) ? 'won' : 'lost';
  };
  const results = await Promise.all([outcome(page), outcome(other.page)]);
  expect([...results].sort()).toEqual(['lost', 'won']);
  const [winner, loser] = results[0] === 'won' ? [page, other.page] : [other.page, page];
  await expect(loser.getByTestId('error-start')).toHaveText('Someone just booked that time. Please choose another.');

  const { bookingId, orderId } = await payAndWaitBooked(winner);
  await expect(winner.getByTestId('consult-booking-rule')).toContainText('Free cancellation ended 336 hours before the start, so cancelling now refunds nothing.');
  await winner.getByTestId('consult-cancel').click();
  await expect(winner.getByTestId('consult-cancel-result')).toContainText('cancelling now refunds nothing');
  await expect(winner.getByTestId('consult-booking-status')).toHaveText('Booked');
  expect((await data.orders.get(orderId))?.status).toBe('captured');
  expect((await data.consultations.booking(bookingId))?.status).toBe('confirmed');
  // The slot stays taken for everyone.
  await loser.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${slot.date}&tz=${encodeURIComponent(BUYER_ZONE)}`));
  await expect(loser.locator(`input[name="start"][value="${slot.startIso}"]`)).toHaveCount(0);
  await other.context.close();
});

test('Pay pressed before the page has hydrated still goes on to checkout with the held slot', async ({ browser, request }) => {
  test.slow();
  const [organizer, buyer] = await Promise.all([createUser('aurora', 'cs-org3', 'organizer'), createUser('aurora', 'cs-early')]);
  const channelId = await newChannel(organizer, `Early ${testMark()}`);
  const slot = nyMorning(6);
  const availability: Availability = { timeZone: ORGANIZER_ZONE, slotMinutes: 30, fee: 3000, cancellationHours: 24, rules: '', weekly: [{ weekday: slot.weekday, from: '09:00', to: '10:00' }] };
  await e2eData('aurora').consultations.saveAvailability(channelId, { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username }, availability);
  // Its own page: the blocked scripts below log load errors the shared page fixture would count.
  const { context, page } = await signedInPage(browser, request, buyer, BUYER_ZONE);

  // The page's scripts have not run: the form posts as plain HTML.
  const scripts = /\.js(\?|$)/;
  await page.route(scripts, (route) => route.abort());
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${slot.date}&tz=${encodeURIComponent(BUYER_ZONE)}`));
  await page.locator(`input[name="start"][value="${slot.startIso}"]`).check();
  await page.locator('#consult-topic').fill('Early topic');
  await page.unroute(scripts);
  await page.getByTestId('consult-pay').click();

  const { bookingId } = await payAndWaitBooked(page);
  expect(await e2eData('aurora').consultations.booking(bookingId)).toMatchObject({ status: 'confirmed', topic: 'Early topic', buyerId: buyer.sub });
  await context.close();
});

test('one instant is one slot however its start is spelt: other spellings are taken, an off-grid start is refused keeping what was typed, and only the canonical slot is paid', async ({ page, context, request }) => {
  test.slow();
  const [organizer, first, second, third] = await Promise.all([
    createUser('aurora', 'cs-org4', 'organizer'),
    createUser('aurora', 'cs-spell1'),
    createUser('aurora', 'cs-spell2'),
    createUser('aurora', 'cs-spell3'),
  ]);
  const channelId = await newChannel(organizer, `Spellings ${testMark()}`);
  const data = e2eData('aurora');
  const slot = nyMorning(7);
  const availability: Availability = { timeZone: ORGANIZER_ZONE, slotMinutes: 30, fee: 2000, cancellationHours: 24, rules: '', weekly: [{ weekday: slot.weekday, from: '09:00', to: '10:00' }] };
  await data.consultations.saveAvailability(channelId, { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username }, availability);
  const api = tenantApi(request, 'aurora');
  const origin = new URL(tenantUrl('aurora', '/')).origin;
  const [firstCookie, secondCookie, thirdCookie] = await Promise.all([sessionCookie(request, first), sessionCookie(request, second), sessionCookie(request, third)]);
  const hold = async (cookie: string, start: string, topic = 'Spelling test') => {
    const res = await api.post(`/consultationForm?channel=${channelId}&_data=consultationForm`, { headers: { Cookie: cookie, Origin: origin }, form: { intent: 'hold', start, topic, tz: BUYER_ZONE } });
    return { status: res.status(), body: (await res.json()) as { ok: boolean; bookingId?: string; errors?: Record<string, string>; values?: Record<string, string> } };
  };
  const spellingsOf = (iso: string) => {
    const at = DateTime.fromISO(iso, { zone: 'utc' });
    return [at.setZone('UTC+2').toISO()!, iso, iso.replace('.000Z', 'Z'), iso.replace('Z', '+00:00'), at.setZone(ORGANIZER_ZONE).toISO()!];
  };
  const spellings = spellingsOf(slot.startIso);
  expect(slot.startIso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);

  // The first buyer holds the 09:00 spelt in +02:00; the booking is under the canonical instant.
  const held = await hold(firstCookie, spellings[0]!);
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  expect(await data.consultations.booking(held.body.bookingId!)).toMatchObject({ status: 'held', start: slot.startIso });
  // Every other spelling of the same instant is the same slot: taken.
  for (const spelling of spellings) {
    const again = await hold(secondCookie, spelling);
    expect(again.status, spelling).toBe(409);
    expect(again.body.errors, spelling).toEqual({ start: 'tickets.consult.errors.taken' });
  }

  // Off the grid (09:05) or with no offset: not a slot, refused beside the field, the typed topic sent back.
  const offGrid = DateTime.fromISO(slot.startIso, { zone: 'utc' }).plus({ minutes: 5 }).toISO()!;
  for (const start of [offGrid, slot.startIso.replace('.000Z', '')]) {
    const refused = await hold(secondCookie, start, 'Kept topic');
    expect(refused.status, start).toBe(400);
    expect(refused.body.errors, start).toEqual({ start: 'tickets.consult.errors.slot' });
    expect(refused.body.values, start).toMatchObject({ start, topic: 'Kept topic' });
  }
  // As a page (the form posted without scripts): the field error, and the topic still in its field.
  const page400 = await api.post(`/consultationForm?channel=${channelId}&date=${slot.date}&tz=${encodeURIComponent(BUYER_ZONE)}`, {
    headers: { Cookie: secondCookie, Origin: origin },
    form: { intent: 'hold', start: offGrid, topic: 'Kept topic', notes: 'Kept notes', tz: BUYER_ZONE },
    maxRedirects: 0,
  });
  expect(page400.status()).toBe(400);
  const html = await page400.text();
  expect(html).toContain('Choose one of the free times.');
  expect(html).toContain('value="Kept topic"');
  expect(html).toContain('Kept notes</textarea>');

  // Two buyers at once, each spelling the 09:30 another way: one holds it, the other is told it is taken.
  const halfPast = DateTime.fromISO(slot.startIso, { zone: 'utc' }).plus({ minutes: 30 }).toUTC().toISO()!;
  const [a, b] = spellingsOf(halfPast);
  const raced = await Promise.all([hold(secondCookie, a!), hold(thirdCookie, b!)]);
  expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
  expect((await data.consultations.booking(raced.find((r) => r.status === 200)!.body.bookingId!))?.start).toBe(halfPast);

  // The first buyer pays: booked on the canonical instant, the session at that instant, and no spelling can be held again.
  await signInContext(context, request, first);
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}`));
  const checkout = await page.evaluate(async (bookingId) => {
    const res = await fetch('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ kind: 'consultation', refId: bookingId, quantity: 1 }], returnPath: `/consultationForm?booking=${bookingId}`, idempotencyKey: `consult-${bookingId}` }),
    });
    return (await res.json()) as { redirectUrl?: string };
  }, held.body.bookingId!);
  await page.goto(checkout.redirectUrl!);
  const { bookingId } = await payAndWaitBooked(page);
  const booking = (await data.consultations.booking(bookingId))!;
  expect(booking).toMatchObject({ status: 'confirmed', start: slot.startIso });
  expect((await data.events.get(booking.eventId!))?.eventDateTime).toBe(slot.startIso);
  for (const spelling of spellings) expect((await hold(thirdCookie, spelling)).status, spelling).toBe(409);
  await expect(page.getByTestId('consult-booking-status')).toHaveText('Booked');
});
