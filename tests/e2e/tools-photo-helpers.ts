/** Helpers of the avatar browser tests (tools-photo-avatar, tools-photo-camera). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Whether the image really loaded (the redirect to storage was followed and decoded). */
export const loaded = (page: Page, testId: string) => page.getByTestId(testId).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** Saves the square the changer's crop frame shows and waits until it is the avatar. */
export async function saveCropped(page: Page) {
  await expect(page.getByTestId('avatar-crop').locator('img')).toBeVisible();
  await expect(page.getByTestId('avatar-save')).toBeEnabled();
  await page.getByTestId('avatar-save').click();
  await expect(page.getByTestId('avatar-saved')).toBeVisible({ timeout: 30_000 });
}
