/**
 * /photoEditor end to end: a picture from a file or from the library, edited in the browser (crop
 * to a ratio or an exact event size, rotate, resize, undo/redo with the buttons and the keyboard),
 * saved through the upload path as a new library item that the worker makes into its four sizes,
 * with the pixel size the edit promised.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { MediaItem } from '#app/lib/media/model';
import { seedMediaItem, testJpeg } from '#tests/support/media';
import { expect, tenantApi, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, signInContext, sessionCookie } from './session-helpers';

test.describe.configure({ timeout: 120_000 });

const T = 'aurora';

const result = (page: Page) => page.getByTestId('photo-result');

async function expectSize(page: Page, width: number, height: number) {
  await expect(result(page)).toHaveAttribute('data-width', String(width));
  await expect(result(page)).toHaveAttribute('data-height', String(height));
}

/** Opens the editor on a 1600 × 1200 JPEG file. */
async function openFile(page: Page) {
  await page.goto('/photoEditor');
  await hydrated(page);
  await page.getByTestId('photo-file').setInputFiles({ name: `stage-${randomBytes(3).toString('hex')}.jpg`, mimeType: 'image/jpeg', buffer: await testJpeg() });
  await expectSize(page, 1600, 1200);
  await expect(page.getByTestId('photo-crop').locator('img')).toBeVisible();
}

async function applyShape(page: Page, shape: string) {
  await page.getByTestId('photo-crop-shape').selectOption(shape);
  // The new frame reports its rectangle once the picture is laid out under it.
  await expect(page.getByTestId('photo-crop-apply')).toBeEnabled();
  await page.getByTestId('photo-crop-apply').click();
}

/** Saves, then waits for the worker to finish the new item; returns it. */
async function saveAndProcess(page: Page): Promise<MediaItem> {
  await page.getByTestId('photo-save').click();
  const saved = page.getByTestId('photo-saved');
  await expect(saved).toBeVisible({ timeout: 30_000 });
  const id = (await saved.getAttribute('data-media-id'))!;
  const data = e2eMediaData(T);
  await expect.poll(async () => (await data.media.get(id))?.status, { timeout: 60_000, intervals: [1000] }).toBe('ready');
  return (await data.media.get(id))!;
}

test('a file cropped to 16:9 and turned a quarter right is saved as a new 900 × 1600 item in its four sizes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organizer = await createUser(T, 'photo-crop', 'organizer');
  await signInContext(page.context(), page.request, organizer);
  await openFile(page);
  await applyShape(page, 'wide');
  await expectSize(page, 1600, 900);
  await page.getByTestId('photo-rotate-right').click();
  await expectSize(page, 900, 1600);
  await page.screenshot({ path: 'test-reports/tools-photo-editor-desktop.png', fullPage: true });

  const item = await saveAndProcess(page);
  expect(item.kind).toBe('image');
  expect(item.ownerId).toBe(organizer.sub);
  expect(item.original.contentType).toBe('image/jpeg');
  expect({ width: item.derived.width, height: item.derived.height }).toEqual({ width: 900, height: 1600 });
  expect(Object.keys(item.derived.sizes ?? {}).sort()).toEqual(['large1500', 'medium500', 'medium750', 'small300']);
  expect(item.derived.sizes?.large1500).toMatchObject({ width: 844, height: 1500 });
});

test('the event banner size crops to exactly 1024 × 256 (phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createUser(T, 'photo-exact');
  await signInContext(page.context(), page.request, member);
  await openFile(page);
  await page.getByTestId('photo-crop-shape').selectOption('event1024');
  await expect(page.getByTestId('photo-crop-panel')).toContainText('Saved at exactly 1024 × 256 pixels.');
  await applyShape(page, 'event1024');
  await expectSize(page, 1024, 256);
  await page.screenshot({ path: 'test-reports/tools-photo-editor-phone.png', fullPage: true });
  const item = await saveAndProcess(page);
  expect({ width: item.derived.width, height: item.derived.height }).toEqual({ width: 1024, height: 256 });
});

