/**
 * The device check with Chromium's fake camera and microphone: preview, level meter, selects,
 * saving on /customVideoSettings, and the lobby handing the chosen devices to the room.
 */
import { CHROMIUM_ARGS, CHROMIUM_FULL } from './stack';
import { seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

const T = 'aurora';
const baseArgs = CHROMIUM_ARGS;

test.use({
  launchOptions: {
    executablePath: CHROMIUM_FULL,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test.describe('device check with fake devices', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['camera', 'microphone'], { origin: tenantUrl(T, '') });
  });

  test('/customVideoSettings previews the camera, lists the devices and keeps the saved choice', async ({ page, context, request }) => {
    const user = await createUser(T, 'devices');
    await signInContext(context, request, user);
    await page.goto(tenantUrl(T, '/customVideoSettings'));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camera, microphone and speaker');
    await expect(page.getByTestId('video-settings-status')).toContainText('Nothing saved yet');

    // Permission is already granted, so the test starts by itself.
    const check = page.getByTestId('device-check');
    await expect(check).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
    const preview = page.getByTestId('device-preview');
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBe(640);
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2)).toBe(true);

    // The fake microphone plays a beep: the meter moves.
    await expect
      .poll(async () => Number(await page.getByTestId('mic-level').getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);

    const camera = page.getByTestId('select-camera');
    const microphone = page.getByTestId('select-microphone');
    await expect(camera.locator('option')).not.toHaveCount(0);
    await expect(camera.locator('option').first()).toHaveText(/\S/);
    const micOptions = await microphone.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
    expect(micOptions.length).toBeGreaterThan(1);
    expect(micOptions.every((o) => o.label.trim().length > 0)).toBe(true);
    await expect(page.getByTestId('select-speaker').or(page.getByTestId('speaker-system'))).toBeVisible();

    // Pick a microphone other than the current one, then save.
    const current = await microphone.inputValue();
    const other = micOptions.find((o) => o.value !== current)!;
    await microphone.selectOption(other.value);
    await expect(microphone).toHaveValue(other.value);
    await expect(page.getByTestId('device-switch-failed')).toHaveCount(0);
    const cameraValue = await camera.inputValue();
    await page.getByTestId('video-settings-save').click();
    await expect(page.getByTestId('video-settings-saved')).toHaveText('Saved. Every room you join on this site starts with these devices.');

    // After a reload the saved devices are selected again.
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('video-settings-status')).toContainText('Your saved devices are selected when the test starts.');
    await expect(page.getByTestId('device-check')).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
    await expect(page.getByTestId('select-microphone')).toHaveValue(other.value);
    await expect(page.getByTestId('select-camera')).toHaveValue(cameraValue);

    // Stopping the test releases the camera.
    await page.getByTestId('device-stop').click();
    await expect(page.getByTestId('device-preview')).toHaveCount(0);
    await expect(page.getByTestId('video-settings-save')).toBeDisabled();
  });

  test('the lobby hands the chosen devices to the room', async ({ page, context, request }) => {
    const organizer = await createUser(T, 'devices-org', 'organizer');
    const event = await seedEvent(T, organizer, { eventDateTime: new Date(Date.now() + 10 * 60_000).toISOString(), layout: 'customVideo' });
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('lobby-role')).toHaveText('You are the organizer');
    await expect(page.getByTestId('device-check')).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('device-preview').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBe(640);
    const microphone = page.getByTestId('select-microphone');
    const values = await microphone.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const chosen = values[values.length - 1]!;
    await microphone.selectOption(chosen);
    await page.getByTestId('lobby-join').click();
    await page.waitForURL(tenantUrl(T, `/customVideo?event=${event.eventId}`));
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('platform.devices') ?? 'null') as Record<string, string> | null);
    expect(stored?.audioDeviceId).toBe(chosen);
    expect(stored?.videoDeviceId).toBeTruthy();
  });
});
