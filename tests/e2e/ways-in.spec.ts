/**
 * Ways in (issue 25): every feature a person can use has a visible way to it, and no button leads to
 * a dead end. A channel offers "Book a consultation" only when it takes bookings, and the booking
 * page of a channel without them says so in the site's layout with a way back; the organizer finds
 * "Stream from OBS / an encoder" on the event's edit page, in their event list and in the broadcast
 * room; a live event is entered ("Enter the room", "Join now"), not sent through "Lobby" wording.
 */
import type { Availability } from '#app/lib/tickets/consultations';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';
import { seedShop } from './shop-helpers';
import { shootBothWidths } from './paths-screens';

const T = 'aurora';

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
});

test('a channel without bookings offers no "Book a consultation"; its booking page says so in the site layout and leads back; with bookings on, the button is there', async ({ page }) => {
  test.slow();
  const shop = await seedShop(T, 900);
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await expect(page.getByTestId('channel-name')).toHaveText(shop.channelName);
  await expect(page.getByTestId('channel-consultation')).toHaveCount(0);

  // Someone who follows an old link to the channel's booking page.
  const answer = await page.goto(tenantUrl(T, `/consultationForm?channel=${shop.channelId}`));
  expect(answer?.status()).toBe(200);
  await expect(page.getByTestId('consult-closed')).toContainText('This channel does not take consultations right now.');
  // In the site's own layout: its header with the account area, its footer.
  await expect(page.getByTestId('header-actions')).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await shootBothWidths(page, 'consultationForm-no-bookings');
  await page.getByTestId('consult-closed-back').click();
  await expect(page).toHaveURL(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));

  // The organizer publishes weekly times: now the channel offers the booking, and it opens the form.
  const availability: Availability = { timeZone: 'America/New_York', slotMinutes: 30, fee: 2500, cancellationHours: 24, rules: '', weekly: [{ weekday: 3, from: '09:00', to: '10:00' }] };
  await shop.data.consultations.saveAvailability(shop.channelId, { ownerId: shop.organizer.sub, ownerName: 'Olivia', ownerEmail: shop.organizer.username }, availability);
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await page.getByTestId('channel-consultation').click();
  await expect(page.getByTestId('consult-fee')).toBeVisible();

  // Bookings switched off again: the button goes away.
  await shop.data.consultations.saveAvailability(shop.channelId, { ownerId: shop.organizer.sub, ownerName: 'Olivia', ownerEmail: shop.organizer.username }, { ...availability, enabled: false });
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await expect(page.getByTestId('channel-name')).toBeVisible();
  await expect(page.getByTestId('channel-consultation')).toHaveCount(0);
});

test('the organizer reaches "Stream from OBS / an encoder" from the edit page, from their event list and from the broadcast room', async ({ page, context, request }) => {
  test.slow();
  const organizer = await createUser(T, 'encoder-org', 'organizer');
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2), layout: 'lbc' });
  await signInContext(context, request, organizer);
  const keyHref = `/rtmpKey?eventId=${event.eventId}`;

  await page.goto(tenantUrl(T, `/scheduleEvents?event=${event.eventId}`));
  const fromEdit = page.getByRole('link', { name: 'Stream from OBS / an encoder' });
  await expect(fromEdit).toHaveAttribute('href', keyHref);
  await fromEdit.click();
  await expect(page).toHaveURL(tenantUrl(T, keyHref));
  await expect(page.getByTestId('event-select')).toHaveValue(event.eventId);
  // The SRT screen is one link away, for the same event.
  await page.getByRole('link', { name: 'Use SRT instead' }).click();
  await expect(page).toHaveURL(tenantUrl(T, `/srtKey?eventId=${event.eventId}`));
  await page.getByRole('link', { name: 'Use RTMP instead' }).click();
  await expect(page).toHaveURL(tenantUrl(T, keyHref));

  await page.goto(tenantUrl(T, '/userDashboard?tab=MyEvents'));
  const row = page.getByTestId('my-events-organizing').locator(`[data-event-id="${event.eventId}"]`);
  await expect(row.getByRole('link', { name: 'Stream from OBS / an encoder' })).toHaveAttribute('href', keyHref);

  await page.goto(tenantUrl(T, `/lbc?event=${event.eventId}`));
  await pageHydrated(page);
  await expect(page.getByTestId('room')).toBeVisible();
  await expect(page.getByTestId('room').getByRole('link', { name: 'Stream from OBS / an encoder' })).toHaveAttribute('href', keyHref);
  await shootBothWidths(page, 'lbc-organizer-encoder-link');
});

test('a live event: the organizer\'s list offers "Enter the room" into its room, not "Lobby"; a member holding a ticket gets "Join now"', async ({ page, context, request, browser }) => {
  test.slow();
  const [organizer, member] = await Promise.all([createUser(T, 'enter-org', 'organizer'), createUser(T, 'enter-member')]);
  const live = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-3), ticketPrice: 1500, capacity: 10, layout: 'hybridVideoChat' });
  const later = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(24 * 60), ticketPrice: 1500, capacity: 10 });
  const data = e2eData(T);
  for (const event of [live, later]) expect(await data.tickets.grant({ eventId: event.eventId, userId: member.sub, orderId: `o-${event.eventId}`, kind: 'ticket' })).toBe(true);

  await signInContext(context, request, organizer);
  await page.goto(tenantUrl(T, '/userDashboard?tab=MyEvents'));
  const liveRow = page.getByTestId('my-events-organizing').locator(`[data-event-id="${live.eventId}"]`);
  await expect(liveRow.getByRole('link', { name: 'Enter the room' })).toHaveAttribute('href', `/hybridVideoChat?event=${live.eventId}`);
  await expect(liveRow.getByRole('link', { name: 'Lobby' })).toHaveCount(0);
  const laterRow = page.getByTestId('my-events-organizing').locator(`[data-event-id="${later.eventId}"]`);
  await expect(laterRow.getByRole('link', { name: 'Lobby' })).toHaveAttribute('href', `/ety?event=${later.eventId}`);
  await shootBothWidths(page, 'userDashboard-my-events-live');

  const memberContext = await browser.newContext();
  await memberContext.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  await signInContext(memberContext, request, member);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(tenantUrl(T, '/userDashboard?tab=MyEvents'));
  const attending = memberPage.getByTestId('my-events-attending');
  const join = attending.locator(`[data-event-id="${live.eventId}"]`).getByRole('link', { name: 'Join now' });
  await expect(join).toHaveAttribute('href', `/ety?event=${live.eventId}`);
  await expect(attending.locator(`[data-event-id="${later.eventId}"]`).getByRole('link', { name: 'Join now' })).toHaveCount(0);
  await join.click();
  await expect(memberPage).toHaveURL(tenantUrl(T, `/ety?event=${live.eventId}`));
  // The event's own page says the same to the holder: "Join now", into the lobby.
  await memberPage.goto(tenantUrl(T, `/preview?event=${live.eventId}`));
  const panel = memberPage.getByTestId('access-panel');
  await expect(panel).toHaveAttribute('data-mode', 'holding');
  await expect(panel.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', `/ety?event=${live.eventId}`);
  await expect(panel.getByRole('link', { name: 'Join the event' })).toHaveCount(0);
  await shootBothWidths(memberPage, 'preview-holder-live-join-now');
  await memberContext.close();
});
