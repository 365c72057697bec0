/**
 * The live rooms: every layout path shows its parts and, with the LiveKit server cut off from the
 * page, the video-unavailable state while the rest of the page works; the gates (lobby before the
 * opening, blocked user, another tenant's event); raise hand → host panel → bring on stage on the
 * test stack's real LiveKit server; end for all. Live media itself: media.spec.ts.
 */
import type { Page } from '@playwright/test';
import { LAYOUTS } from '#app/components/live/room/layouts';
import { ROOM_LAYOUTS, type RoomLayout } from '#app/lib/events/model';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { connected, cutVideoService, roomService } from './media-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

const T = 'aurora';
const UNAVAILABLE = 'Video is unavailable right now: the video service cannot be reached. Chat and the rest of this page keep working.';

/** One organizer per worker: creating users costs a few identity calls each. */
let organizerOnce: Promise<TestUser> | undefined;
const organizer = () => (organizerOnce ??= createUser(T, 'room-org', 'organizer'));

async function openRoom(page: Page, layout: RoomLayout, eventId: string) {
  await page.goto(tenantUrl(T, `/${layout}?event=${eventId}`));
  await hydrated(page);
}

test.describe('every room layout, as the organizer of a live event', () => {
  for (const layout of ROOM_LAYOUTS) {
    test(`/${layout} shows its parts and, with the video service cut off, says video is unavailable`, async ({ page, context, request }) => {
      const org = await organizer();
      await signInContext(context, request, org);
      await cutVideoService(page);
      const event = await seedEvent(T, org, { eventDateTime: minutesFromNow(-1), layout });
      await openRoom(page, layout, event.eventId);
      const spec = LAYOUTS[layout];

      await expect(page.getByTestId('room')).toHaveAttribute('data-layout', layout);
      await expect(page.getByTestId('room-title')).toHaveText(event.title);
      await expect(page.getByTestId('room-role')).toHaveText('Organizer');
      await expect(page.getByTestId('room-status')).toHaveText(/live/i);

      if (spec.stage === 'none') {
        await expect(page.getByTestId('room-stage')).toHaveCount(0);
        await expect(page.getByTestId('video-unavailable')).toHaveCount(0);
      } else {
        await expect(page.getByTestId('room-stage')).toHaveAttribute('data-stage', spec.stage);
        const alert = page.getByTestId('video-unavailable');
        await expect(alert).toBeVisible({ timeout: 15_000 });
        await expect(alert).toContainText(UNAVAILABLE);
        await expect(page.getByTestId('video-retry')).toBeVisible();
      }

      if (spec.tabs) {
        await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Participants' })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Q&A' })).toBeVisible();
        await expect(page.getByTestId('chat-pane')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
        await page.getByRole('tab', { name: 'Participants' }).click();
        await expect(page.getByTestId('host-participants')).toBeVisible();
        await expect(page.getByTestId('host-end')).toBeVisible();
        await page.getByRole('tab', { name: 'Q&A' }).click();
        await expect(page.getByTestId('host-hands')).toBeVisible();
      } else {
        await expect(page.getByTestId('host-panel')).toBeVisible();
        await expect(page.getByTestId('host-hands')).toBeVisible();
        await expect(page.getByTestId('host-end')).toBeVisible();
      }
      // Every layout has a working chat: in its own pane, or in the Chat tab.
      if (spec.chat) await expect(page.getByRole('region', { name: 'Chat' })).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
      await expect(page.getByTestId('chat-pane')).toHaveCount(1);
      await expect(page.getByTestId('restream-note')).toHaveCount(spec.restreamNote ? 1 : 0);
      // The way to the encoder key is the room's one link for this event (ways-in-rooms.spec.ts), not a key-less link in the note.
      if (spec.restreamNote) await expect(page.getByTestId('restream-note').locator('a[href="/rtmpKey"]')).toHaveCount(0);
      await expect(page.getByTestId('settings-link')).toHaveCount(spec.settingsLink ? 1 : 0);
      if (spec.participantsObserve) await expect(page.getByTestId('observers')).toBeVisible();
      // The organizer never gets the audience's raise-hand button.
      await expect(page.getByTestId('raise-hand')).toHaveCount(0);
    });
  }

  test('Retry asks again and, with the service still down, says so again', async ({ page, context, request }) => {
    const org = await organizer();
    await signInContext(context, request, org);
    await cutVideoService(page);
    const event = await seedEvent(T, org, { eventDateTime: minutesFromNow(-1), layout: 'preBuilt' });
    await openRoom(page, 'preBuilt', event.eventId);
    await expect(page.getByTestId('video-unavailable')).toBeVisible({ timeout: 15_000 });
    const token = page.waitForResponse((r) => r.url().endsWith('/api/events/token') && r.request().method() === 'POST');
    await page.getByTestId('video-retry').click();
    expect((await token).status()).toBe(200);
    await expect(page.getByTestId('video-unavailable')).toBeVisible({ timeout: 15_000 });
    // Retry connecting once the service is back: the raise-hand test below.
  });

  test('on a phone the stage comes first and the host tools sit in a Host tab below it, in one column', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const org = await organizer();
    await signInContext(context, request, org);
    await cutVideoService(page);
    const event = await seedEvent(T, org, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
    await openRoom(page, 'ils', event.eventId);
    await expect(page.getByTestId('video-unavailable')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('tab-host').click();
    const hostPanel = page.locator('[data-testid="host-panel"]:visible').first();
    await expect(hostPanel).toBeVisible();
    const stage = await page.getByTestId('room-stage').boundingBox();
    const panel = await hostPanel.boundingBox();
    expect(stage && panel && panel.y >= stage.y + stage.height).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe('room gates', () => {
  test('a participant before the opening is sent to the lobby', async ({ page, context, request }) => {
    const participant = await createUser(T, 'early');
    await signInContext(context, request, participant);
    const event = await seedEvent(T, await organizer(), { eventDateTime: minutesFromNow(20), layout: 'ils' });
    await page.goto(tenantUrl(T, `/ils?event=${event.eventId}`));
    await page.waitForURL(tenantUrl(T, `/ety?event=${event.eventId}`));
  });

  test('a signed-out visitor goes to sign-in and comes back to the room', async ({ page }) => {
    await page.goto(tenantUrl(T, '/lbc?event=abcdefabcdef'));
    await expect(page).toHaveURL(/\/signIn\?redirectTo=%2Flbc%3Fevent%3Dabcdefabcdef$/);
  });

  test('a blocked user is refused with a 403 page', async ({ page, context, request }) => {
    const blocked = await createUser(T, 'blocked');
    await signInContext(context, request, blocked);
    const event = await seedEvent(T, await organizer(), { eventDateTime: minutesFromNow(-1), layout: 'preBuilt' });
    await e2eData(T).events.setUserBlocked(event.eventId, blocked.sub, true);
    const res = await page.goto(tenantUrl(T, `/preBuilt?event=${event.eventId}`));
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You cannot join this event');
    await expect(page.getByTestId('room-blocked')).toBeVisible();
    await expect(page.getByTestId('room-stage')).toHaveCount(0);
  });

  test("another tenant's event id answers 404", async ({ page, context, request }) => {
    const event = await seedEvent(T, await organizer(), { eventDateTime: minutesFromNow(-1), layout: 'ils' });
    const other = await createUser('solana', 'room-other', 'admin');
    await signInContext(context, request, other);
    const res = await page.goto(tenantUrl('solana', `/ils?event=${event.eventId}`));
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('an unknown layout-like path or a malformed id is a 404', async ({ page, context, request }) => {
    await signInContext(context, request, await organizer());
    const res = await page.goto(tenantUrl(T, '/abc?event=NOT-AN-ID'));
    expect(res?.status()).toBe(404);
  });
});

test.describe('raise hand and host controls', () => {
  test('a raised hand reaches the host panel; Bring on stage shows the API answer, then works once the person is connected', async ({ browser, page, context, request }) => {
    // The organizer publishes from the room page; this test runs without fake devices.
    await cutVideoService(page);
    test.setTimeout(90_000);
    const org = await organizer();
    const participant = await createUser(T, 'hand');
    const event = await seedEvent(T, org, { eventDateTime: minutesFromNow(-1), layout: 'ils' });

    // The participant, in a browser context of their own.
    const audienceContext = await browser.newContext();
    const audience = await audienceContext.newPage();
    const audienceErrors: string[] = [];
    audience.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && audienceErrors.push(m.text()));
    await signInContext(audienceContext, request, participant);
    const audienceVideo = await cutVideoService(audience);
    await openRoom(audience, 'ils', event.eventId);
    await expect(audience.getByTestId('room-role')).toHaveText('Participant');
    await expect(audience.getByTestId('video-unavailable')).toBeVisible({ timeout: 15_000 });
    await expect(audience.getByTestId('host-panel')).toHaveCount(0);
    await audience.getByRole('button', { name: 'Raise hand' }).click();
    await expect(audience.getByTestId('hand-status')).toHaveText('Your hand is raised. The hosts can see it.');
    await expect(audience.getByRole('button', { name: 'Lower hand' })).toHaveAttribute('aria-pressed', 'true');

    // The organizer sees the hand at the next poll.
    await signInContext(context, request, org);
    await openRoom(page, 'ils', event.eventId);
    const hand = page.getByTestId('host-hand');
    await expect(hand).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId('host-hands').getByRole('heading')).toHaveText('1 raised hand');

    // Not connected to the video room: the API refuses and the panel shows its message.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/events/room') && r.request().method() === 'POST');
    await hand.getByTestId('host-bring-on-stage').click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    const { message } = (await refused.json()) as { message: string };
    await expect(hand.getByTestId('outcome-error')).toHaveText(message);

    // Once the person is in the room (the video service is back for them), bringing them on stage succeeds.
    audienceVideo.restore();
    await audience.getByTestId('video-retry').click();
    await connected(audience);
    await hand.getByTestId('host-bring-on-stage').click();
    await expect(hand.getByTestId('outcome-success')).toBeVisible();
    await expect(hand.getByText('On stage', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await roomService().getParticipant(event.channelName, participant.sub)).permission?.canPublish).toBe(true);

    // The participant lowers the hand again.
    await audience.getByRole('button', { name: 'Lower hand' }).click();
    await expect(audience.getByTestId('hand-status')).toHaveText('Your hand is lowered.');
    expect(audienceErrors).toEqual([]);
    await audienceContext.close();
  });

  test('End event for all asks first, then the room shows the event is over', async ({ page, context, request }) => {
    const org = await organizer();
    await signInContext(context, request, org);
    // The host controls need no video connection (this test runs without fake devices).
    await cutVideoService(page);
    const event = await seedEvent(T, org, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo' });
    await openRoom(page, 'liveEventsVideo', event.eventId);
    await page.getByTestId('host-end').click();
    const dialog = page.getByTestId('host-end-dialog');
    await expect(dialog).toContainText('Everyone will be removed and the room closes.');
    // Cancelling leaves the event running.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('room-stage')).toBeVisible();

    await page.getByTestId('host-end').click();
    await page.getByTestId('host-end-confirm').click();
    await expect(page.getByTestId('room-ended')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This event is over');

    // A later visit says the same, straight from the server.
    await page.reload();
    await expect(page.getByTestId('room-ended')).toBeVisible();
  });
});
