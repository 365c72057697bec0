/**
 * Live polls (issue 28, item 1; docs/decisions/0081): the organizer prepares a poll on the event's
 * dashboard page; in the room the host launches it; two participants vote (one changes their
 * vote) while the counts stay hidden from them; the host sees them live, shares them, and everyone
 * sees them; the host closes it and downloads the CSV (names, answers); the poll's results show on
 * /eventVod at the moment it was launched on the recording. A vote for another tenant's event is
 * not found. Screens go to /tmp/polls-*.png at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { enter, leave } from './chat-helpers';
import { pollCard, pollResult, recordingStartedAt, seedRecording } from './engagement-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';

const T = 'aurora';
const QUESTION = 'Which topic should we cover next?';

let organizerOnce: Promise<TestUser> | undefined;
const organizer = () => (organizerOnce ??= createUser(T, 'poll-org', 'organizer'));

const card = (page: Page) => pollCard(page, QUESTION);
const result = (page: Page, i: number) => pollResult(page, QUESTION, i);

async function shoot(page: Page, name: string, scrollTo?: Locator) {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await scrollTo?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/polls-${name}-${size}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('prepared on the dashboard, launched in the room, voted once each, shared, exported, and on the recording', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const [orgUser, ana, bo] = await Promise.all([organizer(), createUser(T, 'poll-ana'), createUser(T, 'poll-bo')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsChat' });

  // The dashboard: the organizer prepares the poll on the event's page.
  const dash = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(dash, request, orgUser);
  const dashPage = await dash.newPage();
  await dashPage.goto(tenantUrl(T, `/scheduleEvents?event=${event.eventId}`));
  await hydrated(dashPage);
  const panel = dashPage.getByTestId('polls-dashboard');
  await expect(panel.getByTestId('polls-empty')).toBeVisible();
  await panel.getByTestId('poll-new').click();
  // Too few options is refused with the field's message.
  await panel.getByTestId('poll-save').click();
  await expect(panel.getByText('Fill this in.').first()).toBeVisible();
  await panel.getByTestId('poll-question').fill(QUESTION);
  await panel.getByTestId('poll-option-0').fill('Pricing');
  await panel.getByTestId('poll-option-1').fill('Roadmap');
  await panel.getByTestId('poll-add-option').click();
  await panel.getByTestId('poll-option-2').fill('Hiring');
  await panel.getByTestId('poll-quiz').check();
  await panel.getByTestId('poll-correct-1').check();
  await shoot(dashPage, 'dashboard-editor', panel.getByTestId('poll-editor'));
  await panel.getByTestId('poll-save').click();
  await expect(panel.getByTestId('poll-card').filter({ hasText: QUESTION })).toHaveAttribute('data-status', 'draft');
  await shoot(dashPage, 'dashboard', panel);
  await dash.close();

  // The room: the host sees the prepared poll; participants see none yet.
  const org = await enter(browser, request, orgUser, T, 'liveEventsChat', event.eventId);
  const a = await enter(browser, request, ana, T, 'liveEventsChat', event.eventId);
  const b = await enter(browser, request, bo, T, 'liveEventsChat', event.eventId, { width: 390, height: 844 });
  await expect(card(org.page)).toHaveAttribute('data-status', 'draft');
  await expect(a.page.getByTestId('poll-card')).toHaveCount(0);

  // The recording of the event begins (its timeline starts here), then the host launches the poll.
  const recording = await seedRecording(T, orgUser, event.eventId);
  await card(org.page).getByTestId('poll-launch').click();
  await expect(card(org.page)).toHaveAttribute('data-status', 'live');
  await expect(card(a.page)).toHaveAttribute('data-status', 'live');
  await expect(card(b.page)).toHaveAttribute('data-status', 'live');
  await expect(card(a.page).getByTestId('poll-results-hidden')).toBeVisible();

  // Ana votes Pricing, then changes to Roadmap; Bo votes Roadmap: two votes, never three.
  await card(a.page).getByText('Pricing').click();
  await card(a.page).getByTestId('poll-vote').click();
  await expect(card(a.page).getByTestId('poll-voted')).toBeVisible();
  await expect(result(org.page, 0)).toHaveAttribute('data-count', '1');
  await shoot(a.page, 'room-voted');
  await card(a.page).getByTestId('poll-change-vote').click();
  await card(a.page).getByTestId('poll-choice-1').check();
  await card(a.page).getByTestId('poll-vote').click();
  await expect(card(a.page).getByTestId('poll-voted')).toBeVisible();
  await card(b.page).getByTestId('poll-choice-1').check();
  await card(b.page).getByTestId('poll-vote').click();
  await expect(card(org.page).getByTestId('poll-results')).toHaveAttribute('data-voters', '2');
  await expect(result(org.page, 0)).toHaveAttribute('data-count', '0');
  await expect(result(org.page, 1)).toHaveAttribute('data-count', '2');
  await expect(card(b.page).getByTestId('poll-results-hidden')).toBeVisible();
  await shoot(org.page, 'room-host');

  // Shared: everyone sees the counts; closed: no more votes, the right answer shows.
  await card(org.page).getByTestId('poll-share').click();
  await expect(result(a.page, 1)).toHaveAttribute('data-count', '2');
  await expect(result(b.page, 1)).toHaveAttribute('data-count', '2');
  await card(org.page).getByTestId('poll-close').click();
  await expect(card(a.page)).toHaveAttribute('data-status', 'closed');
  await expect(card(b.page)).toHaveAttribute('data-status', 'closed');
  await expect(result(b.page, 1)).toContainText('Right answer');
  await expect(card(b.page).getByTestId('poll-vote')).toHaveCount(0);
  await shoot(b.page, 'room-closed');
  const pollId = (await card(org.page).getAttribute('data-poll'))!;
  const late = await a.page.evaluate(
    async ([eventId, id]) => (await fetch('/api/polls', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId, intent: 'vote', pollId: id, choices: [0] }) })).status,
    [event.eventId, pollId] as const,
  );
  expect(late).toBe(409);

  // The CSV: one row per voter, with names (the poll is not anonymous).
  const [download] = await Promise.all([org.page.waitForEvent('download'), card(org.page).getByTestId('poll-export').click()]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows[0]).toBe('Respondent,Answer,Correct,Voted at');
  expect(rows).toHaveLength(3);
  expect(rows.filter((r) => r.includes(',Roadmap,yes,'))).toHaveLength(2);
  // A participant may not export; another tenant's event is not found, for a vote too.
  expect(await a.page.evaluate(async (path) => (await fetch(path)).status, `/api/polls/export?event=${event.eventId}&poll=${pollId}`)).toBe(403);
  const stranger = await createUser('solana', 'poll-other');
  const other = await tenantApi(request, 'solana').post('/api/polls', {
    headers: { Cookie: await sessionCookie(request, stranger), 'Content-Type': 'application/json' },
    data: { eventId: event.eventId, intent: 'vote', pollId, choices: [0] },
  });
  expect(other.status()).toBe(404);
  await leave(org, a, b);

  // The recording: its timeline began 1 s before the launch (the seeded item's start is set here).
  const poll = await e2eMediaData(T).polls.get(event.eventId, pollId);
  await recordingStartedAt(T, recording.id, new Date(Date.parse(poll!.launchedAt!) - 1000).toISOString());
  const vod = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(vod, request, bo);
  const vodPage = await vod.newPage();
  await vodPage.goto(tenantUrl(T, `/eventVod?eventId=${event.eventId}`));
  await hydrated(vodPage);
  const onVod = vodPage.getByTestId('vod-poll');
  await expect(onVod).toHaveAttribute('data-at', '1');
  await onVod.getByTestId('vod-poll-seek').click();
  await expect(onVod).toHaveAttribute('data-reached', 'true');
  await expect(onVod.getByTestId('poll-result-1')).toHaveAttribute('data-count', '2');
  await shoot(vodPage, 'vod', onVod);
  await vod.close();
});
