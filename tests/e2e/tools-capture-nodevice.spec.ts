/**
 * /mediaCapture on a machine with no camera and no microphone: Chromium without its fake devices
 * (this machine has none) but accepting every prompt answers getUserMedia with NotFoundError.
 */
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';
import { CHROMIUM, CHROMIUM_ARGS } from './stack';

test.use({ launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'] } });

test('no camera or microphone says to connect one, for a video and for a sound-only take', async ({ page, context, request }) => {
  const user = await createUser('aurora', 'capture-nodevice', 'member');
  await signInContext(context, request, user);
  for (const source of ['camera', 'microphone'] as const) {
    await page.goto(tenantUrl('aurora', '/mediaCapture'));
    await pageHydrated(page);
    await expect(page.getByTestId('capture-notice')).toHaveCount(0);
    await page.getByTestId(`capture-source-${source}`).click();
    await page.getByTestId('capture-on').click();
    await expect(page.getByTestId('capture-notice')).toContainText('No camera or microphone was found. Connect one, then turn on again.');
    await expect(page.getByTestId('capture-recorder')).toHaveAttribute('data-state', 'off');
  }
});

test('signed out, the recorder sends to sign-in', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/mediaCapture'));
  expect(new URL(page.url()).pathname).toBe('/signIn');
});
