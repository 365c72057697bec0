/**
 * The six media tools at the four breakpoints (phone 390, tablet 768, desktop 1280, wide 1920), on
 * every sample tenant in its language: each screen shows its heading and never scrolls sideways.
 * Screenshots go to test-reports/ for a person to look at.
 */
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

const SCREENS = ['/mediaCapture', '/browserVoice', '/speechToText', '/transcribeAudio', '/photoEditor', '/profilePhotoChanger'] as const;
const WIDTHS = [390, 768, 1280, 1920] as const;

for (const tenant of ['aurora', 'solana', 'lumiere'] as const) {
  test(`the media tools fit every breakpoint on ${tenant}`, async ({ page }) => {
    test.setTimeout(180_000);
    const member = await createUser(tenant, 'tools-widths');
    await signInContext(page.context(), page.request, member);
    for (const path of SCREENS) {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(tenantUrl(tenant, path));
      await hydrated(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${path} at ${width}px scrolls sideways` }).toBeLessThanOrEqual(0);
        if (tenant === 'aurora' && (width === 768 || width === 1920)) await page.screenshot({ path: `test-reports/tools${path.replace('/', '-')}-${width}.png`, fullPage: true });
      }
    }
  });
}
