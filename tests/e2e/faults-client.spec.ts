import type { BrowserContext, Page } from '@playwright/test';
import { expect, outageTest, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, poolOf, signInContext } from './session-helpers';

/**
 * SPEC.md §8 in the browser, beyond chunk loading (tests/e2e/chunk-*.spec.ts), with the services
 * behind the page failing: the texts fall back to English, a sign-out still clears the client data,
 * and an unknown route shows the fallback page after client-side navigation too, every time; a
 * navigation that starts while the page is still hydrating (a link clicked early) included
 * (docs/decisions/0050-chunk-loading.md).
 */

/** A client-side navigation, as a <Link> click makes it (the router's own navigate). */
async function navigate(page: Page, to: string) {
  await page.evaluate((path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path), to);
}

const signInForm = (page: Page) => page.locator('main form').filter({ has: page.locator('input[type="password"]') });

test('an unknown path reached by client-side navigation shows the fallback page every time', async ({ page }) => {
  // Twenty navigations alternating between the sign-in screen and wrong-case or unknown paths.
  test.setTimeout(60_000);
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  await expect(signInForm(page)).toBeVisible();
  // No document load happens in between: the marker would be gone.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  const unknown = ['/aboutus', '/SIGNIN', '/no-such-page', '/aboutUs/extra', '/Support'];
  for (let i = 0; i < 10; i += 1) {
    const path = unknown[i % unknown.length]!;
    await navigate(page, path);
    await expect(page).toHaveURL(tenantUrl('aurora', path));
    await expect(page.getByTestId('not-found'), `fallback page after navigating to ${path} (round ${i + 1})`).toBeVisible();
    await expect(page.getByTestId('not-found')).toContainText(path);
    await expect(signInForm(page)).toHaveCount(0);

    await navigate(page, '/signIn');
    await expect(page).toHaveURL(tenantUrl('aurora', '/signIn'));
    await expect(signInForm(page), `sign-in screen after coming back (round ${i + 1})`).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
});

test('a navigation started while the page hydrates is shown once hydration ends', async ({ page }) => {
  test.setTimeout(90_000);
  // The navigation starts the moment Remix creates its router, before React has committed the
  // page: the router finishes it, and the screen must follow.
  await page.addInitScript(() => {
    let router: { navigate: (to: string) => Promise<void> } | undefined;
    Object.defineProperty(window, '__remixRouter', {
      configurable: true,
      get: () => router,
      set: (value: typeof router) => {
        router = value;
        const target = new URL(window.location.href).searchParams.get('then');
        if (target) queueMicrotask(() => void value?.navigate(target));
      },
    });
  });
  for (let i = 0; i < 20; i += 1) {
    const to = i % 2 === 0 ? '/aboutus' : '/pricing';
    await page.goto(tenantUrl('aurora', `/signIn?then=${encodeURIComponent(to)}`));
    await expect(page).toHaveURL(tenantUrl('aurora', to));
    await pageHydrated(page);
    if (to === '/aboutus') await expect(page.getByTestId('not-found'), `fallback page (try ${i + 1})`).toBeVisible();
    else await expect(page.locator('main h1'), `pricing page (try ${i + 1})`).not.toHaveText(/sign in/i);
    await expect(signInForm(page), `the sign-in screen stayed (try ${i + 1})`).toHaveCount(0);
  }
});

const unavailable = (service: string) => ({
  status: 503,
  contentType: 'application/json',
  headers: { 'Retry-After': '5' },
  body: JSON.stringify({ error: 'serviceUnavailable', service, message: 'unavailable' }),
});

/** A page of its own whose only allowed console errors are the 503 answers the test causes. */
async function pageAllowing503(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of (4\d\d|503)/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

test('the identity service down: signing out still clears the client data and lands home, signed out', async ({ context, request }) => {
  const { page, errors } = await pageAllowing503(context);
  const user = await createUser('aurora', 'signout-fault');
  await signInContext(context, request, user);
  await page.goto(tenantUrl('aurora', '/userDashboard'));
  await pageHydrated(page);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('platform.signedIn'))).toBe('true');
  await page.evaluate(() => sessionStorage.setItem('platform.faultMarker', 'kept until sign-out'));
  const gatewayAsked = page.waitForResponse((response) => response.url().endsWith('/api/identity') && response.status() === 503);
  await page.route('**/api/identity', (route) => route.fulfill(unavailable('identity')));

  await page.goto(tenantUrl('aurora', '/signOut'));
  await gatewayAsked;
  await page.waitForURL(tenantUrl('aurora', '/'));
  const prefix = `CognitoIdentityServiceProvider.${poolOf('aurora').appClientId}.`;
  expect((await context.cookies()).filter((c) => decodeURIComponent(c.name).startsWith(prefix) && c.value !== '')).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('platform.faultMarker'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('platform.signedIn'))).not.toBe('true');
  // The server sees no session either: the account menu offers sign-in again.
  await expect(page.locator('header a[href^="/signIn"]:visible').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the texts API down (503): the inactivity dialog speaks the English defaults on a Spanish page', async ({ context, request }) => {
  test.setTimeout(90_000);
  const { page, errors } = await pageAllowing503(context);
  await context.addCookies([{ name: 'lng', value: 'es', domain: 'solana.localhost', path: '/' }]);
  await page.route('**/api/dynamodb/resources/batchGet', (route) => route.fulfill(unavailable('database')));
  const user = await createUser('solana', 'texts-fault');
  await signInContext(context, request, user);
  const t0 = Date.now();
  await page.clock.install({ time: t0 });
  // The guard asks for its texts once it runs; the answer is the outage.
  const textsAsked = page.waitForResponse((response) => response.url().includes('/api/dynamodb/resources/batchGet') && response.status() === 503);
  await page.goto(tenantUrl('solana', '/userDashboard'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('platform.signedIn'))).toBe('true');
  await textsAsked;
  await page.clock.pauseAt(t0 + 20_000);
  await page.mouse.move(5, 5);
  await page.clock.runFor(60 * 60_000);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Warning' })).toBeVisible();
  await expect(dialog).toContainText('Your online session will end soon, due to inactivity');
  await expect(page.getByTestId('idle-countdown')).toHaveText('You will be Logged out in 60 seconds');
  expect(await page.evaluate(() => sessionStorage.getItem('platform.resources.idle.es'))).toBeNull();
  expect(errors).toEqual([]);
});

