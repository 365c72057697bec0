/**
 * Tickets and registration (issue 15): price and capacity on /scheduleEvents, free registration
 * with its .ics confirmation in the outbox, Buy ticket through the test provider's hosted page back
 * to /preview with the ticket and the room token, and the ticket gate of a paid event's room token
 * and room page.
 */
import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { CARDS, payWithCard } from './payments-helpers';
import { sentMails } from './tickets-helpers';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';
import { testMark } from './marks';

const ZONE = 'America/New_York';
const inDays = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toFormat('yyyy-MM-dd');
const field = (page: Page, name: string) => page.locator(`#event-${name}`);

test.beforeEach(async ({ context }) => {
  for (const tenant of ['aurora', 'solana']) await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
});

test('an organizer sets a price and a capacity: field errors keep what was typed, the saved event shows its price', async ({ page, context, request }) => {
  const organizer = await createUser('aurora', 'tk-org', 'organizer');
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl('aurora', '/scheduleEvents'));
  await hydrated(page);
  const title = `Paid talk ${testMark()}`;
  await field(page, 'title').fill(title);
  await field(page, 'date').fill(inDays(9));
  await field(page, 'time').fill('19:00');
  await field(page, 'eventTimeZone').fill(ZONE);
  await expect(field(page, 'ticketPrice')).toHaveCount(0);
  await field(page, 'admission').selectOption('paid');
  await field(page, 'ticketPrice').fill('12.345');
  await field(page, 'capacity').fill('0');
  await field(page, 'replayPrice').fill('abc');
  await page.getByTestId('event-submit').click();

  await expect(page.getByTestId('error-ticketPrice')).toHaveText('Enter a price such as 15 or 15.50, more than zero.');
  await expect(page.getByTestId('error-capacity')).toHaveText('Enter a whole number from 1 to 100,000.');
  await expect(page.getByTestId('error-replayPrice')).toBeVisible();
  await expect(field(page, 'admission')).toHaveValue('paid');
  await expect(field(page, 'ticketPrice')).toHaveValue('12.345');
  await expect(field(page, 'capacity')).toHaveValue('0');
  await expect(field(page, 'title')).toHaveValue(title);

  await field(page, 'ticketPrice').fill('15.50');
  await field(page, 'capacity').fill('40');
  await field(page, 'replayPrice').fill('');
  await page.getByTestId('event-submit').click();
  await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1$/);
  const eventId = new URL(page.url()).searchParams.get('event')!;
  await expect(field(page, 'admission')).toHaveValue('paid');
  await expect(field(page, 'ticketPrice')).toHaveValue('15.50');
  await expect(field(page, 'capacity')).toHaveValue('40');
  const stored = await e2eData('aurora').events.get(eventId);
  expect(stored).toMatchObject({ ticketPrice: 1550, capacity: 40, replayPrice: null });

  // The capacity cannot go below the seats already taken.
  await e2eData('aurora').tickets.reserve({ eventId, orderId: 'seeded-order', quantity: 3, capacity: 40 });
  await page.goto(tenantUrl('aurora', `/scheduleEvents?event=${eventId}`));
  await field(page, 'capacity').fill('2');
  await page.getByTestId('event-submit').click();
  await expect(page.getByTestId('error-capacity')).toHaveText('Capacity cannot be lower than the 3 seats already taken.');
  await expect(field(page, 'capacity')).toHaveValue('2');
  expect((await e2eData('aurora').events.get(eventId))?.capacity).toBe(40);

  await page.goto(tenantUrl('aurora', `/preview?event=${eventId}`));
  await expect(page.getByTestId('event-price')).toHaveText('$15.50');
  await expect(page.getByTestId('access-panel')).toHaveAttribute('data-mode', 'staff');
});

