import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { expectMessage, expectSameDocument, markDocument, message, navigate, TEXTS } from './chunk-helpers';

/**
 * SPEC.md §8 for stylesheets: one that fails to load, or has not loaded after 120 seconds, is a
 * ChunkLoadError too (docs/decisions/0050-chunk-loading.md).
 */

const notFound = { status: 404, contentType: 'text/plain', body: 'Not found' };
const CALENDAR_CSS = '**/assets/react-big-calendar-*.css';

test('the theme stylesheet failing: the notice over the page once it runs, on desktop and phone', async ({ page }) => {
  await page.route('**/theme/*.css', (route) => route.fulfill(notFound));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  await expectMessage(page, 'en', 'notice');
  // The page under it still works.
  await expect(page.locator('main form')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('chunk-notice-desktop.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(message(page)).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('chunk-notice-phone.png') });

  await page.unroute('**/theme/*.css');
  await message(page).getByRole('button', { name: TEXTS.en.reload }).click();
  await pageHydrated(page);
  await expect(page.locator('main form')).toBeVisible();
  await expect(message(page)).toHaveCount(0);
});

test('a route’s stylesheet failing on client-side navigation: the notice, without a reload', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  await page.route(CALENDAR_CSS, (route) => route.fulfill(notFound));
  await markDocument(page);
  await navigate(page, '/eventsCalendar');
  await expect(page).toHaveURL(tenantUrl('aurora', '/eventsCalendar'));
  await expectMessage(page, 'en', 'notice');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expectSameDocument(page);
});

test('a route’s stylesheet never arriving: the message after 120 seconds, not before', async ({ page }) => {
  await page.clock.install();
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  const asked = page.waitForRequest((request) => /react-big-calendar-.*\.css$/.test(request.url()));
  await page.route(CALENDAR_CSS, () => {});
  await markDocument(page);
  await navigate(page, '/eventsCalendar');
  await asked;
  await page.clock.runFor(119_000);
  await expect(message(page)).toHaveCount(0);
  await page.clock.runFor(1_500);
  // Remix waits for a route's stylesheets before showing it: the route module's load timed out.
  await expectMessage(page, 'en', 'page');
  await expectSameDocument(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