outageTest('a 503 met on a client-side navigation shows the branded unavailable page, styled, and styles stay after leaving it', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  // The next screen's data request meets an outage, as the server answers one (a thrown 503).
  await page.route(/\/liveEvents\?_data=/, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Content-Type': 'application/json', 'X-Remix-Catch': 'yes', 'Retry-After': '30' },
      body: JSON.stringify({ error: 'serviceUnavailable', service: 'database', message: 'Our event data is unavailable right now.' }),
    }),
  );
  await navigate(page, '/liveEvents');
  const unavailable = page.getByTestId('unavailable-page');
  await expect(unavailable).toBeVisible();
  await expect(unavailable).toContainText('Our event data is unavailable right now.');
  // Styled: the document was mounted anew, and Chakra's rules are in the new <head>.
  const button = unavailable.getByRole('link', { name: 'Try again' });
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
  const padding = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).paddingTop);
  await expect.poll(() => padding('[data-testid="unavailable-page"]')).not.toBe('0px');
  // The document's stylesheets, mounted again with it, are not taken for failed chunks.
  await expect(page.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
  await page.screenshot({ path: 'test-reports/unavailable-client-navigation-desktop.png', fullPage: true });

  // Leaving the error page mounts the document again: still styled.
  await page.unroute(/\/liveEvents\?_data=/);
  await navigate(page, '/signIn');
  await expect(signInForm(page)).toBeVisible();
  await expect.poll(() => signInForm(page).locator('button[type="submit"]').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
  await expect(page.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
});
