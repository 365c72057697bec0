/**
 * Members are never told "saved to your library" without one (issue 25): every signed-in person
 * has My media (/uploadCustomerMedia shows a member their own items, never another member's; they
 * open, rename and delete them there), the media tools send them to it, a permission refusal is
 * worded as one (never "Something went wrong"), and a member's menus offer only what members can
 * use: no "Schedule an event", organizers' "Media" or "Shop", no empty "Events you host".
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 120_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const SCREENS = '/tmp/library-screens';
const runId = () => `r${randomBytes(4).toString('hex')}`;
const card = (page: Page, title: string) => page.locator(`[data-testid="library-item"][data-title="${title}"]`);

let member: TestUser;
let otherMember: TestUser;
test.beforeAll(async () => {
  [member, otherMember] = await Promise.all([createUser(T, 'my-media'), createUser(T, 'my-media-other')]);
});

test('a member finds their own items in My media, opens one, renames and deletes it; nobody else’s are listed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const r = runId();
  const [, take] = await Promise.all([
    seedMediaItem(data, { kind: 'image', owner: { sub: member.sub }, title: `${r} Selfie` }),
    seedMediaItem(data, { kind: 'audio', owner: { sub: member.sub }, title: `${r} Voice note` }),
    seedMediaItem(data, { kind: 'image', owner: { sub: otherMember.sub }, title: `${r} Someone else`, visibility: 'tenant' }),
  ]);
  await signInContext(page.context(), page.request, member);

  // The account menu leads there.
  await page.goto(tenantUrl(T, '/'));
  await pageHydrated(page);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My media' }).click();
  await page.waitForURL((url) => url.pathname === '/uploadCustomerMedia');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My media');

  await page.goto(tenantUrl(T, `/uploadCustomerMedia?q=${r}`));
  await pageHydrated(page);
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  const titles = await page.getByTestId('library-item-title').allInnerTexts();
  expect(titles.sort()).toEqual([`${r} Selfie`, `${r} Voice note`]);
  await expect(page.getByTestId('upload-usage')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/my-media-1280.png`, fullPage: true });

  await card(page, `${r} Selfie`).getByTestId('library-open').click();
  await expect(page.getByTestId('library-viewer').getByTestId('media-image')).toBeVisible();
  await page.getByTestId('library-viewer-close').click();

  await card(page, `${r} Selfie`).getByTestId('library-edit-open').click();
  await page.getByTestId('library-edit-title').fill(`${r} Profile picture`);
  await page.getByTestId('library-edit-save').click();
  await expect(page.getByTestId('library-notice')).toBeVisible();
  await expect(card(page, `${r} Profile picture`)).toBeVisible();

  await card(page, `${r} Voice note`).getByTestId('library-delete-open').click();
  await page.getByTestId('library-delete-confirm-button').click();
  await expect(card(page, `${r} Voice note`)).toHaveCount(0);
  expect(await data.media.get(take.id)).toBeNull();
});

test('phone: the media tools send a member to My media, and a refusal says it is about permission', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cookie = await sessionCookie(request, member);
  for (const screen of ['mediaCapture', 'uploadS3']) {
    const loaderData = await tenantApi(request, T).get(`/${screen}?_data=${screen}`, { headers: { Cookie: cookie } });
    expect(await loaderData.json(), screen).toMatchObject({ libraryHref: '/uploadCustomerMedia' });
  }
  await signInContext(page.context(), page.request, member);

  await page.goto(tenantUrl(T, '/uploadCustomerMedia'));
  await pageHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My media');
  await page.screenshot({ path: `${SCREENS}/my-media-390.png`, fullPage: true });

  // The organizers' image library is refused as a permission, in the tenant's layout, with a way on.
  const refused = await page.goto(tenantUrl(T, '/customerImageUpload'));
  expect(refused?.status()).toBe(403);
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have permission to see this page');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByTestId('forbidden-page').getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/userDashboard');
  await page.screenshot({ path: `${SCREENS}/forbidden-390.png`, fullPage: true });
});

test("a member's menus hold only what members can use", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const fresh = await createUser(T, 'my-media-menu');
  await signInContext(page.context(), page.request, fresh);
  await page.goto(tenantUrl(T, '/userDashboard'));
  await pageHydrated(page);

  await page.getByTestId('account-menu').click();
  const items = page.getByTestId('account-menu-items').getByRole('menuitem');
  await expect(items.filter({ hasText: 'My media' })).toHaveAttribute('href', '/uploadCustomerMedia');
  await expect(items.filter({ hasText: 'Schedule an event' })).toHaveCount(0);
  await expect(items.filter({ hasText: /^Media$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const side = page.getByTestId('dashboard-side-menu');
  await expect(side.getByTestId('dashboard-menu-shop')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Schedule an event' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'My events' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('my-events-attending')).toBeVisible();
  await expect(page.getByTestId('my-events-hosting')).toHaveCount(0);
  await expect(page.getByText('Events you host')).toHaveCount(0);

  await side.getByTestId('dashboard-menu-media').click();
  await expect(page.getByTestId('dashboard-media-mine')).toHaveAttribute('href', '/uploadCustomerMedia');
  await expect(page.getByText('is for organizers')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/member-dashboard-media-1280.png`, fullPage: true });

  // On a phone, the drawer's account links say the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(T, '/userDashboard?tab=Media'));
  await pageHydrated(page);
  await page.getByTestId('mobile-menu').locator('summary').click();
  await expect(page.getByTestId('mobile-account-myMedia')).toHaveAttribute('href', '/uploadCustomerMedia');
  await expect(page.getByTestId('mobile-account-schedule')).toHaveCount(0);
  await expect(page.getByTestId('mobile-account-media')).toHaveCount(0);
});
