import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { LANGUAGE, seedShop } from './shop-helpers';

/** The shop's screens fit a phone (390 px) and a desktop (1280 px) with nothing wider than the viewport; screenshots kept for review. */
for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the shop screens and the cart drawer fit a ${label}`, async ({ page, context }) => {
    const tenant = label === 'phone' ? 'lumiere' : 'solana';
    const shop = await seedShop(tenant, 2490, { stock: 4 });
    await context.addCookies([{ name: 'lng', value: LANGUAGE[tenant]!, domain: `${tenant}.localhost`, path: '/' }]);
    await page.setViewportSize(viewport);
    const fits = async (name: string) => {
      await page.screenshot({ path: `test-results/shop-screens/${label}-${name}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(viewport.width);
    };
    await page.goto(tenantUrl(tenant, `/customerChannels?q=${encodeURIComponent(shop.channelName)}`));
    await expect(page.getByTestId('channel-card')).toHaveCount(1);
    await fits('channels');
    await page.goto(tenantUrl(tenant, `/channelPage?channel=${shop.channelId}`));
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await fits('channel');
    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${shop.productId}`));
    await expect(page.getByTestId('product-image')).toBeVisible();
    await pageHydrated(page);
    await page.getByTestId('product-add').click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await fits('product');
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // The drawer slides in: the picture is taken once its animations are done.
    await page.getByTestId('cart-drawer').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: `test-results/shop-screens/${label}-drawer.png` });
    await page.goto(tenantUrl(tenant, '/customerChannels?q=no-such-channel-anywhere'));
    await expect(page.getByTestId('channels-empty')).toBeVisible();
    await fits('empty');
  });
}
