import type { Page } from '@playwright/test';
import { formatMoney } from '#app/lib/money/money';
import { seedMediaItem, testJpeg } from '#tests/support/media';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { tenantLocale } from './language-helpers';
import { e2eMediaData } from './library-helpers';
import { CARDS, payWithCard } from './payments-helpers';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';
import { CURRENCY, LANGUAGE, seedProduct, seedShop } from './shop-helpers';
import { sentMails } from './tickets-helpers';
import { testMark } from './marks';

const money = (tenant: string, amount: number) => formatMoney({ amount, currency: CURRENCY[tenant]! }, tenantLocale(tenant, LANGUAGE[tenant]!));
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
    const name = `Maker studio ${testMark()}`;
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

  test('checkout of a two-product cart: hosted page, paid, cart emptied, the order and its receipt, the receipt mail, and the bought file downloadable by the buyer only', { tag: '@smoke' }, async ({ page, context, request }) => {
    test.slow();
    const tenant = 'aurora';
    const shop = await seedShop(tenant, 1250, { stock: 5 });
    // The download is a private item: only a buyer (or its owner) may fetch it.
    const file = await seedMediaItem(shop.data, { kind: 'image', owner: { sub: shop.organizer.sub, name: 'Seller' }, title: 'Hi-res print', visibility: 'private' });
    const download = await seedProduct(shop, tenant, 400, { title: 'Print file', delivers: 'download', mediaIds: [file.id] });
    const [buyer, stranger] = await Promise.all([createUser(tenant, 'cart-payer'), createUser(tenant, 'cart-stranger')]);
    await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
    await signInContext(context, request, buyer);
    for (const [productId, quantity] of [[shop.productId, '2'], [download.productId, '1']] as const) {
      await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${productId}`));
      await pageHydrated(page);
      await page.getByTestId('product-quantity').selectOption(quantity);
      await page.getByTestId('product-add').click();
      await expect(page.getByTestId('product-note')).toBeVisible();
    }
    await expect(cartCount(page)).toHaveText('3');

    await page.goto(tenantUrl(tenant, `/channelPage?channel=${shop.channelId}`));
    await pageHydrated(page);
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-total')).toHaveText('$29.00');
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout' && r.method() === 'POST');
    await page.getByTestId('cart-checkout').click();
    const body = (await sent).postDataJSON() as { lines: unknown[]; returnPath: string; idempotencyKey: string };
    expect(body.lines).toEqual([
      { kind: 'product', refId: shop.productId, quantity: 2 },
      { kind: 'product', refId: download.productId, quantity: 1 },
    ]);
    expect(body.returnPath).toBe(`/channelPage?channel=${shop.channelId}`);
    expect(body.idempotencyKey).toMatch(/^cart-U-.+-v\d+$/);
    await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
    await expect(page.getByTestId('testpay-total')).toContainText('29.00');
    await payWithCard(page, CARDS.success);

    await expect(page).toHaveURL(new RegExp(`/channelPage\\?channel=${shop.channelId}&order=[^&]+&paid=1`));
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByTestId('checkout-result')).toContainText('Thank you: your payment went through.');
    expect((await shop.data.orders.get(orderId))?.status).toBe('captured');
    await expect(cartCount(page)).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart');

    await page.goto(tenantUrl(tenant, '/userDashboard?tab=Orders'));
    await pageHydrated(page);
    const row = page.locator(`[data-testid="order-row"][data-order="${orderId}"]`);
    await expect(row).toHaveAttribute('data-status', 'captured');
    await expect(row).toContainText('$29.00');
    await row.getByTestId('order-receipt-open').click();
    const receipt = page.getByTestId('order-receipt');
    await expect(receipt).toContainText(orderId);
    await expect(receipt).toContainText(`${shop.productTitle} × 2`);
    await expect(receipt).toContainText(`${download.title} × 1`);

    await expect.poll(() => sentMails().filter((m) => m.to === buyer.username && m.purpose === 'receipt' && m.subject.includes(orderId)).length).toBe(1);
    const mail = sentMails().find((m) => m.to === buyer.username && m.purpose === 'receipt' && m.subject.includes(orderId))!;
    expect(mail.text).toContain(download.title);
    expect(mail.text).toContain('$29.00');

    // The bought file: a signed link for the buyer, 404 for anyone else.
    const api = tenantApi(request, tenant);
    const fetchFile = async (user: TestUser) => api.get(`/api/media/download?id=${file.id}`, { headers: { Cookie: await sessionCookie(request, user) }, maxRedirects: 0 });
    expect((await fetchFile(buyer)).status()).toBe(302);
    expect((await fetchFile(stranger)).status()).toBe(404);
  });

  test('a ticket product admits its buyer to the paid event (token 200), not anyone else', async ({ page, context, request }) => {
    const tenant = 'aurora';
    const shop = await seedShop(tenant, 800);
    const event = await seedEvent(tenant, shop.organizer, { ticketPrice: 2000, capacity: 5, eventDateTime: minutesFromNow(-1) });
    const ticket = await seedProduct(shop, tenant, 1500, { title: 'Workshop pass', delivers: 'ticket', eventId: event.eventId });
    const [buyer, other] = await Promise.all([createUser(tenant, 'pass-buyer'), createUser(tenant, 'pass-other')]);
    const api = tenantApi(request, tenant);
    const token = async (user: TestUser) =>
      api.post('/api/events/token', { headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(request, user) }, data: JSON.stringify({ eventId: event.eventId }) });
    expect((await token(buyer)).status()).toBe(403);

    await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
    await signInContext(context, request, buyer);
    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${ticket.productId}`));
    await pageHydrated(page);
    await page.getByTestId('product-buy-now').click();
    await expect(page.getByTestId('testpay-total')).toContainText('15.00');
    await payWithCard(page, CARDS.success);
    await expect(page).toHaveURL(new RegExp(`/channelProductDetails\\?product=${ticket.productId}&order=[^&]+&paid=1`));
    await expect(page.getByTestId('checkout-result')).toContainText('Thank you: your payment went through.');
    const orderId = new URL(page.url()).searchParams.get('order')!;
    expect(await shop.data.tickets.ticket(event.eventId, buyer.sub)).toMatchObject({ orderId });
    expect(await shop.data.tickets.sold(event.eventId)).toBe(1);

    const granted = await token(buyer);
    expect(granted.status()).toBe(200);
    expect(await granted.json()).toHaveProperty('token');
    expect((await token(other)).status()).toBe(403);

    // The same address opened by someone else says nothing: the outcome is read from the order.
    await signInContext(context, request, other);
    const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout/status');
    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${ticket.productId}&order=${orderId}&paid=1`));
    expect((await checked).status()).toBe(404);
    await expect(page.getByTestId('checkout-result')).toHaveCount(0);
  });

  test('a guest’s cart survives sign-in and is checked out on the hosted page, in French', async ({ page, context, request }) => {
    test.slow();
    const tenant = 'lumiere';
    const shop = await seedShop(tenant, 990);
    await context.addCookies([{ name: 'lng', value: 'fr', domain: `${tenant}.localhost`, path: '/' }]);
    await page.goto(tenantUrl(tenant, `/channelProductDetails?product=${shop.productId}`));
    await pageHydrated(page);
    await page.getByTestId('product-quantity').selectOption('2');
    await page.getByTestId('product-add').click();
    await expect(cartCount(page)).toHaveText('2');

    const buyer = await createUser(tenant, 'payer');
    await signInContext(context, request, buyer);
    await page.goto(tenantUrl(tenant, '/customerChannels'));
    await expect(cartCount(page)).toHaveText('2');
    await pageHydrated(page);
    await page.getByTestId('cart-button').click();
    await expect(page.getByTestId('cart-total')).toHaveText(money(tenant, 1980));
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/checkout' && r.method() === 'POST');
    await page.getByTestId('cart-checkout').click();
    const body = (await sent).postDataJSON() as { lines: unknown[]; returnPath: string; idempotencyKey: string };
    expect(body.lines).toEqual([{ kind: 'product', refId: shop.productId, quantity: 2 }]);
    expect(body.returnPath).toBe('/customerChannels');
    expect(body.idempotencyKey).toMatch(/^cart-U-.+-v\d+$/);
    // The hosted page speaks the buyer's language.
    await expect(page.getByTestId('testpay-total')).toContainText('19,80');
    await page.getByLabel('Numéro de carte').fill(CARDS.success);
    await page.getByRole('button', { name: /^Payer / }).click();
    await expect(page).toHaveURL(/\/customerChannels\?order=[^&]+&paid=1/);
    await expect(page.getByTestId('checkout-result')).toContainText('Merci\u202f: votre paiement est passé.');
    const orderId = new URL(page.url()).searchParams.get('order')!;
    expect((await shop.data.orders.get(orderId))?.status).toBe('captured');
    await expect(cartCount(page)).toHaveCount(0);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Panier');
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
