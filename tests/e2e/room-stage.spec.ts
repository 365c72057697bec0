/**
 * The room is a stage, not a page (issue 12, part 3): every layout fills the viewport with a slim
 * bar instead of the site header and footer, the document never scrolls, and the chat composer's
 * input and Send are fully on screen at phone, tablet, laptop and wide sizes, for the organizer and
 * for a participant; private messages raise a toast and a tab badge wherever the reader is;
 * questions take one upvote per person and the Q&A sorts by them (answered/open filter kept); like
 * counts are hidden at zero; only http(s) links are links; controls work from the keyboard.
 */
import type { Page } from '@playwright/test';
import { ROOM_LAYOUTS } from '#app/lib/events/model';
import { enter, leave, log, messageWith, pane, say } from './chat-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { createUser, type TestUser } from './session-helpers';

const T = 'aurora';
const SIZES = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

let organizerOnce: Promise<TestUser> | undefined;
const organizer = () => (organizerOnce ??= createUser(T, 'stage-org', 'organizer'));
const displayName = (user: TestUser) => user.name;

/** The room at this size: no site chrome, no document scroll, the composer's input and Send wholly in view (soft: every miss is reported). */
async function expectStageAt(page: Page, size: { width: number; height: number }, label: string) {
  await page.setViewportSize(size);
  await expect.soft(page.getByTestId('room-bar')).toBeVisible();
  await expect.soft(page.getByTestId('room-bar').getByRole('img')).toBeVisible();
  await expect.soft(page.getByTestId('room-leave')).toBeInViewport({ ratio: 1 });
  await expect.soft(page.getByTestId('top-menu')).toHaveCount(0);
  await expect.soft(page.getByRole('contentinfo')).toHaveCount(0);
  const composer = pane(page).getByTestId('chat-composer');
  await expect.soft(composer.getByTestId('chat-input'), `${label}: input`).toBeInViewport({ ratio: 1 });
  await expect.soft(composer.getByTestId('chat-send'), `${label}: Send`).toBeInViewport({ ratio: 1 });
  const scroll = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth, ih: window.innerHeight, iw: window.innerWidth }));
  expect.soft(scroll.h, `${label}: the document does not scroll`).toBeLessThanOrEqual(scroll.ih);
  expect.soft(scroll.w, `${label}: nothing sticks out sideways`).toBeLessThanOrEqual(scroll.iw);
}

test.describe('every layout is a full-viewport stage', () => {
  for (const layout of ROOM_LAYOUTS) {
    test(`/${layout}: slim bar, no site header or footer, composer in view at every size`, async ({ browser, request }, testInfo) => {
      test.setTimeout(120_000);
      const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'stage-par')]);
      const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout });
      const org = await enter(browser, request, orgUser, T, layout, event.eventId);
      const par = await enter(browser, request, parUser, T, layout, event.eventId);
      await expect(org.page.getByTestId('room-title')).toHaveText(event.title);
      await expect(org.page.getByTestId('room-status')).toHaveText(/live/i);
      for (const [who, person] of [
        ['organizer', org],
        ['participant', par],
      ] as const) {
        for (const size of SIZES) {
          await expectStageAt(person.page, size, `${who} ${size.width}×${size.height}`);
          if (layout === 'liveEventsContainer' || layout === 'ils' || layout === 'liveEventsChat') {
            await person.page.screenshot({ path: testInfo.outputPath(`${layout}-${who}-${size.width}x${size.height}.png`) });
          }
        }
      }
      // Writing works where the composer sits: both sides see the message.
      await par.page.setViewportSize(SIZES[0]);
      await say(par.page, `Hello from a phone in ${layout}`);
      await expect(messageWith(org.page, `Hello from a phone in ${layout}`)).toBeVisible();
      await leave(org, par);
    });
  }
});

