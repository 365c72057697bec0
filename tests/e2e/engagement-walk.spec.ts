/**
 * Issue 28, "Done when": one walk through the room's engagement features together, with the real
 * LiveKit server and three browsers. The organizer, through the event form, schedules a weekly
 * series whose first occurrence opens now, with a required registration question and "Hosts admit
 * participants"; prepares a poll on that occurrence's dashboard page. Two participants (one on a
 * 390 px phone) register answering the question, open the room and wait; the organizer sees them
 * with their answers in the queue and admits them; the organizer launches the poll, both vote, the
 * results are shared; both react and each sees the other's reaction; the organizer splits them into
 * two breakout rooms and brings everyone back; the poll's CSV has both names and choices; its
 * results are on /eventVod of the occurrence. Screens go to /tmp/walk-*.png.
 */
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eData } from './events-helpers';
import { chatLive, connectedTo, floaters, pollCard, pollResult, reactionBar, recordingStartedAt, seedRecording } from './engagement-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { joinRoom, MEDIA_BROWSER, roomIdentities, type Joined } from './media-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';
import { testMark } from './marks';

test.use(MEDIA_BROWSER);

const T = 'aurora';
const LAYOUT = 'liveEventsContainer';
const QUESTION = 'Your company';
const POLL = 'Which topic should we cover next?';
const OPTIONS = ['Pricing', 'Roadmap', 'Hiring'];
const field = (page: Page, name: string) => page.locator(`#event-${name}`);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/walk-${name}.png` });

/** A participant registers on the event's page answering the question, then opens its room (they wait there). */
async function registerAndWait(browser: Browser, request: APIRequestContext, user: TestUser, eventId: string, answer: string, viewport: { width: number; height: number }): Promise<Joined> {
  const person = await joinRoom(browser, request, user, { eventId, layout: LAYOUT }, { viewport, waitConnected: false });
  const { page } = person;
  // No seat yet: the room sends them to register on the event's page.
  await expect(page.getByTestId('room-ticket-gate')).toBeVisible();
  await page.getByTestId('gate-buy').click();
  await expect(page).toHaveURL(new RegExp(`/preview\\?event=${eventId}`));
  await hydrated(page);
  const questions = page.getByTestId('registration-questions');
  await expect(questions).toContainText(QUESTION);
  await page.getByTestId('register').click();
  // Required: nothing is taken without the answer.
  await expect(questions.getByTestId('answers-problem')).toBeVisible();
  await questions.getByLabel(QUESTION).fill(answer);
  await page.getByTestId('register').click();
  await expect(page.getByTestId('access-holding')).toBeVisible();
  await page.goto(tenantUrl(T, `/${LAYOUT}?event=${eventId}`));
  await hydrated(page);
  await expect(page.getByTestId('waiting-room')).toBeVisible();
  await expect(page.getByTestId('room')).toHaveCount(0);
  return person;
}

test('an organizer prepares a series with a question, a waiting room and a poll; two participants register, wait, vote, react, split into breakouts and come back; the results are in the CSV and on the VOD', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const [orgUser, anaUser, boUser] = await Promise.all([createUser(T, 'walk-org', 'organizer'), createUser(T, 'walk-ana'), createUser(T, 'walk-bo')]);
  const people: Joined[] = [];
  try {
    // The organizer schedules a weekly series of three; the first starts in 2–3 minutes, so its room is open to participants now.
    const dash = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(dash, request, orgUser);
    const dashPage = await dash.newPage();
    const first = DateTime.utc().plus({ minutes: 3 }).startOf('minute');
    const title = `Engagement walk ${testMark()}`;
    await dashPage.goto(tenantUrl(T, '/scheduleEvents'));
    await hydrated(dashPage);
    await field(dashPage, 'title').fill(title);
    await field(dashPage, 'date').fill(first.toFormat('yyyy-MM-dd'));
    await field(dashPage, 'time').fill(first.toFormat('HH:mm'));
    await field(dashPage, 'eventTimeZone').fill('UTC');
    await field(dashPage, 'repeat').selectOption('weekly');
    await field(dashPage, 'count').fill('3');
    await field(dashPage, 'layout').selectOption(LAYOUT);
    await expect(dashPage.getByRole('checkbox', { name: 'Live reactions' })).toBeChecked();
    await dashPage.getByRole('checkbox', { name: 'Hosts admit participants' }).check();
    // A free event with seats takes registrations, and asks the question then.
    await field(dashPage, 'capacity').fill('50');
    const editor = dashPage.getByTestId('questions-editor');
    await editor.getByTestId('question-add').click();
    const row = dashPage.getByTestId('question-row').first();
    await row.getByTestId('question-label-en').fill(QUESTION);
    await row.getByTestId('question-required').check();
    await editor.scrollIntoViewIfNeeded();
    await shot(dashPage, 'form-question');
    await dashPage.getByTestId('event-submit').click();
    await expect(dashPage).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1/);
    await expect(dashPage.getByTestId('series-occurrence')).toHaveText('This event is number 1 of 3 in a series.');
    const eventId = new URL(dashPage.url()).searchParams.get('event')!;
    const event = (await e2eData(T).events.get(eventId))!;
    expect(event).toMatchObject({ hostsAdmit: true, reactions: true, layout: LAYOUT });
    expect(Date.parse(event.eventDateTime)).toBe(first.toMillis());
    const main = event.channelName;

    // On the occurrence's page the organizer prepares the poll.
    const polls = dashPage.getByTestId('polls-dashboard');
    await expect(polls.getByTestId('polls-empty')).toBeVisible();
    await polls.getByTestId('poll-new').click();
    await polls.getByTestId('poll-question').fill(POLL);
    await polls.getByTestId('poll-option-0').fill(OPTIONS[0]!);
    await polls.getByTestId('poll-option-1').fill(OPTIONS[1]!);
    await polls.getByTestId('poll-add-option').click();
    await polls.getByTestId('poll-option-2').fill(OPTIONS[2]!);
    await polls.getByTestId('poll-save').click();
    await expect(polls.getByTestId('poll-card').filter({ hasText: POLL })).toHaveAttribute('data-status', 'draft');
    await polls.scrollIntoViewIfNeeded();
    await shot(dashPage, 'dashboard-poll');
    await dash.close();

    // Two participants register with their answers and wait in the waiting room.
    const ana = await registerAndWait(browser, request, anaUser, eventId, 'Acme Corp', { width: 390, height: 844 });
    people.push(ana);
    await shot(ana.page, 'waiting-390');
    const bo = await registerAndWait(browser, request, boUser, eventId, 'Globex', { width: 1280, height: 900 });
    people.push(bo);

    // The organizer's room: both in the queue, with their answers; the organizer admits everyone waiting.
    const org = await joinRoom(browser, request, orgUser, event, { viewport: { width: 1280, height: 900 }, waitConnected: false });
    people.push(org);
    await connectedTo(org.page, main);
    const queue = org.page.getByTestId('waiting-queue');
    await expect(queue.getByTestId('waiting-queue-count')).toHaveText('2 waiting', { timeout: 15_000 });
    for (const [user, answer] of [
      [anaUser, 'Acme Corp'],
      [boUser, 'Globex'],
    ] as const) {
      const entry = queue.locator(`[data-testid="waiting-entry"][data-user="${user.sub}"]`);
      await expect(entry.getByTestId('waiting-entry-name')).toHaveText(user.name);
      await entry.getByTestId('waiting-answers').locator('summary').click();
      await expect(entry.getByTestId('waiting-answers')).toContainText(`${QUESTION}${answer}`);
    }
    await queue.screenshot({ path: '/tmp/walk-queue.png' });
    await queue.getByTestId('waiting-admit-all').click();
    await expect(queue.getByTestId('waiting-queue-empty')).toBeVisible();
    // Their pages become the room by themselves, connected to the main room's video.
    for (const p of [ana, bo]) {
      await expect(p.page.getByTestId('room')).toBeVisible({ timeout: 15_000 });
      await connectedTo(p.page, main);
      await chatLive(p.page);
    }
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([anaUser.sub, boUser.sub, orgUser.sub].sort());

    // The poll: the recording's timeline begins, the organizer launches it, both vote, the results are shared.
    const recording = await seedRecording(T, orgUser, eventId);
    await expect(pollCard(org.page, POLL)).toHaveAttribute('data-status', 'draft');
    await expect(ana.page.getByTestId('poll-card')).toHaveCount(0);
    await pollCard(org.page, POLL).getByTestId('poll-launch').click();
    for (const [p, choice] of [
      [ana, 0],
      [bo, 1],
    ] as const) {
      const card = pollCard(p.page, POLL);
      await expect(card).toHaveAttribute('data-status', 'live');
      await card.getByTestId(`poll-choice-${choice}`).check();
      await card.getByTestId('poll-vote').click();
      await expect(card.getByTestId('poll-voted')).toBeVisible();
      await expect(card.getByTestId('poll-results-hidden')).toBeVisible();
    }
    await expect(pollCard(org.page, POLL).getByTestId('poll-results')).toHaveAttribute('data-voters', '2');
    await shot(ana.page, 'voted-390');
    // On the phone the live poll keeps its height above the chat; the dock scrolls to a whole, usable composer.
    await expect(ana.page.getByTestId('room-polls')).toBeInViewport();
    const send = ana.page.getByTestId('chat-send').first();
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport({ ratio: 1 });
    await expect(ana.page.getByTestId('chat-input').first()).toBeInViewport({ ratio: 1 });
    await pollCard(org.page, POLL).getByTestId('poll-share').click();
    for (const p of [org, ana, bo]) {
      await expect(pollResult(p.page, POLL, 0)).toHaveAttribute('data-count', '1');
      await expect(pollResult(p.page, POLL, 1)).toHaveAttribute('data-count', '1');
      await expect(pollResult(p.page, POLL, 2)).toHaveAttribute('data-count', '0');
    }
    await shot(bo.page, 'shared-1280');

    // Reactions: one each, and each sees the other's float over the stage.
    await reactionBar(ana.page).getByRole('button', { name: 'React with applause' }).click();
    await expect(floaters(bo.page, '👏').first()).toBeVisible();
    await reactionBar(bo.page).getByRole('button', { name: 'React with a heart' }).click();
    await expect(floaters(ana.page, '❤️').first()).toBeVisible();
    await shot(ana.page, 'reaction-390');
    for (const p of [org, ana, bo]) await expect(p.page.getByTestId('reactions-layer')).toHaveAttribute('data-received', '2');

    // Breakouts: two rooms, split automatically: one participant in each, then everyone back.
    const panel = org.page.getByTestId('breakouts-panel');
    await expect(panel.getByTestId('breakouts-to-split')).toHaveText('2 people in the room now.', { timeout: 15_000 });
    await panel.getByTestId('breakouts-count').fill('2');
    await panel.getByTestId('breakouts-open').click();
    await expect(panel).toHaveAttribute('data-running', 'true', { timeout: 20_000 });
    const places = [];
    for (const p of [ana, bo]) {
      const place = p.page.getByTestId('breakout-place');
      await expect(place).toHaveText(/^You are in Room [12]$/, { timeout: 20_000 });
      const n = (await place.textContent())!.slice(-1);
      await connectedTo(p.page, `${main}-b${n}`);
      places.push(n);
    }
    expect(places.sort()).toEqual(['1', '2']);
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([orgUser.sub]);
    await shot(ana.page, 'breakout-390');
    await panel.screenshot({ path: '/tmp/walk-breakouts-panel.png' });
    await panel.getByTestId('breakouts-end').click();
    for (const p of [ana, bo]) {
      await connectedTo(p.page, main);
      await expect(p.page.getByTestId('breakout-returned')).toHaveText('Everyone is back in the main room.');
    }
    await expect(panel).toHaveAttribute('data-running', 'false');
    await expect.poll(() => roomIdentities(main), { timeout: 20_000 }).toEqual([anaUser.sub, boUser.sub, orgUser.sub].sort());
    await shot(bo.page, 'back-1280');

    // The poll closes; its CSV has both names and choices.
    await pollCard(org.page, POLL).getByTestId('poll-close').click();
    for (const p of [ana, bo]) await expect(pollCard(p.page, POLL)).toHaveAttribute('data-status', 'closed');
    const [download] = await Promise.all([org.page.waitForEvent('download'), pollCard(org.page, POLL).getByTestId('poll-export').click()]);
    const rows = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(rows[0]).toBe('Respondent,Answer,Voted at');
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.startsWith(`${anaUser.name},${OPTIONS[0]},`))).toHaveLength(1);
    expect(rows.filter((r) => r.startsWith(`${boUser.name},${OPTIONS[1]},`))).toHaveLength(1);

    // The recording of the occurrence shows the poll's results where it was launched.
    const pollId = (await pollCard(org.page, POLL).getAttribute('data-poll'))!;
    const poll = await e2eMediaData(T).polls.get(eventId, pollId);
    await recordingStartedAt(T, recording.id, new Date(Date.parse(poll!.launchedAt!) - 1000).toISOString());
    await ana.page.goto(tenantUrl(T, `/eventVod?eventId=${eventId}`));
    await hydrated(ana.page);
    const onVod = ana.page.getByTestId('vod-poll');
    await expect(onVod).toHaveAttribute('data-at', '1');
    await onVod.getByTestId('vod-poll-seek').click();
    await expect(onVod).toHaveAttribute('data-reached', 'true');
    await expect(onVod.getByTestId('poll-result-0')).toHaveAttribute('data-count', '1');
    await expect(onVod.getByTestId('poll-result-1')).toHaveAttribute('data-count', '1');
    await onVod.scrollIntoViewIfNeeded();
    await shot(ana.page, 'vod-390');
    for (const p of people) expect(p.errors).toEqual([]);
  } finally {
    for (const p of people) await p.context.close();
  }
});
