/**
 * The media library shows what happened (issue 25): files uploaded on /uploadCustomerMedia appear
 * in the list at once with their processing state and the storage used follows, without a reload
 * and without a notice linking to the page one is on; a processed card opens in a viewer in the
 * library itself (video and audio play, an image shows, a document's pages read), closing it
 * leaves the library as it was; the Edit dialog shows which item it edits; ?open= follows the one
 * media rule (another's private item, or a malformed id, is not found).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantApi, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { mediaState, pressPlay } from './playback-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem, testJpeg, testMp4 } from '#tests/support/media';

test.describe.configure({ timeout: 150_000 });

const T = 'aurora';
const data = e2eMediaData(T);
const SCREENS = '/tmp/library-screens';
const runId = () => `r${randomBytes(4).toString('hex')}`;
const card = (page: Page, title: string) => page.locator(`[data-testid="library-item"][data-title="${title}"]`);

let organizer: TestUser;
test.beforeAll(async () => {
  organizer = await createUser(T, 'lib-feedback', 'organizer');
});

async function openLibrary(page: Page, user: TestUser, path: string) {
  await signInContext(page.context(), page.request, user);
  await page.goto(path);
  await pageHydrated(page);
}

test('two files uploaded appear at once with their processing state, storage used follows, and no notice links to this page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const uploader = await createUser(T, 'lib-feedback-up', 'organizer');
  const r = runId();
  await openLibrary(page, uploader, `/uploadCustomerMedia?q=${r}`);
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await expect(page.getByTestId('upload-usage')).toContainText('0 KB of');
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });

  await page.getByTestId('uploader').locator('input[type=file]').first().setInputFiles([
    { name: `${r}-poster.jpg`, mimeType: 'image/jpeg', buffer: await testJpeg() },
    { name: `${r}-clip.mp4`, mimeType: 'video/mp4', buffer: await testMp4() },
  ]);
  await page.locator('.uppy-StatusBar-actionBtn--upload').click();
  await expect(page.getByTestId('upload-accepted')).toHaveCount(2, { timeout: 60_000 });
  const outcomes = page.getByTestId('upload-outcomes');
  await expect(outcomes).toContainText('2 files uploaded.');
  await expect(page.getByTestId('upload-listed')).toHaveText('They are listed below with their processing state.');
  await expect(outcomes.getByRole('link')).toHaveCount(0);

  // Without a reload: both items are listed with a status, and the storage used is no longer 0 KB.
  const items = page.getByTestId('library-item');
  await expect(items).toHaveCount(2);
  for (const status of await page.getByTestId('library-status').all()) {
    await expect(status).toHaveAttribute('data-status', /^(uploading|processing|ready)$/);
  }
  await expect(page.getByTestId('upload-usage')).not.toContainText('0 KB of');
  expect(navigations).toBe(0);

  // The photo, once processed, opens in the viewer from its card.
  const photo = items.filter({ hasText: 'poster' });
  await expect(photo.getByTestId('library-status')).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await photo.getByTestId('library-open').click();
  const viewer = page.getByTestId('library-viewer');
  await expect(viewer.getByTestId('media-image')).toBeVisible();
  await expect.poll(() => viewer.getByTestId('media-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENS}/library-viewer-image-1280.png` });
  await viewer.getByTestId('library-viewer-close').click();
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/uploadCustomerMedia\\?q=${r}$`));
});

test('phone: a video plays, audio plays, a document reads and an image shows in the viewer; Edit shows the item', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const r = runId();
  const owner = { sub: organizer.sub };
  await Promise.all([
    seedMediaItem(data, { kind: 'video', owner, title: `${r} Keynote` }),
    seedMediaItem(data, { kind: 'audio', owner, title: `${r} Podcast` }),
    seedMediaItem(data, { kind: 'document', owner, title: `${r} Handout`, pages: 3 }),
    seedMediaItem(data, { kind: 'image', owner, title: `${r} Poster` }),
  ]);
  await openLibrary(page, organizer, `/uploadCustomerMedia?q=${r}`);
  await expect(page.getByTestId('library-item')).toHaveCount(4);
  const viewer = page.getByTestId('library-viewer');

  await card(page, `${r} Keynote`).getByTestId('library-open').click();
  await expect(viewer).toHaveAttribute('data-kind', 'video');
  const video = viewer.getByTestId('video-player');
  await pressPlay(page, video);
  await expect.poll(async () => (await mediaState(video)).time, { timeout: 30_000 }).toBeGreaterThan(0.3);
  await page.screenshot({ path: `${SCREENS}/library-viewer-video-390.png` });
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await card(page, `${r} Podcast`).getByTestId('library-open').click();
  const audio = viewer.getByTestId('audio-player');
  await pressPlay(page, audio);
  await expect.poll(async () => (await mediaState(audio, 'audio')).time, { timeout: 30_000 }).toBeGreaterThan(0.1);
  await viewer.getByTestId('library-viewer-close').click();

  await card(page, `${r} Handout`).getByTestId('library-open').click();
  await expect(viewer.getByTestId('document-pages')).toBeVisible();
  await expect(viewer.getByTestId('document-counter')).toContainText('3');
  await page.screenshot({ path: `${SCREENS}/library-viewer-document-390.png` });
  await viewer.getByTestId('library-viewer-close').click();

  await card(page, `${r} Poster`).getByTestId('library-open').click();
  await expect(viewer.getByTestId('media-image')).toBeVisible();
  await viewer.getByTestId('library-viewer-close').click();
  await expect(viewer).toHaveCount(0);

  // The Edit dialog shows which item it edits: its picture, file name and kind.
  await card(page, `${r} Poster`).getByTestId('library-edit-open').click();
  const preview = page.getByTestId('library-edit').getByTestId('library-edit-preview');
  await expect(preview.locator('img')).toBeVisible();
  await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(preview).toContainText(`${r} Poster.jpg`);
  await expect(preview).toContainText('Image');
  await page.screenshot({ path: `${SCREENS}/library-edit-preview-390.png` });
  await page.keyboard.press('Escape');
  await card(page, `${r} Podcast`).getByTestId('library-edit-open').click();
  await expect(page.getByTestId('library-edit-preview')).toContainText('Audio');
});

test("?open= follows the media rule: another organizer's private item and a malformed id are not found", async ({ request }) => {
  const r = runId();
  const other = await createUser(T, 'lib-feedback-other', 'organizer');
  const [hidden, shared] = await Promise.all([
    seedMediaItem(data, { kind: 'image', owner: { sub: other.sub }, title: `${r} Private` }),
    seedMediaItem(data, { kind: 'image', owner: { sub: other.sub }, title: `${r} Shared`, visibility: 'tenant' }),
  ]);
  const api = tenantApi(request, T);
  const cookie = await sessionCookie(request, organizer);
  const get = (path: string) => api.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 });
  expect((await get(`/uploadCustomerMedia?open=${hidden.id}`)).status()).toBe(404);
  expect((await get('/uploadCustomerMedia?open=../../x')).status()).toBe(404);
  const allowed = await get(`/uploadCustomerMedia?open=${shared.id}&_data=uploadCustomerMedia`);
  expect(allowed.status()).toBe(200);
  expect(await allowed.json()).toMatchObject({ opened: { id: shared.id, kind: 'image', canManage: false } });
});
