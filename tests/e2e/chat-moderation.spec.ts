/**
 * Chat moderation in the browser (an event with moderateChat): a participant's message waits for
 * approval (its author sees it waiting, other participants do not see it, the organizer has it in
 * the queue) → approved → everyone sees it; a deleted message disappears for everyone; a blocked
 * participant's chat says so and a reload is refused; unblocked, they come back.
 */
import type { RoomLayout } from '#app/lib/events/model';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { createUser, hydrated } from './session-helpers';
import { enter, leave, log, messageWith, pane, say } from './chat-helpers';

const T = 'aurora';
const LAYOUT: RoomLayout = 'hybridVideoChat';

test('a participant’s message waits for approval, is approved for everyone, and a deleted one disappears', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, aUser, bUser] = await Promise.all([createUser(T, 'mod-org', 'organizer'), createUser(T, 'mod-a'), createUser(T, 'mod-b')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: LAYOUT, moderateChat: true });
  const org = await enter(browser, request, orgUser, T, LAYOUT, event.eventId);
  const a = await enter(browser, request, aUser, T, LAYOUT, event.eventId);
  const b = await enter(browser, request, bUser, T, LAYOUT, event.eventId);
  await expect(pane(a.page).getByTestId('chat-moderated')).toBeVisible();

  // The organizer's own messages never wait.
  await say(org.page, 'Host message, shown at once');
  await expect(messageWith(a.page, 'Host message, shown at once')).toBeVisible();

  await say(a.page, 'Please approve me');
  const mine = messageWith(a.page, 'Please approve me');
  await expect(mine).toHaveAttribute('data-status', 'pending');
  await expect(mine.getByTestId('chat-pending')).toHaveText('Waiting for approval');

  await expect(pane(org.page).getByTestId('chat-queue-count')).toHaveText('1');
  await pane(org.page).getByTestId('chat-view-moderation').click();
  const queued = pane(org.page).getByTestId('chat-queue').getByTestId('chat-message').filter({ hasText: 'Please approve me' });
  await expect(queued).toBeVisible();
  // Another participant does not see it: their own later message (waiting too) is there, A's is not.
  await say(b.page, 'Participant B was here');
  await expect(log(b.page)).not.toContainText('Please approve me');
  await expect(pane(org.page).getByTestId('chat-queue-count')).toHaveText('2');

  await queued.getByTestId('chat-approve').click();
  await expect(queued).toHaveCount(0);
  await expect(pane(org.page).getByTestId('chat-queue-count')).toHaveText('1');
  await expect(messageWith(b.page, 'Please approve me')).toHaveAttribute('data-status', 'approved');
  await expect(messageWith(a.page, 'Please approve me')).toHaveCount(1);
  await expect(messageWith(a.page, 'Please approve me')).toHaveAttribute('data-status', 'approved');

  // Delete (confirmed) → gone for everyone.
  await pane(org.page).getByTestId('chat-view-messages').click();
  await messageWith(org.page, 'Please approve me').getByTestId('chat-more').click();
  await org.page.getByTestId('chat-delete').click();
  await org.page.getByTestId('chat-delete-dialog-confirm').click();
  for (const p of [org, a, b]) await expect(messageWith(p.page, 'Please approve me')).toHaveCount(0);
  await expect(messageWith(b.page, 'Host message, shown at once')).toHaveCount(1);

  await leave(org, a, b);
});

test('a blocked participant is told so and refused on reload; unblocked, they can come back', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, aUser] = await Promise.all([createUser(T, 'blk-org', 'organizer'), createUser(T, 'blk-a')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: LAYOUT, moderateChat: true });
  const org = await enter(browser, request, orgUser, T, LAYOUT, event.eventId);
  const a = await enter(browser, request, aUser, T, LAYOUT, event.eventId);

  await say(a.page, 'Something rude');
  await pane(org.page).getByTestId('chat-view-moderation').click();
  const queued = pane(org.page).getByTestId('chat-queue').getByTestId('chat-message').filter({ hasText: 'Something rude' });
  await queued.getByTestId('chat-queue-block').click();
  await org.page.getByTestId('chat-block-dialog-confirm').click();

  const fatal = pane(a.page).getByTestId('chat-fatal');
  await expect(fatal).toHaveAttribute('data-reason', 'blocked');
  await expect(fatal).toContainText('You have been blocked from this chat.');
  await expect(pane(a.page).getByTestId('chat-input')).toHaveCount(0);

  const blockedRow = pane(org.page).getByTestId('chat-blocked-person');
  await expect(blockedRow).toHaveCount(1);
  await expect(blockedRow).toHaveAttribute('data-user', aUser.sub);

  // A reload is refused: the room itself says the person is blocked.
  const reload = await a.page.reload();
  expect(reload?.status()).toBe(403);
  await expect(a.page.getByTestId('room-blocked')).toBeVisible();

  await blockedRow.getByTestId('chat-unblock').click();
  await expect(pane(org.page).getByTestId('chat-blocked-empty')).toBeVisible();
  const back = await a.page.reload();
  expect(back?.status()).toBe(200);
  await hydrated(a.page);
  await expect(pane(a.page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  await say(a.page, 'Sorry, I am back');
  await expect(messageWith(a.page, 'Sorry, I am back')).toHaveAttribute('data-status', 'pending');

  await leave(org, a);
});
