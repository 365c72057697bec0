import { expect, tenantApi, tenantUrl, test } from './fixtures';

test('a bilingual tenant without a default follows Accept-Language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX', extraHTTPHeaders: { 'Accept-Language': 'es-MX,es;q=0.9' } });
  const page = await context.newPage();
  await page.goto(tenantUrl('solana', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('top-menu').or(page.getByTestId('mobile-menu')).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Precios' }).first()).toBeAttached();
  await context.close();
});

test('the language switcher changes the language and remembers it', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': 'en-US' } });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl('solana', '/pricing'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-switcher').locator('summary').click();
  await page.getByTestId('language-option-es').click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto(tenantUrl('solana', '/features'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await context.close();
});

test('/changeLanguage sets the language for the whole site', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/changeLanguage'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByTestId('language-en').check({ force: true });
  await page.getByRole('button', { name: /Enregistrer|Save/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a French-first tenant formats prices in euros for the French locale', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/pricing'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // fr-FR puts the euro sign after the amount with a narrow no-break space.
  await expect(page.locator('main')).toContainText(/\d[\s\u202f\u00a0]?€/);
});

test('an English-only tenant shows no language switcher', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/'));
  await expect(page.getByTestId('language-switcher')).toHaveCount(0);
});

test('a language the tenant does not offer is refused', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').post('/changeLanguage', { form: { language: 'fr', redirectTo: '/' }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
});
