/** /profilePhotoChanger with Chromium's fake camera: a snapshot becomes the avatar (its own file: the camera needs its own browser). */
import { expect, test } from './fixtures';
import { MEDIA_BROWSER } from './media-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';
import { loaded, saveCropped } from './tools-photo-helpers';

test.use(MEDIA_BROWSER);

test('a snapshot of the camera becomes the avatar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createUser('aurora', 'avatar-cam');
  await signInContext(page.context(), page.request, member);
  await page.goto('/profilePhotoChanger');
  await hydrated(page);
  await page.getByTestId('avatar-camera-start').click();
  await expect(page.getByTestId('avatar-camera-preview')).toBeVisible();
  await expect(page.getByTestId('avatar-camera-take')).toBeEnabled({ timeout: 15_000 });
  await page.screenshot({ path: 'test-reports/tools-photo-avatar-camera-desktop.png', fullPage: true });
  await page.getByTestId('avatar-camera-take').click();
  await saveCropped(page);
  await expect.poll(() => loaded(page, 'account-avatar')).toBe(true);
});
