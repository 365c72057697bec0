/**
 * Selling in the live room, in the browser: a host pins the event's replay and a second
 * participant sees the card appear, then change live when the ticket is pinned instead; Buy opens
 * the payment page in a new tab (the room stays) and thanks the buyer once the order is captured;
 * a late joiner gets the current card; unpinning takes it away for everyone; a participant's pin
 * is refused (403). Every layout shows the card and Donate at 390 and 1280 px.
 */
import { ROOM_LAYOUTS } from '#app/lib/events/layouts';
import { enter, leave } from './chat-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setPrices, standInCheckout } from './roomCommerce-helpers';
import { createUser } from './session-helpers';

const T = 'aurora';

/** POST /api/roomSales from the page (its cookies, its origin). */
const postPin = (page: Page, body: object) =>
  page.evaluate(async (b) => {
    const r = await fetch('/api/roomSales', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return { status: r.status, body: (await r.json()) as unknown };
  }, body);

test.describe.configure({ mode: 'parallel' });

test('a host pins the replay, then the ticket: the participant’s card appears and changes live, Buy thanks them, unpin removes it; a participant cannot pin', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [orgUser, parUser, lateUser] = await Promise.all([createUser(T, 'sale-org', 'organizer'), createUser(T, 'sale-par'), createUser(T, 'sale-late')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  await setPrices(T, event.eventId, { replayPrice: 1500, ticketPrice: 2000 });
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

  await org.page.getByTestId('pin-kind').selectOption('ticket');
  await org.page.getByTestId('pin-submit').click();
  await expect(card).toHaveAttribute('data-kind', 'ticket');
  await expect(card.getByTestId('pinned-sale-price')).toHaveText('$20.00');

  // A late joiner gets the current card from the server.
  const late = await enter(browser, request, lateUser, T, 'ils', event.eventId);
  await expect(late.page.getByTestId('pinned-sale')).toHaveAttribute('data-kind', 'ticket');

  // Buy: checkout for what is pinned, in a new tab; thanks when captured.
  const checkout = await standInCheckout(par.page, T, 'ord-e2e-sale');
  const tab = par.context.waitForEvent('page');
  await card.getByTestId('pinned-sale-buy').click();
  const paymentTab = await tab;
  await expect(paymentTab).toHaveURL(/\/features$/);
  await expect(card.getByTestId('pinned-sale-outcome')).toHaveText('Waiting for your payment to be confirmed…');
  expect(checkout.requests).toEqual([
    { lines: [{ kind: 'ticket', refId: event.eventId, quantity: 1 }], returnPath: `/liveEventsContainer?event=${event.eventId}`, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) },
  ]);
  checkout.setStatus('captured');
  await expect(card.getByTestId('pinned-sale-outcome')).toHaveText('Thanks, your purchase is confirmed', { timeout: 15_000 });
  await paymentTab.close();

  await org.page.getByTestId('pin-remove').click();
  await expect(card).toHaveCount(0);
  await expect(late.page.getByTestId('pinned-sale')).toHaveCount(0);

  await leave(org, par, late);
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