test('a private message alerts from another tab: toast and badge, Open shows the conversation (/liveEventsContainer)', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'stage-pm')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId, { width: 375, height: 812 });

  // The organizer is looking at the Participants tab, away from the chat.
  await org.page.getByRole('tab', { name: 'Participants' }).click();
  await expect(org.page.getByTestId('host-participants')).toBeVisible();

  await pane(par.page).getByTestId('chat-view-private').click();
  await pane(par.page).getByTestId('chat-private-person').filter({ hasText: 'Organizer' }).first().click();
  const composer = pane(par.page).getByTestId('chat-private-composer');
  await composer.getByTestId('chat-input').fill('Is there a recording?');
  await composer.getByTestId('chat-input').press('Enter');
  await expect(pane(par.page).getByTestId('chat-private-log').getByTestId('chat-message').filter({ hasText: 'Is there a recording?' })).toBeVisible();

  const toast = org.page.getByTestId('private-toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(`Private message from ${displayName(parUser)}`);
  await expect(toast).toContainText('Is there a recording?');
  await expect(org.page.getByRole('region', { name: 'Private message alerts' })).toBeVisible();
  await expect(org.page.getByTestId('tab-chat-unread')).toHaveText('1');
  await expect(org.page.getByTestId('tab-chat-unread')).toHaveAccessibleName('1 unread private message');
  await org.page.screenshot({ path: testInfo.outputPath('private-toast.png') });

  // Keyboard: the toast's Open is a labelled button that works with Enter.
  const open = toast.getByRole('button', { name: 'Open conversation' });
  await open.focus();
  await org.page.keyboard.press('Enter');
  await expect(org.page.getByRole('tab', { name: /Chat/ })).toHaveAttribute('aria-selected', 'true');
  const conversation = pane(org.page).getByTestId('chat-private-conversation');
  await expect(conversation).toHaveAttribute('data-with', parUser.sub);
  await expect(conversation.getByTestId('chat-message').filter({ hasText: 'Is there a recording?' })).toBeVisible();
  // The focus lands where the answer is written, not on the vanished toast.
  await expect(org.page.getByTestId('chat-private-composer').getByTestId('chat-input')).toBeFocused();
  await expect(org.page.getByTestId('private-toast')).toHaveCount(0);
  await expect(org.page.getByTestId('tab-chat-unread')).toHaveCount(0);

  // With the conversation open and on screen, the next message raises no toast.
  await composer.getByTestId('chat-input').fill('Thanks!');
  await composer.getByTestId('chat-input').press('Enter');
  const thanks = conversation.getByTestId('chat-message').filter({ hasText: 'Thanks!' });
  await expect(thanks).toBeVisible();
  const thanksId = await thanks.getAttribute('data-msg-id');
  await expect(org.page.getByTestId('private-alerts')).toHaveAttribute('data-settled', thanksId!);
  await expect(org.page.getByTestId('private-toast')).toHaveCount(0);
  await leave(org, par);
});

test('in a layout without tabs the toast shows over the public chat and Dismiss closes it (/ils)', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'stage-pm2')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
  const org = await enter(browser, request, orgUser, T, 'ils', event.eventId, { width: 375, height: 812 });
  const par = await enter(browser, request, parUser, T, 'ils', event.eventId);
  await pane(par.page).getByTestId('chat-view-private').click();
  await pane(par.page).getByTestId('chat-private-person').filter({ hasText: 'Organizer' }).first().click();
  const input = pane(par.page).getByTestId('chat-private-composer').getByTestId('chat-input');
  await input.fill('Psst, a private note');
  await input.press('Enter');
  const toast = org.page.getByTestId('private-toast');
  await expect(toast).toContainText('Psst, a private note');
  await expect(toast).toBeInViewport({ ratio: 1 });
  await expect(pane(org.page).getByTestId('chat-unread-total')).toHaveText('1');
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
  // Dismissed, not read: the badge stays until the conversation is opened.
  await expect(pane(org.page).getByTestId('chat-unread-total')).toHaveText('1');
  await leave(org, par);
});