test('undo and redo step through the edit with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createUser(T, 'photo-undo');
  await signInContext(page.context(), page.request, member);
  await openFile(page);
  await expect(page.getByTestId('photo-undo')).toBeDisabled();

  await page.getByTestId('photo-rotate-right').click();
  await expectSize(page, 1200, 1600);
  await applyShape(page, 'square');
  await expectSize(page, 1200, 1200);
  // Resizing with the proportions locked: the height follows the width.
  await page.getByTestId('photo-resize-width').fill('600');
  await expect(page.getByTestId('photo-resize-height')).toHaveValue('600');
  await page.getByTestId('photo-resize-apply').click();
  await expectSize(page, 600, 600);
  // A slider change settles into one step.
  await page.getByTestId('photo-adjust-brightness').fill('150');
  await expect(page.getByTestId('photo-steps')).toHaveText('4 changes');

  await page.getByTestId('photo-undo').click();
  await expect(page.getByTestId('photo-steps')).toHaveText('3 changes');
  await expect(page.getByTestId('photo-adjust-brightness')).toHaveValue('100');
  await page.getByTestId('photo-undo').click();
  await expectSize(page, 1200, 1200);

  await page.getByRole('heading', { name: 'Photo editor' }).click();
  await page.keyboard.press('Control+z');
  await expectSize(page, 1200, 1600);
  await page.keyboard.press('Control+z');
  await expectSize(page, 1600, 1200);
  await expect(page.getByTestId('photo-undo')).toBeDisabled();
  await page.keyboard.press('Control+Shift+Z');
  await expectSize(page, 1200, 1600);
  await page.getByTestId('photo-redo').click();
  await expectSize(page, 1200, 1200);
  await page.keyboard.press('Control+Shift+Z');
  await expectSize(page, 600, 600);
  await expect(page.getByTestId('photo-steps')).toHaveText('3 changes');
  // A new step drops what could have been redone.
  await page.getByTestId('photo-flip-horizontal').click();
  await expect(page.getByTestId('photo-redo')).toBeDisabled();
});

test('a library image opens in the editor, is resized with its proportions and saved as a new item', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organizer = await createUser(T, 'photo-lib', 'organizer');
  const seeded = await seedMediaItem(e2eMediaData(T), { kind: 'image', owner: { sub: organizer.sub }, title: `Stage ${randomBytes(3).toString('hex')}` });
  await signInContext(page.context(), page.request, organizer);
  await page.goto('/photoEditor');
  await hydrated(page);
  const pick = page.locator(`[data-testid="photo-library-item"][data-media-id="${seeded.id}"]`);
  await expect(pick).toHaveAccessibleName(`Edit “${seeded.title}”`);
  await pick.click();
  await expectSize(page, 1600, 1200);
  await page.getByTestId('photo-resize-width').fill('800');
  await page.getByTestId('photo-resize-apply').click();
  await expectSize(page, 800, 600);
  const item = await saveAndProcess(page);
  expect(item.id).not.toBe(seeded.id);
  expect({ width: item.derived.width, height: item.derived.height }).toEqual({ width: 800, height: 600 });

  // ?image= opens it at once; another tenant's image is not found.
  await page.goto(`/photoEditor?image=${seeded.id}`);
  await expectSize(page, 1600, 1200);
  const other = await seedMediaItem(e2eMediaData('solana'), { kind: 'image', owner: { sub: organizer.sub }, title: 'Elsewhere' });
  const cookie = await sessionCookie(page.request, organizer);
  const res = await tenantApi(page.request, T).get(`/photoEditor?image=${other.id}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
  expect(res.status()).toBe(404);
});

test('a new member with no images is told the library is empty and can still open a file', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createUser(T, 'photo-empty');
  await signInContext(page.context(), page.request, member);
  await page.goto('/photoEditor');
  await hydrated(page);
  await expect(page.getByTestId('photo-library-empty')).toBeVisible();
  await page.getByTestId('photo-file').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('photo-open-failed')).toBeVisible();
  await page.screenshot({ path: 'test-reports/tools-photo-editor-empty-phone.png', fullPage: true });
});
