/** Screenshots of a screen at a phone's and a desktop's width into test-results/screens/, for a person to look at. */
import type { Page } from '@playwright/test';

const WIDTHS = [390, 1280] as const;

export async function shootBothWidths(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
