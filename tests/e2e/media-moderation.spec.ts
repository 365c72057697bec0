/**
 * Moderation and presence against the test stack's real LiveKit server (issue 12, part 2, bullets
 * 3, 4 and 6), in Chromium with a fake camera and microphone, each person in a browser context of
 * their own. One event carries the whole story, step by step (the steps share the people, so they
 * run in order): who is connected (video and chat only), raise hand → on stage → publishing → host
 * mute → sent back, remove, remove and block, end for all. A second event shows room expiry.
 */
import type { Browser, APIRequestContext } from '@playwright/test';
import { ROOM_EXPIRY_SWEEP_SECONDS_E2E } from './stack';
import { EXPIRATION_GRACE_MINUTES, type EventRecord } from '#app/lib/events/model';
import { e2eData, eventInput, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { MEDIA_BROWSER, connected, expectRemoteVideoPlaying, joinRoom, publishedTracks, remoteVideo, roomIdentities, type Joined } from './media-helpers';
import {
  attendanceActions,
  hostAction,
  hostParticipants,
  hostRow,
  joinChatOnly,
  ownToggle,
  remoteCameraTile,
  requestToken,
  shownName,
  unexpectedErrors,
} from './media-moderation-helpers';
import { createUser, type TestUser } from './session-helpers';

const T = 'aurora';
// A broadcast layout with raised hands: the audience publishes only once a host brings them on stage.
const LAYOUT = 'ils' as const;

test.use(MEDIA_BROWSER);

test.describe.serial('moderation and presence on the real LiveKit server', () => {
  let org: TestUser, member: TestUser, chatter: TestUser;
  let event: EventRecord;
  let host: Joined, audience: Joined, chatOnly: Joined & { video: () => Promise<void> };

  const rejoin = async (browser: Browser, request: APIRequestContext) => {
    await audience.context.close();
    audience = await joinRoom(browser, request, member, event);
  };

  test.beforeAll(async () => {
    [org, member, chatter] = await Promise.all([createUser(T, 'mod-org', 'organizer'), createUser(T, 'mod-member'), createUser(T, 'mod-chat')]);
    event = await seedEvent(T, org, { eventDateTime: new Date(Date.now() - 60_000).toISOString(), layout: LAYOUT });
  });
  test.afterAll(async () => {
    await Promise.all([host, audience, chatOnly].map((j) => j?.context.close()));
  });

  test('the hosts see who is connected: video from the room service, chat-only people marked; attendance from webhooks', async ({ browser, request }) => {
    test.setTimeout(60_000);
    host = await joinRoom(browser, request, org, event);
    audience = await joinRoom(browser, request, member, event);
    chatOnly = await joinChatOnly(browser, request, chatter, event);
    await expect.poll(() => roomIdentities(event.channelName), { timeout: 15_000 }).toEqual([org.sub, member.sub].sort());
    // Everyone's room page holds a chat socket: all three are in the chat.
    await expect.poll(async () => (await e2eData(T).attendance.inChat(event.eventId)).map((p) => p.identity).sort(), { timeout: 15_000 }).toEqual([org.sub, member.sub, chatter.sub].sort());

    const list = hostParticipants(host.page);
    await expect(list.getByRole('heading')).toHaveText('3 people connected', { timeout: 15_000 });
    await expect(hostRow(host.page, member)).not.toContainText('Chat only');
    await expect(hostRow(host.page, chatter)).toContainText('Chat only');
    await expect(hostRow(host.page, org)).toContainText('Organizer');

    // participant_joined webhooks from the real server, recorded as attendance.
    await expect.poll(() => attendanceActions(T, event.eventId, member), { timeout: 15_000 }).toEqual(['joined']);
    await expect.poll(() => attendanceActions(T, event.eventId, org), { timeout: 15_000 }).toEqual(['joined']);
    expect(await attendanceActions(T, event.eventId, chatter)).toEqual([]);
  });

  test('raise hand → brought on stage → publishes, the organizer sees it; host mute mutes it on both sides; sent back → unpublished', async () => {
    test.setTimeout(90_000);
    await audience.page.getByRole('button', { name: 'Raise hand' }).click();
    await expect(audience.page.getByTestId('hand-status')).toHaveText('Your hand is raised. The hosts can see it.');
    // Before the stage, nothing of theirs reaches the organizer, and they have no publish controls.
    await expect(ownToggle(audience.page, 'camera')).toHaveCount(0);
    expect((await remoteVideo(host.page)).count).toBe(0);

    const hand = host.page.getByTestId('host-hand').filter({ hasText: shownName(member) });
    await expect(hand).toHaveCount(1, { timeout: 15_000 });
    await hostAction(host.page, hand, 'Bring on stage');
    await expect(hand.getByText('On stage', { exact: true })).toBeVisible({ timeout: 15_000 });

    // The new permission reaches the participant's room: the controls appear; they turn camera and microphone on.
    await ownToggle(audience.page, 'camera').click({ timeout: 15_000 });
    await ownToggle(audience.page, 'microphone').click();
    await expect(ownToggle(audience.page, 'camera')).toHaveAttribute('data-lk-enabled', 'true', { timeout: 15_000 });
    await expect(ownToggle(audience.page, 'microphone')).toHaveAttribute('data-lk-enabled', 'true', { timeout: 15_000 });
    await expect.poll(async () => (await publishedTracks(event.channelName, member.sub)).length, { timeout: 15_000 }).toBe(2);
    await expectRemoteVideoPlaying(host.page);

    // Host mute: the server mutes both tracks, the organizer's copy reports muted, the participant's own UI says so.
    await hostAction(host.page, hostRow(host.page, member), 'Mute');
    await expect.poll(async () => (await publishedTracks(event.channelName, member.sub)).map((t) => t.muted), { timeout: 15_000 }).toEqual([true, true]);
    await expect(remoteCameraTile(host.page)).toHaveAttribute('data-lk-video-muted', 'true', { timeout: 15_000 });
    await expect(remoteCameraTile(host.page)).toHaveAttribute('data-lk-audio-muted', 'true');
    await expect(ownToggle(audience.page, 'microphone')).toHaveAttribute('data-lk-enabled', 'false', { timeout: 15_000 });
    await expect(ownToggle(audience.page, 'microphone')).toHaveAttribute('aria-pressed', 'false');
    await expect(ownToggle(audience.page, 'camera')).toHaveAttribute('data-lk-enabled', 'false');

    // Sent back: the server unpublishes them, the organizer no longer has their track, the controls go.
    await hostAction(host.page, hand, 'Send back');
    await expect.poll(async () => (await publishedTracks(event.channelName, member.sub)).length, { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await remoteVideo(host.page)).count, { timeout: 15_000 }).toBe(0);
    await expect(ownToggle(audience.page, 'camera')).toHaveCount(0);
  });

  test('remove disconnects with a clear message; the person may come back', async ({ browser, request }) => {
    test.setTimeout(60_000);
    await hostAction(host.page, hostRow(host.page, member), 'Remove');
    await expect(audience.page.getByTestId('room-removed')).toBeVisible({ timeout: 15_000 });
    await expect(audience.page.getByRole('heading', { level: 1 })).toHaveText('You were removed from this event');
    await expect(audience.page.getByTestId('room-removed')).toContainText('A host removed you from the room.');
    await expect.poll(() => roomIdentities(event.channelName), { timeout: 15_000 }).toEqual([org.sub]);
    // participant_left, from the server's webhook.
    await expect.poll(() => attendanceActions(T, event.eventId, member), { timeout: 15_000 }).toEqual(['joined', 'left']);
    expect(unexpectedErrors(audience.errors)).toEqual([]);

    await rejoin(browser, request);
    await expect.poll(() => roomIdentities(event.channelName), { timeout: 15_000 }).toEqual([org.sub, member.sub].sort());
  });

  test('remove and block disconnects; the person cannot rejoin: the room page says blocked, the token route refuses', async () => {
    test.setTimeout(60_000);
    const row = hostRow(host.page, member);
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await row.getByTestId('host-block').click();
    const answer = host.page.waitForResponse((r) => r.url().endsWith('/api/events/room') && r.request().method() === 'POST');
    await host.page.getByTestId('host-block-confirm').click();
    expect((await answer).status()).toBe(200);
    await expect(audience.page.getByTestId('room-removed')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => roomIdentities(event.channelName), { timeout: 15_000 }).toEqual([org.sub]);

    const res = await audience.page.reload();
    expect(res?.status()).toBe(403);
    await expect(audience.page.getByTestId('room-blocked')).toBeVisible();
    await expect(audience.page.getByRole('heading', { level: 1 })).toHaveText('You cannot join this event');
    expect(await requestToken(audience.page, event.eventId)).toEqual({ status: 403, error: 'blocked' });
  });

  test('a chat-only person who connects to video leaves the chat-only mark; end for all disconnects everyone with the ended message', async () => {
    test.setTimeout(90_000);
    await chatOnly.video();
    await chatOnly.page.getByTestId('video-retry').click();
    await connected(chatOnly.page);
    await expect(hostRow(host.page, chatter)).not.toContainText('Chat only', { timeout: 15_000 });
    await expect(hostParticipants(host.page).getByRole('heading')).toHaveText('2 people connected');

    await host.page.getByTestId('host-end').click();
    await host.page.getByTestId('host-end-confirm').click();
    for (const page of [host.page, chatOnly.page]) {
      await expect(page.getByTestId('room-ended')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This event is over');
    }
    await expect.poll(() => roomIdentities(event.channelName), { timeout: 15_000 }).toEqual([]);
    expect(unexpectedErrors(host.errors)).toEqual([]);
    expect(unexpectedErrors(chatOnly.errors)).toEqual([]);
  });
});

test('room expiry ejects: when the event expires the sweeper closes the room and the people in it see it is over', async ({ browser, request }) => {
  test.setTimeout(45_000 + ROOM_EXPIRY_SWEEP_SECONDS_E2E * 2_000);
  const org = await createUser(T, 'expiry-org', 'organizer');
  const layout = 'liveEventsVideo' as const;
  // In its overrun time (past the scheduled end, before expiry), so the room is open.
  const startingAt = (expiresAt: number) => new Date(expiresAt - (15 + EXPIRATION_GRACE_MINUTES) * 60_000).toISOString();
  const fields = { eventDuration: 15, layout };
  const event = await seedEvent(T, org, { ...fields, eventDateTime: startingAt(Date.now() + 10 * 60_000) });
  const host = await joinRoom(browser, request, org, event);

  // The organizer moves the schedule so that the event expires a few seconds from now.
  const expiresAt = Date.now() + 3_000;
  await e2eData(T).events.update(event.eventId, eventInput({ ...fields, title: event.title, eventDateTime: startingAt(expiresAt) }));
  await expect(host.page.getByTestId('room-ended')).toBeVisible({ timeout: 10_000 + ROOM_EXPIRY_SWEEP_SECONDS_E2E * 1_500 });
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  await expect.poll(() => roomIdentities(event.channelName), { timeout: 10_000 }).toEqual([]);
  expect(unexpectedErrors(host.errors)).toEqual([]);
  await host.context.close();
});
