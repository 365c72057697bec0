import type { Page } from '@playwright/test';
import { formatMoney } from '#app/lib/money/money';
import { LOCALE_FOR_LANGUAGE } from '#server/locale.server';
import { seedMediaItem, testJpeg } from '#tests/support/media';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, signInContext } from './session-helpers';
import { CURRENCY, LANGUAGE, seedShop } from './shop-helpers';

const money = (tenant: string, amount: number) => formatMoney({ amount, currency: CURRENCY[tenant]! }, LOCALE_FOR_LANGUAGE[LANGUAGE[tenant]!]);
const cartCount = (page: Page) => page.getByTestId('cart-count');

test.describe('shop', () => {
  test('an organizer creates a channel with an avatar and a product with an image from the dashboard', async ({ page, context, request }) => {
    const tenant = 'aurora';
    const organizer = await createUser(tenant, 'maker', 'organizer');
    const image = await seedMediaItem(e2eMediaData(tenant), { kind: 'image', owner: { sub: organizer.sub, name: 'Maker' }, title: 'Poster art', visibility: 'public' });
    await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl(tenant, '/userDashboard?tab=Channels'));
    await pageHydrated(page);
    await page.getByTestId('channel-new').click();
    const name = `Maker studio ${Date.now().toString(36)}`;
    await page.getByTestId('channel-name-input').fill(name);
    await page.getByTestId('channel-about-input').fill('Prints and workshops. See https://example.com/maker');
    await page.getByTestId('channel-save').click();
    const panel = page.getByTestId('managed-channel').filter({ hasText: name });
    await expect(panel).toBeVisible();

    await panel.getByTestId('channel-edit').click();
    await panel.getByTestId('channel-avatar-file').setInputFiles({ name: 'avatar.jpg', mimeType: 'image/jpeg', buffer: await testJpeg() });
    await expect(panel.getByTestId('channel-avatar-image')).toBeVisible();

    await panel.getByTestId('product-new').click();
    const form = panel.getByTestId('product-form');
    await form.getByTestId('product-title-input').fill('Signed print');
    await form.getByTestId('product-price-input').fill('12.5x');
    await form.getByTestId('product-save').click();
    // A bad price is refused beside its field and what was typed stays.
    await expect(form.getByTestId('product-form-message')).toBeVisible();
    await expect(form.getByTestId('product-price-input')).toHaveValue('12.5x');
    await form.getByTestId('product-price-input').fill('12.50');
    await form.getByTestId('product-stock-input').fill('3');
    await form.getByTestId('product-images').getByLabel('Poster art').check();
    await form.getByTestId('product-mediaIds').getByLabel('Poster art').check();
    await form.getByTestId('product-save').click();
    const row = panel.getByTestId('managed-product').filter({ hasText: 'Signed print' });
    await expect(row).toContainText('$12.50');

    await panel.getByTestId('channel-view').click();
    await expect(page.getByTestId('channel-name')).toHaveText(name);
    await expect(page.getByRole('img', { name: `${name}’s avatar` }).first()).toBeVisible();
    const card = page.getByTestId('product-card').filter({ hasText: 'Signed print' });
    await expect(card.getByTestId('product-price')).toHaveText('$12.50');
    await card.getByRole('link', { name: 'Signed print' }).click();
    await expect(page.getByTestId('product-image')).toBeVisible();
    await expect(page.getByTestId('product-stock')).toHaveText('3 left');
    expect(image.kind).toBe('image');
  });

  for (const tenant of ['aurora', 'solana', 'lumiere'] as const) {
    test(`a visitor on ${tenant} adds to the cart, sees the count on a server-rendered static page, and keeps the cart at sign-in`, async ({ page, context, request }) => {
      const unit = tenant === 'solana' ? 34950 : 1250;
      const shop = await seedShop(tenant, unit, { stock: 10 });
      await context.addCookies([{ name: 'lng', value: LANGUAGE[tenant]!, domain: `${tenant}.localhost`, path: '/' }]);
      await page.goto(tenantUrl(tenant, `/customerChannels?q=${encodeURIComponent(shop.channelName)}`));
      const card = page.getByTestId('channel-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(shop.channelName);
      await card.getByRole('link').click();
      await expect(page.getByTestId('channel-name')).toHaveText(shop.channelName);
      await page.getByTestId('product-card').getByRole('link', { name: shop.productTitle }).click();
      await expect(page.getByTestId('product-detail-price')).toHaveText(money(tenant, unit));
      await pageHydrated(page);
      await page.getByTestId('product-quantity').selectOption('2');
      await page.getByTestId('product-add').click();
      await expect(page.getByTestId('product-note')).toBeVisible();
      await expect(cartCount(page)).toHaveText('2');

      // A static information page carries the count in the HTML the server sent.
      const html = await page.evaluate(() => fetch('/aboutUs').then((r) => r.text()));
      expect(html).toMatch(/data-testid="cart-count"[^>]*>2</);
      await page.goto(tenantUrl(tenant, '/aboutUs'));
      await expect(cartCount(page)).toHaveText('2');

      // The drawer: lines, steppers and totals in the reader's locale.
      await pageHydrated(page);
      await page.getByTestId('cart-button').click();
      const line = page.getByTestId('cart-line');
      await expect(line.getByTestId('cart-line-total')).toHaveText(money(tenant, unit * 2));
      await line.getByTestId('cart-increase').click();
      await expect(line.getByTestId('cart-quantity')).toHaveText('3');
      await expect(page.getByTestId('cart-total')).toHaveText(money(tenant, unit * 3));
      await expect(cartCount(page)).toHaveText('3');

      // Signing in moves the guest's lines into the user's cart and clears the guest cookie.
      const buyer = await createUser(tenant, 'buyer');
      await signInContext(context, request, buyer);
      await page.goto(tenantUrl(tenant, '/customerChannels'));
      await expect(cartCount(page)).toHaveText('3');
      expect((await context.cookies()).some((c) => c.name === 'cart')).toBe(false);
      const cart = (await page.evaluate(() => fetch('/api/cart').then((r) => r.json()))) as { cart: { cartItemsCnt: number; signedIn: boolean } };
      expect(cart.cart).toMatchObject({ cartItemsCnt: 3, signedIn: true });
    });
  }

  test('checkout sends the cart’s lines with a key of its version and goes to the hosted payment page', async ({ page, context, request }) => {
    const tenant = 'lumiere';
    const shop = await seedShop(tenant, 990);
    const buyer = await createUser(tenant, 'payer');
    await signInContext(context, request, buyer);
    await page.goto(tenantUrl(tenant, '/customerChannels'));
    const added = await page.evaluate(
      (productId) => fetch('/api/cart', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ intent: 'add', productId, quantity: 2 }) }).then((r) => r.status),
      shop.productId,
    );
    expect(added).toBe(200);
    const bodies: unknown[] = [];
    await page.route('**/api/checkout', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ orderId: 'o-test', redirectUrl: tenantUrl(tenant, '/cdeVerified?hosted=1') }) });
    });
    await page.goto(tenantUrl(tenant, '/customerChannels'));
    await pageHydrated(page);
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(/\/cdeVerified\?hosted=1/);
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as { lines: unknown[]; returnPath: string; idempotencyKey: string };
    expect(body.lines).toEqual([{ kind: 'product', refId: shop.productId, quantity: 2 }]);
    expect(body.returnPath).toBe('/customerChannels');
    expect(body.idempotencyKey).toMatch(/^cart-U-.+-v1$/);
  });

  test('another tenant’s channel and product answer 404, and a sold-out product cannot be added', async ({ request }) => {
    const shop = await seedShop('aurora', 500, { stock: 1 });
    const other = (path: string) => request.get(`http://127.0.0.1:${process.env.E2E_PORT ?? 3310}${path}`, { headers: { Host: `solana.localhost:${process.env.E2E_PORT ?? 3310}` } });
    expect((await other(`/channelPage?channel=${shop.channelId}`)).status()).toBe(404);
    expect((await other(`/channelProductDetails?product=${shop.productId}`)).status()).toBe(404);
    const add = (quantity: number) =>
      request.post(`http://127.0.0.1:${process.env.E2E_PORT ?? 3310}/api/cart`, { data: { intent: 'add', productId: shop.productId, quantity }, headers: { Host: `aurora.localhost:${process.env.E2E_PORT ?? 3310}`, Origin: `http://aurora.localhost:${process.env.E2E_PORT ?? 3310}` } });
    expect((await add(2)).status()).toBe(409);
    expect((await add(1)).status()).toBe(200);
    const bad = await request.post(`http://127.0.0.1:${process.env.E2E_PORT ?? 3310}/api/cart`, { data: { intent: 'add', productId: '../x' }, headers: { Host: `aurora.localhost:${process.env.E2E_PORT ?? 3310}`, Origin: `http://aurora.localhost:${process.env.E2E_PORT ?? 3310}` } });
    expect(bad.status()).toBe(400);
  });
});
