/**
 * The library end to end, without seeded items: an organizer uploads a photo on /customerImageUpload
 * through the embedded uploader (straight to storage), the worker makes its four sizes, and the
 * library shows them with their pixel sizes; a video uploaded on /reviewVideoUpload waits for review
 * once processed and shows as waiting to its uploader.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';
import { testJpeg, testMp4 } from '#tests/support/media';

test.describe.configure({ timeout: 120_000 });

const T = 'aurora';

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('uploader').locator('input[type=file]').first().setInputFiles(file);
  await page.locator('.uppy-StatusBar-actionBtn--upload').click();
  await expect(page.getByTestId('upload-accepted')).toContainText(file.name, { timeout: 30_000 });
}

test('a photo uploaded in the images view is processed into its four sizes and listed with them', { tag: '@smoke' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const organizer = await createUser(T, 'lib-upload', 'organizer');
  await signInContext(page.context(), page.request, organizer);
  const name = `stage-${randomBytes(4).toString('hex')}`;
  await page.goto(`/customerImageUpload?q=${name}`);
  await hydrated(page);
  await expect(page.getByTestId('library-empty')).toBeVisible();
  await upload(page, { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await testJpeg() });

  // The new item is listed after a reload (other tests share the tenant: search for it); from then
  // on the list follows its processing by itself.
  await page.goto(`/customerImageUpload?q=${name}`);
  await hydrated(page);
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  await expect(page.getByTestId('library-status')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('library-size-pixels')).toHaveText(['300 × 225 px', '500 × 375 px', '750 × 563 px', '1500 × 1125 px']);
});

test('a video uploaded for review waits for an admin once processed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const organizer = await createUser(T, 'lib-upload-rev', 'organizer');
  await signInContext(page.context(), page.request, organizer);
  await page.goto('/reviewVideoUpload');
  await hydrated(page);
  await expect(page.getByTestId('review-mine-empty')).toBeVisible();
  await upload(page, { name: 'keynote.mp4', mimeType: 'video/mp4', buffer: await testMp4() });
  await expect
    .poll(
      async () => {
        await page.goto('/reviewVideoUpload');
        return page.getByTestId('review-mine-item').getByTestId('review-decision').textContent();
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBe('Waiting for an administrator.');
  await page.screenshot({ path: 'test-reports/library-review-upload-phone.png', fullPage: true });
});
