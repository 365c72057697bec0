/**
 * Event analytics (docs/decisions/0090), the "done when": an organizer runs a paid live
 * event; one attendee buys a ticket through the test provider's hosted checkout, two more hold
 * tickets; all three join the room for real (LiveKit posts participant_joined to the app), one
 * writes in the chat and votes in a poll the organizer launched. The organizer opens the event's
 * analytics from their events and sees the funnel, the attendance table with the three, the
 * concurrency chart (drawn, and as a table) and the revenue; the CSV downloads. Nobody else, and
 * no other tenant, gets either.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { MEDIA_BROWSER, joinRoom, type Joined } from './media-helpers';
import { buyTicket, CARDS, orderStatus, payWithCard } from './payments-helpers';
import { createUser, sessionCookie, signInContext } from './session-helpers';
import { say } from './chat-helpers';

test.use(MEDIA_BROWSER);
const T = 'aurora';

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1024 }],
    ['laptop', { width: 1024, height: 768 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('analytics-chart-canvas').locator('svg.recharts-surface')).toBeVisible();
    await page.screenshot({ path: `/tmp/analytics-${name}-${size}.png`, fullPage: true });
  }
}

test('an organizer runs an event with 3 attendees and sees the attendance table, the concurrency chart and revenue', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const organizer = await createUser(T, 'an-org', 'organizer');
  const people = await Promise.all([1, 2, 3].map((i) => createUser(T, `an-member${i}`)));
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2), eventDuration: 60, layout: 'liveEventsContainer', ticketPrice: 2500 });

  // The first buys their ticket through the hosted checkout (an order captured: ticket revenue); two more hold one.
  const buyerContext = await browser.newContext();
  await signInContext(buyerContext, request, people[0]!);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(tenantUrl(T, '/'));
  const orderId = await buyTicket(buyerPage, event.eventId);
  await payWithCard(buyerPage, CARDS.success);
  await expect.poll(() => orderStatus(buyerPage, orderId), { timeout: 20_000 }).toBe('captured');
  await buyerContext.close();
  for (const p of people.slice(1)) await e2eData(T).tickets.grant({ eventId: event.eventId, userId: p.sub, orderId: `an-${p.sub}`, kind: 'ticket' });

  // All three join the room: LiveKit reports each join to the app.
  const joined: Joined[] = [];
  for (const p of people) joined.push(await joinRoom(browser, request, p, event));
  await expect(joined[0]!.page.getByTestId('chat-pane').first()).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  await say(joined[0]!.page, 'Hello from the analytics test');

  // The organizer launches a poll; the first attendee answers it.
  const orgCookie = await sessionCookie(request, organizer);
  const created = await tenantApi(request, T).post('/api/polls', {
    headers: { Cookie: orgCookie },
    data: { eventId: event.eventId, intent: 'create', launch: true, poll: { question: 'Which topic next?', options: ['Pricing', 'Roadmap'] } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { poll } = (await created.json()) as { poll: { pollId: string } };
  const voted = await joined[0]!.page.evaluate(
    async ([eventId, pollId]) => (await fetch('/api/polls', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId, intent: 'vote', pollId, choices: [1] }) })).status,
    [event.eventId, poll.pollId] as const,
  );
  expect(voted).toBe(200);

  // The organizer finds the analytics on their events.
  const orgContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await signInContext(orgContext, request, organizer);
  const page = await orgContext.newPage();
  await page.goto(tenantUrl(T, '/userDashboard?tab=MyEvents'));
  await pageHydrated(page);
  await page.locator(`[data-testid="my-event"][data-event-id="${event.eventId}"]`).getByTestId('my-event-analytics').click();
  await expect(page).toHaveURL(new RegExp(`tab=EventAnalytics&event=${event.eventId}`));
  const tab = page.getByTestId('analytics-tab');
  await expect(tab).toHaveAttribute('data-live', 'true');

  // Live: the page refreshes itself until the three joins, the chat message and the vote are counted.
  await expect(page.getByTestId('analytics-attendees-value')).toHaveText('3', { timeout: 45_000 });
  await expect(page.getByTestId('analytics-peak-value')).toHaveText(/^[3-9]$/);
  await expect(page.getByTestId('analytics-chatMessages-value')).toHaveText('1', { timeout: 20_000 });
  await expect(page.getByTestId('analytics-pollsLaunched-value')).toHaveText('1');
  await expect(page.getByTestId('analytics-pollVotes-value')).toHaveText('1');
  await expect(page.getByTestId('analytics-registrations-value')).toHaveText(/^[1-9]/);
  const rows = page.getByTestId('analytics-attendee');
  await expect(rows).toHaveCount(3);
  for (const p of people) await expect(page.getByTestId('analytics-attendance-table')).toContainText(p.name);
  await expect(page.getByTestId('analytics-revenue-total')).toHaveText('$25.00', { timeout: 20_000 });
  await expect(page.getByTestId('analytics-sales-counts')).toContainText('Tickets sold: 1');
  // The chart is drawn, with the poll's marker, and its figures are in a captioned table too.
  await expect(page.getByTestId('analytics-chart-canvas').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('analytics-chart-canvas').locator('.recharts-reference-line')).toHaveCount(1);
  await page.getByTestId('analytics-chart-data').locator('summary').click();
  await expect(page.getByTestId('analytics-timeline-table').locator('caption')).toHaveText('Concurrent viewers per minute');
  await expect(page.getByTestId('analytics-markers-table')).toContainText('Which topic next?');
  await shoot(page, 'tab');

  // Sorted by watch time, still the three.
  await page.getByTestId('analytics-sort-watch').click();
  await expect(page).toHaveURL(/sort=watch/);
  await expect(rows).toHaveCount(3);

  // The CSV: a header and one row per person.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analytics-export').click()]);
  expect(download.suggestedFilename()).toBe(`attendance-${event.eventId}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Watch time (minutes)');
  expect(lines).toHaveLength(4);
  for (const p of people) expect(csv).toContain(p.sub);

  // Nobody else gets them: an attendee, another tenant's host.
  const memberCookie = await sessionCookie(request, people[0]!);
  expect((await tenantApi(request, T).get(`/userDashboard?tab=EventAnalytics&event=${event.eventId}`, { headers: { Cookie: memberCookie } })).status()).toBe(404);
  expect((await tenantApi(request, T).get(`/api/analytics/attendance?event=${event.eventId}`, { headers: { Cookie: memberCookie } })).status()).toBe(404);
  const otherOrg = await createUser('solana', 'an-org-solana', 'organizer');
  const otherCookie = await sessionCookie(request, otherOrg);
  expect((await tenantApi(request, 'solana').get(`/api/analytics/attendance?event=${event.eventId}`, { headers: { Cookie: otherCookie } })).status()).toBe(404);

  for (const j of joined) {
    await j.context.close();
    expect(j.errors).toEqual([]);
  }
  await orgContext.close();
});
