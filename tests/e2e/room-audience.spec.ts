/**
 * The audience's room (issue 25): Raise hand is one of the stage's controls (not only in the Q&A
 * tab), at 390 and 1280 px; a participant who only watches is not asked in the lobby to test a
 * camera and microphone it will never use. Real LiveKit, fake camera and microphone. (The "Allow
 * audio" banner after a reload is room-allow-audio.spec.ts: it needs a browser that refuses sound.)
 */
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { MEDIA_BROWSER } from './media-helpers';
import { DESKTOP, joinAt, keepScreenshot, phone, usable } from './room-phone-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';

const T = 'aurora';
test.use(MEDIA_BROWSER);

test('a participant raises and lowers a hand from the stage controls at 390 and 1280 px; the organizer sees it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'hand-org', 'organizer'), createUser(T, 'hand-par')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const org = await joinAt(browser, request, orgUser, event, DESKTOP);
  const par = await joinAt(browser, request, parUser, event, phone(390));

  // On the phone: in the stage's own row, usable without opening the Q&A tab.
  const controls = par.page.getByTestId('room-controls');
  const raise = controls.getByRole('button', { name: 'Raise hand' });
  await expect(raise).toBeVisible();
  expect(await usable(raise)).toBe(true);
  await expect(par.page.getByRole('tab', { name: 'Q&A' })).toHaveAttribute('aria-selected', 'false');
  await keepScreenshot(par.page, 'aurora-participant-390-hand');
  await raise.click();
  await expect(par.page.getByTestId('hand-status')).toHaveText('Your hand is raised. The hosts can see it.', { timeout: 15_000 });
  const lower = controls.getByRole('button', { name: 'Lower hand' });
  await expect(lower).toHaveAttribute('aria-pressed', 'true');

  // The organizer sees the hand in the Q&A tab.
  await org.page.getByRole('tab', { name: 'Q&A' }).click();
  await expect(org.page.getByTestId('host-hand')).toHaveCount(1, { timeout: 15_000 });

  // On a wide screen the same control, in the same place; the Q&A tab shows the same hand.
  await par.page.setViewportSize(DESKTOP);
  await expect(lower).toBeVisible();
  expect(await usable(lower)).toBe(true);
  await par.page.getByRole('tab', { name: 'Q&A' }).click();
  await expect(par.page.getByTestId('raise-hand').getByRole('button', { name: 'Lower hand' })).toHaveAttribute('aria-pressed', 'true');
  await lower.click();
  await expect(par.page.getByTestId('hand-status')).toHaveText('Your hand is lowered.', { timeout: 15_000 });
  await expect(controls.getByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'false');
  await expect(org.page.getByTestId('host-hand')).toHaveCount(0, { timeout: 15_000 });

  for (const person of [org, par]) {
    await person.context.close();
    expect(person.errors).toEqual([]);
  }
});

test('a watch-only participant’s lobby asks for no camera or microphone; a participant who speaks still checks them', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([createUser(T, 'watch-org', 'organizer'), createUser(T, 'watch-par')]);
  // /ils: the organizer and hosts are on stage, the audience watches (until a host invites them).
  const watchOnly = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'ils' });
  const speaking = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: false });
  for (const size of [phone(390), DESKTOP]) {
    const context = await browser.newContext({ viewport: size });
    await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(T, '') });
    await signInContext(context, request, parUser);
    // Counts every ask for a camera or microphone the page makes.
    await context.addInitScript(() => {
      const w = window as unknown as { __mediaAsks: number };
      w.__mediaAsks = 0;
      const devices = navigator.mediaDevices;
      if (!devices) return;
      const original = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) => {
        w.__mediaAsks += 1;
        return original(constraints);
      };
    });
    const page = await context.newPage();
    await page.goto(tenantUrl(T, `/ety?event=${watchOnly.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('lobby-open')).toBeVisible();
    await expect(page.getByText('you watch and listen')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your camera and microphone' })).toHaveCount(0);
    await expect(page.locator('video')).toHaveCount(0);
    await expect(page.getByTestId('lobby-join')).toBeVisible();
    expect(await usable(page.getByTestId('lobby-join'))).toBe(true);
    await keepScreenshot(page, `aurora-lobby-watch-only-${size.width}`);
    expect(await page.evaluate(() => (window as unknown as { __mediaAsks: number }).__mediaAsks)).toBe(0);

    await page.goto(tenantUrl(T, `/ety?event=${speaking.eventId}`));
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Check your camera and microphone' })).toBeVisible();
    await context.close();
  }
});

