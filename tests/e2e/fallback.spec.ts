import { expect, tenantApi, tenantUrl, test } from './fixtures';

for (const path of ['/aboutus', '/ABOUTUS', '/signin', '/no-such-page', '/aboutUs/extra', '/home/index']) {
  test(`${path} renders the branded fallback with status 404`, async ({ page }) => {
    const response = await page.goto(tenantUrl('lumiere', path));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    // Branded: the tenant's logo and a way home.
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    await expect(page.getByTestId('not-found').getByRole('link').first()).toHaveAttribute('href', '/');
  });
}

test('a trailing slash redirects permanently to the canonical path', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').get('/aboutUs/?x=1', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/aboutUs?x=1');
  const doubled = await tenantApi(request, 'aurora').get('/aboutUs//', { maxRedirects: 0 });
  expect(doubled.headers()['location']).toBe('/aboutUs');
});

test('/ and /home both serve the home page', async ({ request }) => {
  for (const path of ['/', '/home']) expect((await tenantApi(request, 'aurora').get(path)).status()).toBe(200);
});
