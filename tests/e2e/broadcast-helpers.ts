/** Shared steps of the broadcast specs: the key screen, its values, the live status. */
import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantUrl } from './fixtures';

export async function openKeyScreen(page: Page, protocol: 'rtmp' | 'srt', eventId: string) {
  await page.goto(tenantUrl('aurora', `/${protocol}Key?eventId=${eventId}`));
  await pageHydrated(page);
}

/** Creates (or, after confirming, rotates) the key; returns the ingest URL and the key shown once. */
export async function mintKey(page: Page, intent: 'create' | 'rotate'): Promise<{ url: string; key: string }> {
  if (intent === 'create') await page.getByTestId('create-key').click();
  else {
    await page.getByTestId('rotate-key').click();
    await page.getByTestId('key-confirm-confirm').click();
  }
  const key = page.getByTestId('stream-key');
  await expect(key).toHaveValue(/.{32,}/);
  return { url: await page.getByTestId('ingest-url').inputValue(), key: await key.inputValue() };
}

export const liveStatus = (page: Page) => page.getByTestId('live-status');

export async function expectStatus(page: Page, status: string, timeout = 30_000) {
  await expect(liveStatus(page)).toHaveAttribute('data-status', status, { timeout });
}
