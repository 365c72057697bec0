/**
 * The media library (/uploadCustomerMedia, /customerImageUpload) in Chromium against the
 * production build: what an organizer sees (their own items and the tenant's shared ones, never
 * another organizer's private ones), filters and search, editing with a field error, deleting with
 * a confirmation (files and quota too), bulk visibility, and the API's refusals for items that are
 * not the caller's. Items are seeded through the data module with real files (tests/support/media.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';

test.describe.configure({ timeout: 90_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

let orgA: TestUser;
let orgB: TestUser;
let admin: TestUser;

test.beforeAll(async () => {
  [orgA, orgB, admin] = await Promise.all([createUser(T, 'lib-a', 'organizer'), createUser(T, 'lib-b', 'organizer'), createUser(T, 'lib-admin', 'admin')]);
});

/** A word only this test's items carry, so parallel tests on the same tenant do not see each other's items. */
const runId = () => `r${randomBytes(4).toString('hex')}`;

const titles = (page: Page) => page.getByTestId('library-item-title').allInnerTexts();
const itemCard = (page: Page, title: string) => page.locator(`[data-testid="library-item"][data-title="${title}"]`);

async function openLibrary(page: Page, user: TestUser, path: string) {
  await signInContext(page.context(), page.request, user);
  await page.goto(path);
  await hydrated(page);
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`${name}: an organizer sees their items and the tenant's shared ones, filters by kind and status, and searches titles and tags`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const r = runId();
    await Promise.all([
      seedMediaItem(data, { kind: 'image', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Keynote stage`, tags: ['stage'] }),
      seedMediaItem(data, { kind: 'audio', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Intro jingle`, tags: ['music'] }),
      seedMediaItem(data, { kind: 'video', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Broken upload`, status: 'failed', failure: 'video_unreadable' }),
      seedMediaItem(data, { kind: 'audio', owner: { sub: orgA.sub, name: 'Ana' }, title: `${r} Still cutting`, status: 'processing', progress: 40 }),
      seedMediaItem(data, { kind: 'image', owner: { sub: orgB.sub, name: 'Ben' }, title: `${r} Sponsor wall`, visibility: 'tenant' }),
      seedMediaItem(data, { kind: 'video', owner: { sub: orgB.sub, name: 'Ben' }, title: `${r} Ben private cut`, visibility: 'private' }),
    ]);
    await openLibrary(page, orgA, `/uploadCustomerMedia?q=${r}`);
    await expect(page.getByTestId('library-item')).toHaveCount(5);
    await page.screenshot({ path: `test-reports/library-items-${name}.png`, fullPage: true });
    expect((await titles(page)).sort()).toEqual([`${r} Broken upload`, `${r} Intro jingle`, `${r} Keynote stage`, `${r} Sponsor wall`, `${r} Still cutting`]);
    // A processing item shows its progress.
    await expect(itemCard(page, `${r} Still cutting`).getByTestId('media-preview')).toContainText('Processing… 40%');
    // Another organizer's shared item: visible, by its owner, with no edit or delete.
    await expect(itemCard(page, `${r} Sponsor wall`)).toContainText('By Ben');
    await expect(itemCard(page, `${r} Sponsor wall`).getByTestId('library-edit-open')).toHaveCount(0);
    // A failed item says why, and its owner may have it processed again.
    await expect(itemCard(page, `${r} Broken upload`).getByTestId('media-failure')).toContainText('This video could not be read');
    await expect(itemCard(page, `${r} Broken upload`).getByTestId('media-retry')).toBeVisible();

    await page.getByTestId('library-filter-kind').selectOption('image');
    await page.getByTestId('library-filter-apply').click();
    await expect(page).toHaveURL(/kind=image/);
    await expect(page.getByTestId('library-item')).toHaveCount(2);
    await page.getByTestId('library-filter-kind').selectOption('');
    await page.getByTestId('library-filter-status').selectOption('failed');
    await page.getByTestId('library-filter-apply').click();
    await expect(page.getByTestId('library-item')).toHaveCount(1);
    await expect(page.getByTestId('library-item-title')).toHaveText(`${r} Broken upload`);

    // Search reaches tags too.
    await page.goto(`/uploadCustomerMedia?q=music`);
    await expect(itemCard(page, `${r} Intro jingle`)).toBeVisible();
    await page.getByTestId('library-view-list').click();
    await expect(page.getByTestId('library-items')).toHaveAttribute('data-view', 'list');
    await page.goto(`/uploadCustomerMedia?q=${r}-nothing`);
    await expect(page.getByTestId('library-empty')).toContainText('No items match these filters.');
    await page.screenshot({ path: `test-reports/library-${name}.png`, fullPage: true });
  });
}

test('phone: editing keeps what was typed through a field error, then saves', async ({ page }) => {
  await page.setViewportSize(WIDTHS.phone);
  const r = runId();
  const item = await seedMediaItem(data, { kind: 'image', owner: { sub: orgA.sub }, title: `${r} Lobby photo` });
  await openLibrary(page, orgA, `/uploadCustomerMedia?q=${r}`);
  await itemCard(page, `${r} Lobby photo`).getByTestId('library-edit-open').click();
  const dialog = page.getByTestId('library-edit');
  await dialog.getByTestId('library-edit-title').fill('   ');
  await dialog.getByTestId('library-edit-description').fill('The lobby before doors open');
  await dialog.getByTestId('library-edit-tags').fill('lobby, venue');
  await dialog.getByTestId('library-edit-save').click();
  await expect(dialog.getByTestId('library-edit-title-error')).toHaveText('Give it a title.');
  await expect(dialog.getByTestId('library-edit-description')).toHaveValue('The lobby before doors open');
  await expect(dialog.getByTestId('library-edit-tags')).toHaveValue('lobby, venue');
  expect((await data.media.get(item.id))?.title).toBe(`${r} Lobby photo`);

  await dialog.getByTestId('library-edit-title').fill(`${r} Lobby at nine`);
  await dialog.getByTestId('library-edit-visibility').selectOption('tenant');
  await dialog.getByTestId('library-edit-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('library-notice')).toHaveText('Changes saved.');
  await expect(itemCard(page, `${r} Lobby at nine`).getByTestId('library-item-visibility')).toHaveAttribute('data-visibility', 'tenant');
  expect(await data.media.get(item.id)).toMatchObject({ title: `${r} Lobby at nine`, description: 'The lobby before doors open', tags: ['lobby', 'venue'], visibility: 'tenant' });
});

test('desktop: deleting asks first, then removes the item, its stored files and its quota bytes', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  const r = runId();
  const owner = await createUser(T, 'lib-del', 'organizer');
  const item = await seedMediaItem(data, { kind: 'image', owner: { sub: owner.sub }, title: `${r} Old banner` });
  const usedBefore = await data.media.usage(owner.sub);
  expect(usedBefore).toBe(item.original.bytes);
  await openLibrary(page, owner, `/uploadCustomerMedia?q=${r}`);

  await itemCard(page, `${r} Old banner`).getByTestId('library-delete-open').click();
  await expect(page.getByTestId('library-delete-confirm')).toContainText(`Delete “${r} Old banner”?`);
  await page.getByTestId('library-delete-confirm').getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId('library-delete-confirm')).toHaveCount(0);
  await expect(itemCard(page, `${r} Old banner`)).toBeVisible();

  await itemCard(page, `${r} Old banner`).getByTestId('library-delete-open').click();
  await page.getByTestId('library-delete-confirm-button').click();
  await expect(page.getByTestId('library-notice')).toHaveText('1 item deleted.');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  expect(await data.media.get(item.id)).toBeNull();
  await expect(data.files.read(item.original.key)).rejects.toMatchObject({ name: 'NoSuchKey' });
  await expect(data.files.read(item.derived.sizes!.large1500!.key)).rejects.toMatchObject({ name: 'NoSuchKey' });
  expect(await data.media.usage(owner.sub)).toBe(0);
});

test('desktop: bulk selection changes the visibility of several items at once', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  const r = runId();
  const [one, two, three] = await Promise.all(
    ['One', 'Two', 'Three'].map((n) => seedMediaItem(data, { kind: 'document', owner: { sub: orgA.sub }, title: `${r} Handout ${n}` })),
  );
  await openLibrary(page, orgA, `/uploadCustomerMedia?q=${r}`);
  await itemCard(page, `${r} Handout One`).getByTestId('library-select').check();
  await itemCard(page, `${r} Handout Three`).getByTestId('library-select').check();
  await expect(page.getByTestId('library-bulk-count')).toHaveText('2 items selected');
  await page.getByTestId('library-bulk-visibility').selectOption('public');
  await page.getByTestId('library-bulk-apply').click();
  await expect(page.getByTestId('library-notice')).toHaveText('Visibility changed for 2 items.');
  await expect(page.getByTestId('library-bulk')).toHaveCount(0);
  await expect(itemCard(page, `${r} Handout One`).getByTestId('library-item-visibility')).toHaveAttribute('data-visibility', 'public');
  expect((await data.media.get(one!.id))?.visibility).toBe('public');
  expect((await data.media.get(two!.id))?.visibility).toBe('private');
  expect((await data.media.get(three!.id))?.visibility).toBe('public');
});

test("another organizer cannot edit, delete or re-share an organizer's items: 403 when shared, 404 when private", async ({ request }) => {
  const r = runId();
  const [shared, hidden] = await Promise.all([
    seedMediaItem(data, { kind: 'image', owner: { sub: orgB.sub }, title: `${r} Shared by B`, visibility: 'tenant' }),
    seedMediaItem(data, { kind: 'image', owner: { sub: orgB.sub }, title: `${r} Private to B` }),
  ]);
  const api = tenantApi(request, T);
  const cookie = await sessionCookie(request, orgA);
  const post = (body: Record<string, unknown>, who = cookie) => api.post('/api/media/items', { headers: { 'Content-Type': 'application/json', Cookie: who }, data: JSON.stringify(body) });
  const edit = { intent: 'edit', title: 'Taken', description: '', tags: '', visibility: 'public' };

  const refused = await post({ ...edit, id: shared.id });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, error: 'forbidden' });
  expect((await post({ ...edit, id: hidden.id })).status()).toBe(404);
  expect((await post({ intent: 'delete', ids: [shared.id] })).status()).toBe(403);
  expect((await post({ intent: 'visibility', ids: [hidden.id], visibility: 'public' })).status()).toBe(404);
  expect(await data.media.get(shared.id)).toMatchObject({ title: `${r} Shared by B`, visibility: 'tenant' });
  expect(await data.media.get(hidden.id)).toMatchObject({ visibility: 'private' });

  // Bad input is a 400, not a 500; signed out is 401; another tenant's host does not know the id.
  expect((await post({ intent: 'rename', ids: [] })).status()).toBe(400);
  expect((await post({ intent: 'edit', id: '../x' })).status()).toBe(404);
  expect((await api.post('/api/media/items', { headers: { 'Content-Type': 'application/json' }, data: JSON.stringify({ ...edit, id: shared.id }) })).status()).toBe(401);
  const other = await createUser('solana', 'lib-other', 'admin');
  const otherCookie = await sessionCookie(request, other);
  const cross = await tenantApi(request, 'solana').post('/api/media/items', { headers: { 'Content-Type': 'application/json', Cookie: otherCookie }, data: JSON.stringify({ intent: 'delete', ids: [shared.id] }) });
  expect(cross.status()).toBe(404);
  // The tenant's admin may.
  const byAdmin = await post({ ...edit, id: hidden.id, title: `${r} Renamed by admin` }, await sessionCookie(request, admin));
  expect(byAdmin.status()).toBe(200);
  expect((await data.media.get(hidden.id))?.title).toBe(`${r} Renamed by admin`);
});

test('images view: every image shows its four sizes with their pixel sizes', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  const r = runId();
  await seedMediaItem(data, { kind: 'image', owner: { sub: orgA.sub }, title: `${r} Poster` });
  await seedMediaItem(data, { kind: 'audio', owner: { sub: orgA.sub }, title: `${r} Not an image` });
  await openLibrary(page, orgA, `/customerImageUpload?q=${r}`);
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  const sizes = itemCard(page, `${r} Poster`).getByTestId('library-size-pixels');
  await expect(sizes).toHaveText(['300 × 225 px', '500 × 375 px', '750 × 563 px', '1500 × 1125 px']);
  // The largest size really loads from storage through its signed link.
  const large = itemCard(page, `${r} Poster`).getByTestId('library-size-large1500').locator('img');
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1500);
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: 'test-reports/library-images-phone.png', fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
  await page.screenshot({ path: 'test-reports/library-images-desktop.png', fullPage: true });
});

test('phone, in French: the library speaks the tenant’s language; a member gets My media, and the organizers’ image library refuses them', async ({ page, request }) => {
  await page.setViewportSize(WIDTHS.phone);
  const organizer = await createUser('lumiere', 'lib-fr', 'organizer');
  const lumiere = e2eMediaData('lumiere');
  const r = runId();
  await seedMediaItem(lumiere, { kind: 'image', owner: { sub: organizer.sub }, title: `${r} Affiche` });
  await openLibrary(page, organizer, tenantUrl('lumiere', `/uploadCustomerMedia?q=${r}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Médiathèque');
  await expect(itemCard(page, `${r} Affiche`).getByTestId('library-edit-open')).toHaveText('Modifier');
  await page.screenshot({ path: 'test-reports/library-fr-phone.png', fullPage: true });
  const member = await createUser('lumiere', 'lib-fr-member');
  const cookie = await sessionCookie(request, member);
  const mine = await tenantApi(request, 'lumiere').get('/uploadCustomerMedia', { headers: { Cookie: cookie } });
  expect(mine.status()).toBe(200);
  expect(await mine.text()).toContain('Mes médias');
  const refused = await tenantApi(request, 'lumiere').get('/customerImageUpload', { headers: { Cookie: cookie } });
  expect(refused.status()).toBe(403);
});

test('desktop: the library pages by 24, and a whole page can be selected and deleted at once', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  const r = runId();
  const owner = await createUser(T, 'lib-pages', 'organizer');
  for (let n = 1; n <= 26; n++) await seedMediaItem(data, { kind: 'document', owner: { sub: owner.sub }, title: `${r} Sheet ${String(n).padStart(2, '0')}` });
  await openLibrary(page, owner, `/uploadCustomerMedia?q=${r}&view=list`);
  await expect(page.getByTestId('library-item')).toHaveCount(24);
  // Newest first: the last two made are on the first page, the first two on the next.
  await expect(page.getByTestId('library-item-title').first()).toHaveText(`${r} Sheet 26`);
  await page.getByTestId('library-next').click();
  await expect(page).toHaveURL(/after=[a-z0-9]{21}/);
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  expect(await titles(page)).toEqual([`${r} Sheet 02`, `${r} Sheet 01`]);
  await expect(page.getByTestId('library-next')).toHaveCount(0);

  await page.getByTestId('library-select').first().check();
  await page.getByRole('button', { name: 'Select all on this page' }).click();
  await expect(page.getByTestId('library-bulk-count')).toHaveText('2 items selected');
  await page.getByTestId('library-bulk-delete').click();
  await expect(page.getByTestId('library-delete-confirm')).toContainText('Delete 2 items?');
  await page.getByTestId('library-delete-confirm-button').click();
  await expect(page.getByTestId('library-notice')).toHaveText('2 items deleted.');
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(24);
  await expect(page.getByTestId('library-next')).toHaveCount(0);
  expect(await data.media.usage(owner.sub)).toBe(24 * (await data.media.list({ ownerId: owner.sub, limit: 1 })).items[0]!.original.bytes);
});
