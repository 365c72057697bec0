import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, tenantUrl } from './fixtures';
import { createUser, poolOf, signInContext, type TestUser } from './session-helpers';

/**
 * The inactivity guard (docs/PRODUCT.md, Rules: inactivity guard) under Playwright's fake clock:
 * prompted after 60 minutes without activity, a 60-second countdown refreshed every second, then a
 * global sign-out.
 * Throwaway users: the global sign-out must not end other tests' demo-account sessions.
 */
const MINUTE = 60_000;
// Hours of fake time run page timers many times over: more than the default 30 s per test.
test.describe.configure({ timeout: 90_000 });
const EN = {
  title: 'Warning',
  message: 'Your online session will end soon, due to inactivity',
  precaution: 'As a precaution, your session will end and you will be redirected to the home page.',
  stay: "Wait, I'm still here!",
  signOut: 'Sign out',
  close: 'Close',
};

const dialog = (page: Page) => page.getByRole('alertdialog');
const countdown = (page: Page) => page.getByTestId('idle-countdown');

/** The dialog is dismissed: removed from the page. */
async function expectDismissed(page: Page) {
  await expect(dialog(page)).toHaveCount(0);
}

/**
 * Opens a signed-in page under a fake clock, waits until the guard runs (texts loaded), then pauses
 * the clock and makes one activity so the 60 minutes count from a known instant.
 */
async function startGuarded(page: Page, context: BrowserContext, request: Parameters<typeof signInContext>[1], tenant: string, path = '/userDashboard') {
  const user = await createUser(tenant, 'idle');
  await signInContext(context, request, user);
  const t0 = Date.now();
  await page.clock.install({ time: t0 });
  await page.goto(tenantUrl(tenant, path));
  await waitForGuard(page);
  await page.clock.pauseAt(t0 + 20_000);
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 10);
  return user;
}

async function waitForGuard(page: Page) {
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('platform.signedIn'))).toBe('true');
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('platform.resources.idle.')) || document.readyState === 'complete')).toBe(true);
}

function amplifyCookies(context: BrowserContext, user: TestUser) {
  const prefix = `CognitoIdentityServiceProvider.${poolOf(user.tenant).appClientId}.`;
  return context.cookies().then((all) => all.filter((c) => decodeURIComponent(c.name).startsWith(prefix)));
}

for (const tenant of ['aurora', 'lumiere'] as const) {
  test.describe(`inactivity guard on ${tenant}`, () => {
    test('prompt after 60 minutes, countdown, still here, close, then sign-out at the end', async ({ page, context, request }) => {
      await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
      const user = await startGuarded(page, context, request, tenant);

      await page.clock.runFor(59 * MINUTE);
      await expect(dialog(page)).toHaveCount(0);

      await page.clock.runFor(1 * MINUTE);
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByRole('heading', { name: EN.title })).toBeVisible();
      await expect(dialog(page)).toContainText(EN.message);
      await expect(dialog(page)).toContainText(EN.precaution);
      await expect(countdown(page)).toHaveText('You will be Logged out in 60 seconds');
      for (const name of [EN.stay, EN.signOut, EN.close]) await expect(dialog(page).getByRole('button', { name, exact: true })).toBeVisible();

      await page.clock.runFor(1_000);
      await expect(countdown(page)).toHaveText('You will be Logged out in 59 seconds');
      await page.clock.runFor(57_000);
      await expect(countdown(page)).toHaveText('You will be Logged out in 2 seconds');
      await page.clock.runFor(1_000);
      await expect(countdown(page)).toHaveText('You will be Logged out in 1 second');

      // "Wait, I'm still here!" returns to active: no sign-out at the old deadline, no prompt for another hour.
      await dialog(page).getByRole('button', { name: EN.stay }).click();
      await expectDismissed(page);
      await expect(page).toHaveURL(/\/userDashboard$/);
      await page.clock.runFor(58 * MINUTE);
      await expect(dialog(page)).toHaveCount(0);

      // Prompted again; Close only dismisses the dialog, the countdown goes on.
      await page.clock.runFor(2 * MINUTE);
      await expect(dialog(page)).toBeVisible();
      await dialog(page).getByRole('button', { name: EN.close, exact: true }).click();
      await expectDismissed(page);
      expect(await amplifyCookies(context, user)).not.toHaveLength(0);

      // The end of the countdown: global sign-out, session data cleared, home page.
      await page.clock.runFor(61_000);
      await page.clock.resume();
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
      await expect.poll(async () => (await amplifyCookies(context, user)).length).toBe(0);
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('platform.') && k !== 'platform.signedIn' && !k.startsWith('platform.window')))).toEqual([]);
      await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeAttached();
    });

    test('any activity while prompted returns to active', async ({ page, context, request }) => {
      await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
      await startGuarded(page, context, request, tenant);
      await page.clock.runFor(60 * MINUTE);
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Shift');
      await page.mouse.move(200, 300);
      await expectDismissed(page);
      await page.clock.runFor(5 * MINUTE);
      await expect(page).toHaveURL(/\/userDashboard$/);
    });

    test('"Sign out" in the dialog signs out everywhere and goes home', async ({ page, context, request }) => {
      await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
      const user = await startGuarded(page, context, request, tenant);
      await page.clock.runFor(60 * MINUTE);
      await expect(dialog(page)).toBeVisible();
      await page.clock.resume();
      await dialog(page).getByRole('button', { name: EN.signOut, exact: true }).click();
      await expect(page).toHaveURL(tenantUrl(tenant, '/'));
      await expect.poll(async () => (await amplifyCookies(context, user)).length).toBe(0);
    });
  });
}

