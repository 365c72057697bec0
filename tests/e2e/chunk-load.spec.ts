import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { expectMessage, expectSameDocument, markDocument, message, navigate, routeModule, TEXTS } from './chunk-helpers';

/**
 * SPEC.md §8: a script chunk that fails to load, or has not loaded after 120 seconds, is a
 * ChunkLoadError the app shows as a branded, translated message with a Reload action, never a
 * blank page or a reload loop (docs/decisions/0050-chunk-loading.md).
 */

const notFound = { status: 404, contentType: 'text/plain', body: 'Not found' };

test.describe('a route module that cannot be loaded on client-side navigation', () => {
  test('missing (404): the message inside the tenant’s layout, no reload; Reload shows the page once the module is back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl('aurora', '/signIn'));
    await pageHydrated(page);
    const module = await routeModule(page, 'pricing');
    await page.route(`**${module}`, (route) => route.fulfill(notFound));
    await markDocument(page);

    await page.locator('header a[href="/pricing"]:visible').click();
    await expectMessage(page, 'en', 'page');
    await expect(page).toHaveURL(tenantUrl('aurora', '/pricing'));
    // Branded: the tenant's header and footer stay around the message.
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    await expect(page.locator('footer')).toBeVisible();
    await expectSameDocument(page);
    await page.screenshot({ path: test.info().outputPath('chunk-message-desktop.png'), fullPage: false });

    // The module is back (or the visitor is on the new build): Reload loads the page.
    await page.unroute(`**${module}`);
    await message(page).getByRole('button', { name: TEXTS.en.reload }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(TEXTS.en.title);
    await expect(message(page)).toHaveCount(0);
    await expect(page).toHaveURL(tenantUrl('aurora', '/pricing'));
  });

  test('hovering a link whose module is missing neither reloads the page nor shows anything until it is followed', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl('aurora', '/signIn'));
    await pageHydrated(page);
    const module = await routeModule(page, 'support');
    const asked = page.waitForRequest((request) => request.url().endsWith(module));
    await page.route(`**${module}`, (route) => route.fulfill(notFound));
    await markDocument(page);
    // The header links prefetch on intent: the module is asked for, and fails.
    await page.locator('header a[href="/support"]:visible').hover();
    await asked;
    await expect(page.locator('main form')).toBeVisible();
    await expect(message(page)).toHaveCount(0);
    await expectSameDocument(page);
    await page.locator('header a[href="/support"]:visible').click();
    await expectMessage(page, 'en', 'page');
    await expectSameDocument(page);
  });

  test('never arriving: the message after 120 seconds of the page’s clock, not before', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.install();
    await page.goto(tenantUrl('aurora', '/signIn'));
    await pageHydrated(page);
    const module = await routeModule(page, 'pricing');
    const asked = page.waitForRequest((request) => request.url().endsWith(module));
    // The request is held: neither answered nor failed.
    await page.route(`**${module}`, () => {});
    await markDocument(page);

    await page.locator('header a[href="/pricing"]:visible').click();
    await asked;
    await page.clock.runFor(119_000);
    await expect(message(page)).toHaveCount(0);
    await expect(page.locator('main form')).toBeVisible();
    await page.clock.runFor(1_500);
    await expectMessage(page, 'en', 'page');
    await expectSameDocument(page);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await message(page).getByRole('button', { name: TEXTS.en.reload }).click();
    await expect(message(page)).toHaveCount(0);
    await expect(page).toHaveURL(tenantUrl('aurora', '/pricing'));
    await expect(page.locator('main h1')).toBeVisible();
  });

  test('a network failure (the request aborted) gives the same message', async ({ context }) => {
    // Its own page: the only console error allowed is the aborted request itself.
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/net::ERR_FAILED/.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl('aurora', '/signIn'));
    await pageHydrated(page);
    const module = await routeModule(page, 'pricing');
    await page.route(`**${module}`, (route) => route.abort('failed'));
    await page.locator('header a[href="/pricing"]:visible').click();
    await expectMessage(page, 'en', 'page');
    expect(errors).toEqual([]);
  });

  for (const [tenant, language] of [
    ['solana', 'es'],
    ['lumiere', 'fr'],
  ] as const) {
    test(`${tenant}: the message in ${language}, on a phone`, async ({ page, context }) => {
      await context.addCookies([{ name: 'lng', value: language, domain: `${tenant}.localhost`, path: '/' }]);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(tenantUrl(tenant, '/signIn'));
      await pageHydrated(page);
      const module = await routeModule(page, 'aboutUs');
      await page.route(`**${module}`, (route) => route.fulfill(notFound));
      await markDocument(page);
      await navigate(page, '/aboutUs');
      await expectMessage(page, language, 'page');
      await expectSameDocument(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the message scrolls sideways on a phone').toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`chunk-message-${tenant}-phone.png`), fullPage: false });
    });
  }
});

test.describe('a lazily loaded component', () => {
  test('its chunk missing: the message takes its place, the rest of the page stays', async ({ page }) => {
    await page.route('**/assets/EventsCalendar.client-*.js', (route) => route.fulfill(notFound));
    await page.goto(tenantUrl('aurora', '/eventsCalendar'));
    await pageHydrated(page);
    await expectMessage(page, 'en', 'region');
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
  });

  test('its chunk never arriving: the message after 120 seconds', async ({ page }) => {
    await page.clock.install();
    await page.route('**/assets/EventsCalendar.client-*.js', () => {});
    await page.goto(tenantUrl('aurora', '/eventsCalendar'));
    await pageHydrated(page);
    await page.clock.runFor(119_000);
    await expect(message(page)).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expectMessage(page, 'en', 'region');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
