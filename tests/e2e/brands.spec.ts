import { mkdirSync } from 'node:fs';
import { expect, TENANTS, tenantApi, tenantUrl, test, VIEWPORTS } from './fixtures';

const BRAND = {
  aurora: { name: 'Aurora Live', lang: 'en' },
  solana: { name: 'Solana', lang: 'en' },
  lumiere: { name: 'Lumière', lang: 'fr' },
} as const;

mkdirSync('test-results/screens', { recursive: true });

for (const tenant of TENANTS) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`${tenant} home is branded at ${size} (${viewport.width}px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto(tenantUrl(tenant, '/'), { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(BRAND[tenant].name));
      expect(await page.locator('html').getAttribute('lang')).toBe(BRAND[tenant].lang);

      // The tenant's own logo is served from its own assets and actually loads.
      const logo = page.locator('header img').first();
      await expect(logo).toHaveAttribute('src', /^\/brand\//);
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(page.getByTestId('hero-headline')).toBeVisible();

      // Breakpoints (docs/PRODUCT.md, Rules: breakpoints): the top menu from 1025px, the drawer below.
      const desktop = viewport.width >= 1025;
      await expect(page.getByTestId('top-menu')).toBeVisible({ visible: desktop });
      await expect(page.getByTestId('mobile-menu')).toBeVisible({ visible: !desktop });
      if (!desktop) {
        await page.getByTestId('mobile-menu').locator('summary').click();
        await expect(page.getByTestId('mobile-menu').getByRole('link').first()).toBeVisible();
      }
      // No horizontal scrolling at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await page.screenshot({ path: `test-results/screens/${tenant}-${size}.png`, fullPage: false });
    });
  }
}

test('each tenant has its own brand colours and fonts on first paint (no client JS needed)', { tag: '@smoke' }, async ({ browser }) => {
  const seen = new Map<string, string>();
  for (const tenant of TENANTS) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl(tenant, '/'));
    const style = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      return `${root.getPropertyValue('--chakra-colors-brand-solid').trim()}|${getComputedStyle(document.body).fontFamily}`;
    });
    expect(style).toMatch(/^\S+\|/);
    seen.set(tenant, style);
    await context.close();
  }
  expect(new Set(seen.values()).size).toBe(TENANTS.length);
});

test('the top menu has the specified labels in order, with Live events', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.xl);
  await page.goto(tenantUrl('aurora', '/'));
  const labels = await page.getByTestId('top-menu').getByRole('link').allInnerTexts();
  // Live events right after Home (docs/decisions/0040), then the specified order.
  expect(labels).toEqual(['Home', 'Live events', 'Features', 'Partners', 'Support', 'Blog', 'Pricing', 'Demo']);
});

test('an unknown host gets a plain 404 naming no tenant', async ({ request }) => {
  const response = await tenantApi(request, 'nobody').get('/');
  expect(response.status()).toBe(404);
  const body = await response.text();
  expect(body).toContain('Unknown site');
  for (const name of ['Aurora', 'Solana', 'Lumi', 'aurora', 'solana', 'lumiere']) expect(body).not.toContain(name);
});