test('two tabs: the prompt shows in both, and "still here" in one continues the other', async ({ page, context, request }) => {
  const errors: string[] = [];
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  const user = await createUser('aurora', 'tabs');
  await signInContext(context, request, user);
  const t0 = Date.now();
  await context.clock.install({ time: t0 });
  const other = await context.newPage();
  other.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  other.on('pageerror', (err) => errors.push(err.message));
  await page.goto(tenantUrl('aurora', '/userDashboard'));
  await other.goto(tenantUrl('aurora', '/userDashboard?tab=Profile'));
  await waitForGuard(page);
  await waitForGuard(other);
  await context.clock.pauseAt(t0 + 25_000);
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 10);

  await context.clock.runFor(30 * MINUTE);
  // Activity in the second tab counts for both.
  await other.mouse.move(20, 20);
  await other.mouse.move(30, 30);
  await context.clock.runFor(31 * MINUTE);
  await expect(dialog(page)).toHaveCount(0);
  await expect(dialog(other)).toHaveCount(0);

  // 60.5 minutes after the last activity: prompted (sign-out would come at 61).
  await context.clock.runFor(29.5 * MINUTE);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(other)).toBeVisible();
  await dialog(other).getByRole('button', { name: EN.stay }).click();
  await expectDismissed(other);
  await expectDismissed(page);
  await context.clock.runFor(2 * MINUTE);
  await expect(page).toHaveURL(/\/userDashboard$/);
  await expect(other).toHaveURL(/\/userDashboard\?tab=Profile$/);
  expect(errors).toEqual([]);
});

test('texts in Spanish on solana come from the resource API', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'lng', value: 'es', domain: 'solana.localhost', path: '/' }]);
  await startGuarded(page, context, request, 'solana');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await page.clock.runFor(60 * MINUTE);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Advertencia' })).toBeVisible();
  await expect(dialog(page)).toContainText('Su sesión en línea terminará pronto por inactividad');
  await expect(countdown(page)).toHaveText('Su sesión se cerrará en 60 segundos');
  await page.clock.runFor(59_000);
  await expect(countdown(page)).toHaveText('Su sesión se cerrará en 1 segundo');
  await expect(dialog(page).getByRole('button', { name: '¡Espere, sigo aquí!' })).toBeVisible();
  // Cached for the session, per language.
  expect(await page.evaluate(() => sessionStorage.getItem('platform.resources.idle.es'))).toContain('Advertencia');
});

test('the resource API failing gives the English defaults (solana, Spanish page)', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'lng', value: 'es', domain: 'solana.localhost', path: '/' }]);
  // The API answers 401 (as without a valid token): a silent fallback to the English texts (docs/PRODUCT.md, Error catalogue).
  await page.route('**/api/dynamodb/resources/batchGet', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
  await startGuarded(page, context, request, 'solana');
  await page.clock.runFor(60 * MINUTE);
  await expect(dialog(page).getByRole('heading', { name: EN.title })).toBeVisible();
  await expect(dialog(page)).toContainText(EN.message);
  await expect(countdown(page)).toHaveText('You will be Logged out in 60 seconds');
  expect(await page.evaluate(() => sessionStorage.getItem('platform.resources.idle.es'))).toBeNull();
});

test('an aborted resource request also falls back to English', async ({ context, request }) => {
  // Its own page: the only console error allowed is the aborted request itself.
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/net::ERR_FAILED/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.route('**/api/dynamodb/resources/batchGet', (route) => route.abort());
  await startGuarded(page, context, request, 'aurora');
  await page.clock.runFor(60 * MINUTE);
  await expect(dialog(page).getByRole('heading', { name: EN.title })).toBeVisible();
  await expect(countdown(page)).toHaveText('You will be Logged out in 60 seconds');
  expect(errors).toEqual([]);
});

test('not signed in: no dialog, ever', async ({ page }) => {
  await page.clock.install({ time: Date.now() });
  await page.goto(tenantUrl('aurora', '/twoFactorSignInVerify'));
  await expect(page.getByTestId('no-challenge')).toBeVisible();
  await page.clock.runFor(3 * 60 * MINUTE);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/twoFactorSignInVerify$/);
});
