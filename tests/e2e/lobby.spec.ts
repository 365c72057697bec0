/**
 * The lobby (/ety): role, countdown on server time, Join enabling by itself at the opening time
 * (participants at start − 5 min, hosts at start − 30 min), refusals and closed events, tenant isolation.
 */
import { e2eData, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

const T = 'aurora';
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const MIN = 60_000;

test.describe('lobby /ety', () => {
  test('a signed-out visitor goes to sign-in and is sent back to the lobby', async ({ page }) => {
    await page.goto(tenantUrl(T, '/ety?event=abcdefabcdef'));
    await expect(page).toHaveURL(/\/signIn\?redirectTo=%2Fety%3Fevent%3Dabcdefabcdef$/);
  });

  test('a participant sees the countdown and a disabled Join, which enables itself when the room opens (fake clock)', async ({ page, context, request }) => {
    const [organizer, participant] = await Promise.all([createUser(T, 'lobby-org', 'organizer'), createUser(T, 'lobby-part')]);
    await signInContext(context, request, participant);
    await page.clock.install({ time: new Date() });
    // Opens for participants 5 minutes before the start: here about 45 seconds from now.
    const event = await seedEvent(T, organizer, { eventDateTime: at(5 * MIN + 45_000) });
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await hydrated(page);

    await expect(page.getByTestId('lobby-title')).toHaveText(event.title);
    await expect(page.getByTestId('lobby-role')).toHaveText('You are a participant');
    await expect(page.getByTestId('lobby-rule')).toHaveText('The room opens for participants 5 minutes before the start.');
    const countdown = page.getByTestId('lobby-countdown');
    await expect(countdown).toHaveText(/^The room opens in 0:[0-4]\d$/);
    await expect(countdown).toHaveAttribute('role', 'timer');
    const join = page.getByTestId('lobby-join');
    await expect(join).toBeDisabled();

    // The countdown ticks every second.
    const before = await countdown.textContent();
    await page.clock.runFor(2_000);
    await expect(countdown).not.toHaveText(before ?? '');
    await expect(join).toBeDisabled();

    // Past the opening, Join turns on without a reload.
    await page.clock.fastForward(60_000);
    await expect(page.getByTestId('lobby-open')).toHaveText('The room is open.');
    await expect(countdown).toHaveCount(0);
    await expect(join).toBeEnabled();
    await expect(join).toHaveAttribute('href', `/liveEventsContainer?event=${event.eventId}`);
    await expect(page.getByRole('status').filter({ hasText: 'The room is open. You can join now.' })).toBeAttached();
  });

  test('the server gate: Join enables at start − 5 min on real time and leads into the room', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const [organizer, participant] = await Promise.all([createUser(T, 'gate-org', 'organizer'), createUser(T, 'gate-part')]);
    await signInContext(context, request, participant);
    const event = await seedEvent(T, organizer, { eventDateTime: at(5 * MIN + 8_000), layout: 'preBuilt' });
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await hydrated(page);
    const join = page.getByTestId('lobby-join');
    await expect(page.getByTestId('lobby-countdown')).toBeVisible();
    await expect(join).toBeDisabled();
    await expect(join).toBeEnabled({ timeout: 30_000 });
    await join.click();
    await page.waitForURL(tenantUrl(T, `/preBuilt?event=${event.eventId}`));
  });

  test('a host sees the room open 25 minutes before the start; the lobby shows the start time', async ({ page, context, request }) => {
    const [organizer, host] = await Promise.all([createUser(T, 'host-org', 'organizer'), createUser(T, 'host')]);
    const event = await seedEvent(T, organizer, { eventDateTime: at(25 * MIN), hosts: [host.username.toUpperCase()] });
    await signInContext(context, request, host);
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('lobby-role')).toHaveText('You are a host');
    await expect(page.getByTestId('lobby-rule')).toHaveText('The organizer and hosts can enter the room 30 minutes before the start.');
    await expect(page.getByTestId('lobby-open')).toBeVisible();
    await expect(page.getByTestId('lobby-join')).toHaveAttribute('href', `/liveEventsContainer?event=${event.eventId}`);
    await expect(page.getByTestId('lobby-start').locator('time')).toHaveAttribute('datetime', event.eventDateTime);
    // The device check waits for a click: no permission prompt on arrival.
    await expect(page.getByTestId('device-start')).toBeVisible();
  });

  test('a participant of the same event still waits at start − 25 min', async ({ page, context, request }) => {
    const [organizer, participant] = await Promise.all([createUser(T, 'wait-org', 'organizer'), createUser(T, 'wait-part')]);
    const event = await seedEvent(T, organizer, { eventDateTime: at(25 * MIN) });
    await signInContext(context, request, participant);
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await expect(page.getByTestId('lobby-countdown')).toHaveText(/^The room opens in 19:[0-5]\d$/);
    await expect(page.getByTestId('lobby-join')).toBeDisabled();
  });

  test('a blocked user is refused: no Join and no device check', async ({ page, context, request }) => {
    const [organizer, blocked] = await Promise.all([createUser(T, 'block-org', 'organizer'), createUser(T, 'blocked')]);
    const event = await seedEvent(T, organizer, { eventDateTime: at(-MIN) });
    await e2eData(T).events.setUserBlocked(event.eventId, blocked.sub, true);
    await signInContext(context, request, blocked);
    const response = await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId('lobby-blocked')).toContainText('You cannot join this event');
    await expect(page.getByTestId('lobby-join')).toHaveCount(0);
    await expect(page.getByTestId('device-check')).toHaveCount(0);
    await expect(page.getByTestId('device-check-loading')).toHaveCount(0);
  });

  test('cancelled and ended events show a clear state with a way back to the listing', async ({ page, context, request }) => {
    const [organizer, participant] = await Promise.all([createUser(T, 'closed-org', 'organizer'), createUser(T, 'closed-part')]);
    const [cancelled, ended] = await Promise.all([
      seedEvent(T, organizer, { eventDateTime: at(60 * MIN) }),
      seedEvent(T, organizer, { eventDateTime: at(-10 * MIN) }),
    ]);
    await e2eData(T).events.cancel(cancelled.eventId);
    await e2eData(T).events.endNow(ended.eventId);
    await signInContext(context, request, participant);

    await page.goto(tenantUrl(T, `/ety?event=${cancelled.eventId}`));
    await expect(page.getByTestId('lobby-cancelled')).toContainText('This event was cancelled');
    await expect(page.getByTestId('lobby-cancelled').getByRole('link', { name: 'See live and upcoming events' })).toHaveAttribute('href', '/liveEvents');
    await expect(page.getByTestId('lobby-join')).toHaveCount(0);

    await page.goto(tenantUrl(T, `/ety?event=${ended.eventId}`));
    await expect(page.getByTestId('lobby-ended').or(page.getByTestId('lobby-expired'))).toBeVisible();
    await expect(page.getByTestId('lobby-join')).toHaveCount(0);
  });

  test("another tenant's event id and an unknown id answer the branded 404", async ({ page, context, request }) => {
    const organizer = await createUser(T, 'iso-org', 'organizer');
    const event = await seedEvent(T, organizer, { eventDateTime: at(-MIN) });
    const visitor = await createUser('solana', 'iso-visitor');
    await signInContext(context, request, visitor);
    const other = await page.goto(tenantUrl('solana', `/ety?event=${event.eventId}`));
    expect(other?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    const unknown = await page.goto(tenantUrl('solana', '/ety?event=zzzzzzzzzzzz'));
    expect(unknown?.status()).toBe(404);
    const malformed = await page.goto(tenantUrl('solana', '/ety?event=../x'));
    expect(malformed?.status()).toBe(404);
  });

  test('the lobby works on a phone: the gate comes first, the device check follows', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [organizer, participant] = await Promise.all([createUser(T, 'phone-org', 'organizer'), createUser(T, 'phone-part')]);
    // A participant who may speak (a watch-only one gets no device check at all: room-audience.spec.ts).
    const event = await seedEvent(T, organizer, { eventDateTime: at(2 * MIN), ownerOnlyBroadcast: false });
    await signInContext(context, request, participant);
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await hydrated(page);
    const gate = await page.getByTestId('lobby-gate').boundingBox();
    const devices = await page.getByTestId('device-check').boundingBox();
    expect(gate && devices && gate.y < devices.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Keyboard: Join is reachable and opens the room.
    await page.getByTestId('lobby-join').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(tenantUrl(T, `/liveEventsContainer?event=${event.eventId}`));
  });
});