test('questions take one upvote per person, toggled, and the Q&A sorts by votes with the open/answered filter kept', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const [orgUser, aUser, bUser] = await Promise.all([organizer(), createUser(T, 'stage-qa-a'), createUser(T, 'stage-qa-b')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'hybridVideoChat' });
  const org = await enter(browser, request, orgUser, T, 'hybridVideoChat', event.eventId);
  const a = await enter(browser, request, aUser, T, 'hybridVideoChat', event.eventId);
  const b = await enter(browser, request, bUser, T, 'hybridVideoChat', event.eventId, { width: 375, height: 812 });

  for (const text of ['First question, fewer votes', 'Second question, more votes']) {
    await pane(a.page).getByTestId('chat-ask').click();
    await say(a.page, text);
  }
  const questionsOf = async (page: Page) => {
    await pane(page).getByTestId('chat-view-questions').click();
    return pane(page).getByTestId('chat-question');
  };
  const bQuestions = await questionsOf(b.page);
  await expect(bQuestions).toHaveCount(2);
  await expect(bQuestions.first()).toContainText('First question');
  const second = (page: Page) => pane(page).getByTestId('chat-question').filter({ hasText: 'Second question' });

  // B votes from the keyboard; the count and pressed state follow, and the list reorders everywhere.
  const bVote = second(b.page).getByTestId('chat-question-vote');
  await expect(bVote).toHaveAccessibleName('Upvote (0 votes)');
  await expect(bVote).toHaveAttribute('aria-pressed', 'false');
  await bVote.focus();
  await b.page.keyboard.press('Enter');
  await expect(bVote).toHaveAttribute('aria-pressed', 'true');
  await expect(second(b.page).getByTestId('chat-question-votes')).toHaveText('1');
  await expect(bQuestions.first()).toContainText('Second question');
  const orgQuestions = await questionsOf(org.page);
  await expect(orgQuestions.first()).toContainText('Second question');
  await expect(second(org.page).getByTestId('chat-question-votes')).toHaveText('1');

  // The organizer's vote counts too; pressing again takes it back; B's stays.
  await second(org.page).getByTestId('chat-question-vote').click();
  await expect(second(b.page).getByTestId('chat-question-votes')).toHaveText('2');
  await b.page.screenshot({ path: testInfo.outputPath('questions-by-votes.png') });
  await second(org.page).getByTestId('chat-question-vote').click();
  await expect(second(org.page).getByTestId('chat-question-vote')).toHaveAttribute('aria-pressed', 'false');
  await expect(second(b.page).getByTestId('chat-question-votes')).toHaveText('1');

  // A reload keeps B's own vote and the order.
  await b.page.reload();
  await expect(pane(b.page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  const again = await questionsOf(b.page);
  await expect(again.first()).toContainText('Second question');
  await expect(second(b.page).getByTestId('chat-question-vote')).toHaveAttribute('aria-pressed', 'true');

  // The filter still works and keeps the vote order: answer the top question, Open shows the other.
  await second(org.page).getByTestId('chat-mark-answered').click();
  await expect(second(org.page).getByTestId('chat-question-state')).toHaveText('Answered');
  await pane(b.page).getByTestId('chat-questions-open').click();
  await expect(again).toHaveCount(1);
  await expect(again.first()).toContainText('First question');
  await pane(b.page).getByTestId('chat-questions-answered').click();
  await expect(again).toHaveCount(1);
  await expect(again.first()).toContainText('Second question');
  await leave(org, a, b);
});

test('like counts are hidden at zero, and only http(s) text becomes a safe link', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'stage-like')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'lbc' });
  const org = await enter(browser, request, orgUser, T, 'lbc', event.eventId);
  const par = await enter(browser, request, parUser, T, 'lbc', event.eventId);
  await say(org.page, 'Agenda http://example.com/agenda javascript:alert(1) data:text/html,x');
  const message = messageWith(par.page, 'Agenda');
  await expect(message.getByTestId('chat-like-count')).toHaveCount(0);
  await expect(message.getByTestId('chat-like')).toHaveAccessibleName('Like');
  const links = message.getByTestId('chat-text').getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute('href', 'http://example.com/agenda');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  await message.getByTestId('chat-like').click();
  await expect(messageWith(org.page, 'Agenda').getByTestId('chat-like-count')).toHaveText('1');
  await message.getByTestId('chat-like').click();
  await expect(message.getByTestId('chat-like')).toHaveAttribute('aria-pressed', 'false');
  await expect(messageWith(org.page, 'Agenda').getByTestId('chat-like-count')).toHaveCount(0);
  await expect(log(org.page)).toContainText('Agenda');

  // A long conversation scrolls inside the message list; the composer stays where it is.
  for (let i = 1; i <= 6; i++) await say(org.page, `Line ${i}: ${'a fairly long sentence that wraps over more than one line in the chat column '.repeat(2)}`);
  await expect(messageWith(par.page, 'Line 6:')).toBeVisible();
  await expectStageAt(par.page, { width: 1280, height: 800 }, 'participant after a long conversation');
  await expectStageAt(par.page, { width: 375, height: 812 }, 'participant on a phone after a long conversation');
  await leave(org, par);
});