test('a free event with a capacity: one-click registration, seats left, confirmation with an .ics file in the outbox', async ({ page, context, request }) => {
  const [organizer, member] = await Promise.all([createUser('aurora', 'tk-free-org', 'organizer'), createUser('aurora', 'tk-free-member')]);
  const event = await seedEvent('aurora', organizer, { capacity: 2, eventTimeZone: 'Europe/Paris' });
  await e2eData('aurora').tickets.registerFree({ eventId: event.eventId, userId: 'someone-else', capacity: 2 });

  // Signed out: Register leads to sign-in and back.
  await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
  await expect(page.getByTestId('event-price')).toHaveText('Free');
  await expect(page.getByTestId('register')).toHaveAttribute('href', `/signIn?redirectTo=${encodeURIComponent(`/preview?event=${event.eventId}`)}`);

  await signInContext(context, request, member);
  await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
  await hydrated(page);
  await expect(page.getByTestId('seats-left')).toHaveText('1 seat left');
  const since = Date.now();
  await page.getByTestId('register').click();
  await expect(page.getByTestId('access-holding')).toHaveText('You are registered.');
  // Two hours before the start: one action at a time, Join appears when the room opens (docs/decisions/0040).
  await expect(page.getByTestId('join-later')).toBeDisabled();
  await expect(page.getByTestId('join-event')).toHaveCount(0);

  await expect.poll(() => sentMails().filter((m) => m.to === member.username && m.purpose === 'ticket' && Date.parse(m.at) >= since).length).toBe(1);
  const mail = sentMails().find((m) => m.to === member.username && m.purpose === 'ticket')!;
  expect(mail.subject).toContain(event.title);
  expect(mail.text).toContain(`/preview?event=${event.eventId}`);
  const ics = mail.attachments?.[0];
  expect(ics).toMatchObject({ filename: `event-${event.eventId}.ics`, contentType: 'text/calendar' });
  expect(ics!.content).toContain('BEGIN:VEVENT');
  expect(ics!.content).toContain(`DTSTART:${DateTime.fromISO(event.eventDateTime, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
  expect(ics!.content).toContain('Europe/Paris');

  // The same file from the page.
  const download = await tenantApi(request, 'aurora').get(`/api/tickets/ics?event=${event.eventId}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('text/calendar');
  expect(await download.text()).toContain(`SUMMARY:${event.title}`);

  // Full now: another person sees Sold out, and the API refuses them.
  const late = await createUser('aurora', 'tk-free-late');
  const res = await tenantApi(request, 'aurora').post('/api/tickets/register', {
    headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(request, late) },
    data: JSON.stringify({ eventId: event.eventId }),
  });
  expect(res.status()).toBe(409);
  expect(await res.json()).toEqual({ refused: 'sold_out' });
  expect(await e2eData('aurora').tickets.sold(event.eventId)).toBe(2);
});

test('Buy ticket pays on the hosted page, comes back to /preview holding a ticket, and the room token is granted; another person still gets 403 with the buy link', { tag: '@smoke' }, async ({ page, context, request }) => {
  const [organizer, buyer, other] = await Promise.all([createUser('aurora', 'tk-buy-org', 'organizer'), createUser('aurora', 'tk-buy'), createUser('aurora', 'tk-buy-other')]);
  const event = await seedEvent('aurora', organizer, { ticketPrice: 2500, capacity: 10, eventDateTime: minutesFromNow(-1) });
  const api = tenantApi(request, 'aurora');
  const token = async (cookie: string) =>
    api.post('/api/events/token', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify({ eventId: event.eventId }) });
  const [buyerCookie, otherCookie] = await Promise.all([sessionCookie(request, buyer), sessionCookie(request, other)]);
  expect((await token(buyerCookie)).status()).toBe(403);

  await signInContext(context, request, buyer);
  await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
  await hydrated(page);
  await expect(page.getByTestId('seats-left')).toHaveText('10 seats left');
  await expect(page.getByTestId('buy-ticket')).toHaveText('Buy ticket · $25.00');
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout' && r.method() === 'POST');
  await page.getByTestId('buy-ticket').click();
  const body = (await sent).postDataJSON() as { lines: unknown[]; returnPath: string; idempotencyKey: string };
  expect(body).toMatchObject({ lines: [{ kind: 'ticket', refId: event.eventId, quantity: 1 }], returnPath: `/preview?event=${event.eventId}` });
  expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);

  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
  await expect(page.getByTestId('testpay-total')).toContainText('25.00');
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`/preview\\?event=${event.eventId}&order=[^&]+&paid=1`));
  await expect(page.getByTestId('access-holding')).toHaveText('You have a ticket.');
  // The event started a minute ago: the room is open, so Join is the action.
  await expect(page.getByTestId('join-event')).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  expect((await e2eData('aurora').orders.get(orderId))?.status).toBe('captured');
  expect(await e2eData('aurora').tickets.ticket(event.eventId, buyer.sub)).toMatchObject({ orderId });

  const granted = await token(buyerCookie);
  expect(granted.status()).toBe(200);
  expect(await granted.json()).toHaveProperty('token');
  const refused = await token(otherCookie);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'ticketRequired', buyUrl: `/preview?event=${event.eventId}` });
});

