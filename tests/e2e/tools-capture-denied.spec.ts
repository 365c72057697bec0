/**
 * /mediaCapture when the browser refuses: a context that was not given the camera and microphone
 * (Chromium with its fake devices but without the flag that accepts every prompt, so headless
 * Chromium denies), and a screen share the test browser cannot start. Each shows its message and
 * keeps the page usable.
 */
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';
import { CHROMIUM_ARGS, CHROMIUM_FULL } from './stack';

test.use({ launchOptions: { executablePath: CHROMIUM_FULL, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'] } });

test('a refused camera and microphone show what to do, at phone and desktop widths', async ({ page, context, request }) => {
  const user = await createUser('aurora', 'capture-denied', 'member');
  await signInContext(context, request, user);
  await context.clearPermissions();
  for (const [name, width] of [['phone', 390], ['desktop', 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(tenantUrl('aurora', '/mediaCapture'));
    await pageHydrated(page);
    await page.getByTestId('capture-on').click();
    const notice = page.getByTestId('capture-notice');
    await expect(notice).toContainText('Access to the camera or microphone was refused.');
    await expect(page.getByTestId('capture-recorder')).toHaveAttribute('data-state', 'off');
    await expect(page.getByTestId('capture-on')).toBeEnabled();
    await page.screenshot({ path: `test-results/screens/capture-denied-${name}.png`, fullPage: true });
  }
});

test('the same message in Spanish and French, on the tenants that speak them', async ({ page, context, request }) => {
  for (const [tenant, lang, text] of [['solana', 'es', 'Se negó el acceso a la cámara o al micrófono.'], ['lumiere', 'fr', 'L’accès à la caméra ou au micro a été refusé.']] as const) {
    const user = await createUser(tenant, `capture-denied-${lang}`, 'member');
    await signInContext(context, request, user);
    await context.addCookies([{ name: 'lng', value: lang, domain: `${tenant}.localhost`, path: '/' }]);
    await page.goto(tenantUrl(tenant, '/mediaCapture'));
    await pageHydrated(page);
    await page.getByTestId('capture-on').click();
    await expect(page.getByTestId('capture-notice')).toContainText(text);
  }
});
