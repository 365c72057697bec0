/**
 * The listing pages without the client app (docs/decisions/0069): a signed-out visitor gets
 * /liveEvents, /vod, /channelPage and a far-off event's /preview as plain HTML (no module script,
 * no hydration) whose every action still works: the event page's countdown ticks and its short link
 * copies, a live broadcast is linked from /liveEvents, Donate asks to sign in first and comes back.
 * Signed in, the same pages hydrate; an event page within the hour of its start hydrates signed
 * out too. A product without a picture shows its initial, never an empty frame. Screens of each
 * page signed out and signed in, at 390 and 1280 px, go to /tmp/listing-screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seedMediaItem } from '#tests/support/media';
import { seedLiveBroadcast } from './broadcast-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext, type TestUser } from './session-helpers';
import { seedProduct, seedShop, type SeededShop } from './shop-helpers';
import { testMark } from './marks';

const T = 'aurora';
const SCREENS = '/tmp/listing-screens';

/** No module script, no preload of one, and React never took the page. */
async function expectPlain(page: Page) {
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
}

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
}

let organizer: TestUser;
let member: TestUser;
let shop: SeededShop;
let farEvent: Awaited<ReturnType<typeof seedEvent>>;

test.beforeAll(async () => {
  organizer = await createUser(T, 'plain-org', 'organizer');
  member = await createUser(T, 'plain-member');
  shop = await seedShop(T, 1500);
  const file = await seedMediaItem(shop.data, { kind: 'document', owner: { sub: shop.organizer.sub, name: 'Seller' }, title: `Notes ${testMark()}`, visibility: 'public' });
  await seedProduct(shop, T, 500, { title: 'Workshop notes', delivers: 'download', mediaIds: [file.id] });
  farEvent = await seedEvent(T, organizer, { title: `Far ${testMark()}`, eventDateTime: minutesFromNow(3 * 24 * 60) });
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
});

test('signed out, the listing pages come without the client app; signed in, with it', async ({ page, context, request }) => {
  const pages = ['/liveEvents', '/vod', `/channelPage?channel=${shop.channelId}`, `/preview?event=${farEvent.eventId}`];
  for (const path of pages) {
    const response = await page.goto(tenantUrl(T, path));
    expect(response?.status(), path).toBe(200);
    await expectPlain(page);
    await shoot(page, `${path.slice(1).split('?')[0]}-signed-out`);
  }
  await signInContext(context, request, member);
  for (const path of pages) {
    await page.goto(tenantUrl(T, path));
    await pageHydrated(page);
    await shoot(page, `${path.slice(1).split('?')[0]}-signed-in`);
  }
});

test('a far-off event page without the client app: the countdown ticks, the short link copies, the ways in are links', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tenantUrl(T, '') });
  await page.goto(tenantUrl(T, `/preview?event=${farEvent.eventId}`));
  await expectPlain(page);
  const countdown = page.getByTestId('countdown');
  const first = Number(await countdown.getAttribute('data-seconds-left'));
  expect(first).toBeGreaterThan(3 * 24 * 3600 - 600);
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds-left')), { timeout: 10_000 }).toBeLessThan(first);
  // The units shown follow the attribute: seconds are the last two digits of the total.
  const left = Number(await countdown.getAttribute('data-seconds-left'));
  await expect(countdown.locator('[data-unit="d"]')).toHaveText(String(Math.floor(left / 86_400)));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/shortUrl\\?c=${farEvent.shortCode}$`));
  await expect(page.getByTestId('join-event').or(page.getByTestId('register')).first()).toHaveAttribute('href', /^\/signIn\?redirectTo=/);
});

test('an event page within the hour of its start comes with the client app, to follow its start and broadcast', async ({ page }) => {
  const soon = await seedEvent(T, organizer, { title: `Soon ${testMark()}`, eventDateTime: minutesFromNow(40) });
  await page.goto(tenantUrl(T, `/preview?event=${soon.eventId}`));
  await pageHydrated(page);
});

test('/liveEvents without the client app links a live broadcast', async ({ page }) => {
  const live = await seedEvent(T, organizer, { title: `On air ${testMark()}`, eventDateTime: minutesFromNow(-2) });
  await seedLiveBroadcast(T, live.eventId);
  await page.goto(tenantUrl(T, `/liveEvents?q=${encodeURIComponent(live.title)}`));
  await expectPlain(page);
  const link = page.getByTestId('live-now-broadcast');
  await expect(link).toContainText(live.title);
  await link.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/preview\\?event=${live.eventId}$`));
});

test('/channelPage without the client app: Donate signs in first and comes back; a product without a picture shows its initial', async ({ page }) => {
  await page.goto(tenantUrl(T, `/channelPage?channel=${shop.channelId}`));
  await expectPlain(page);
  const placeholder = page.getByTestId('product-placeholder');
  await expect(placeholder).toHaveCount(1);
  await expect(placeholder).toHaveText('W');
  const donate = page.getByTestId('donate-sign-in').getByRole('link', { name: 'Sign in to donate' });
  await expect(donate).toHaveAttribute('href', `/signIn?redirectTo=${encodeURIComponent(`/channelPage?channel=${shop.channelId}#donate`)}`);
  await donate.click();
  await expect(page).toHaveURL(/\/signIn\?redirectTo=/);
});