test("a paid event's room token is refused without a ticket (403 with a buy link) and granted with one", async ({ page, context, request }) => {
  const [organizer, member] = await Promise.all([createUser('aurora', 'tk-gate-org', 'organizer'), createUser('aurora', 'tk-gate-member')]);
  const event = await seedEvent('aurora', organizer, { ticketPrice: 1000, eventDateTime: minutesFromNow(-1) });
  const api = tenantApi(request, 'aurora');
  const token = async (cookie: string) =>
    api.post('/api/events/token', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify({ eventId: event.eventId }) });
  const [memberCookie, organizerCookie] = await Promise.all([sessionCookie(request, member), sessionCookie(request, organizer)]);

  const refused = await token(memberCookie);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'ticketRequired', buyUrl: `/preview?event=${event.eventId}` });
  expect((await token(organizerCookie)).status()).toBe(200);

  // The room page says so, with the way to buy.
  await signInContext(context, request, member);
  const response = await page.goto(tenantUrl('aurora', `/liveEventsContainer?event=${event.eventId}`));
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('room-ticket-gate')).toContainText('This event needs a ticket');
  await expect(page.getByTestId('gate-buy')).toHaveAttribute('href', `/preview?event=${event.eventId}`);

  await e2eData('aurora').tickets.grant({ eventId: event.eventId, userId: member.sub, orderId: 'seeded-paid-order', kind: 'ticket' });
  const granted = await token(memberCookie);
  expect(granted.status()).toBe(200);
  expect(await granted.json()).toHaveProperty('token');
});

test("after a paid event, /eventVod refuses the recording without a ticket, /preview sells the replay through the hosted page, and /eventVod then lets the buyer in", async ({ page, context, request }) => {
  const [organizer, viewer] = await Promise.all([createUser('aurora', 'tk-replay-org', 'organizer'), createUser('aurora', 'tk-replay')]);
  // Ended: started three hours ago for an hour.
  const event = await seedEvent('aurora', organizer, { ticketPrice: 1200, replayPrice: 400, eventDateTime: minutesFromNow(-180) });
  await signInContext(context, request, viewer);
  const vod = await page.goto(tenantUrl('aurora', `/eventVod?eventId=${event.eventId}`));
  expect(vod?.status()).toBe(403);
  await expect(page.getByTestId('event-vod-ticket-gate')).toContainText('This event needs a ticket');
  await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
  await hydrated(page);
  await expect(page.getByTestId('buy-replay')).toHaveText('Buy the replay · $4.00');
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout' && r.method() === 'POST');
  await page.getByTestId('buy-replay').click();
  expect(((await sent).postDataJSON() as { lines: unknown[] }).lines).toMatchObject([{ kind: 'replay', refId: event.eventId }]);
  await expect(page.getByTestId('testpay-total')).toContainText('4.00');
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(new RegExp(`/preview\\?event=${event.eventId}&order=[^&]+&paid=1`));
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect.poll(async () => (await e2eData('aurora').tickets.replay(event.eventId, viewer.sub))?.orderId).toBe(orderId);

  // With the replay bought, /eventVod lets the viewer through (to the recording's own state).
  const after = await page.goto(tenantUrl('aurora', `/eventVod?eventId=${event.eventId}`));
  expect(after?.status()).toBe(200);
  await expect(page.getByTestId('event-vod-ticket-gate')).toHaveCount(0);
});
