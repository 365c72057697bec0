import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext } from './session-helpers';

test('a bilingual tenant without a default follows Accept-Language (in its regional variant)', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX', extraHTTPHeaders: { 'Accept-Language': 'es-MX,es;q=0.9' } });
  const page = await context.newPage();
  await page.goto(tenantUrl('solana', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
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
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await page.goto(tenantUrl('solana', '/features'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
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

test.describe('translation namespaces (docs/decisions/0019)', () => {
  /** The strings a document carries for the browser (app/components/shell/TranslationBundleScript.tsx). */
  const bundleOf = (html: string) => {
    const json = /<script id="translations" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    return json ? (JSON.parse(json) as { language: string; namespaces: string[]; resources: Record<string, unknown> }) : null;
  };

  test('a signed-in page carries common and its own namespaces only', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'ns-page'));
    const response = await page.goto(tenantUrl('aurora', '/userDashboard'));
    const bundle = bundleOf(await response!.text());
    expect(bundle?.language).toBe('en');
    // payments: the Orders tab; shop: the Channels tab; tickets: the event form's admission fields;
    // registration: the event form's registration questions (docs/decisions/0083);
    // cart: the header's cart drawer, part of common; unavailable: the outage page any screen may
    // show after client-side navigation (docs/decisions/0053), part of common; analytics: the
    // Event analytics tab, drawn on the server (docs/decisions/0090); webhooks: the Webhooks tab
    // (docs/decisions/0088).
    expect([...bundle!.namespaces].sort()).toEqual(['analytics', 'common', 'dashboard', 'events', 'forms', 'payments', 'rangeAnalytics', 'registration', 'schedule', 'shop', 'tickets', 'twoFactor', 'webhooks']);
    expect(Object.keys(bundle!.resources).sort()).toEqual(['analytics', 'cart', 'dashboard', 'error', 'events', 'footer', 'forms', 'language', 'nav', 'notFound', 'payments', 'rangeAnalytics', 'registration', 'schedule', 'session', 'shop', 'tickets', 'twoFactor', 'unavailable', 'webhooks']);
    await hydrated(page);
    await expect(page.getByTestId('dashboard-side-menu').getByRole('link', { name: 'Scheduled events' })).toBeVisible();
  });

  test('an anonymous page without client JavaScript carries no strings for the browser', async ({ request }) => {
    const html = await (await tenantApi(request, 'aurora').get('/pricing')).text();
    expect(bundleOf(html)).toBeNull();
    expect(html).toContain('Not sure which plan fits?');
  });

  test('client-side navigation shows the next page only once its namespace is loaded', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'ns-nav'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl('aurora', '/userDashboard'));
    await hydrated(page);
    // Hold the pricing strings until the old page has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested!: (url: string) => void;
    const requestedUrl = new Promise<string>((resolve) => (requested = resolve));
    await page.route(/\/locales\/en\/pricing\.[0-9a-f]{12}\.json$/, async (route) => {
      requested(route.request().url());
      await held;
      await route.continue();
    });
    // Any raw key of the namespace in the page, even for a moment, is recorded.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { rawKeys: string[] }).rawKeys = seen;
      new MutationObserver(() => {
        const text = document.body.innerText;
        const raw = /\bpricing\.[a-zA-Z]+/.exec(text);
        if (raw) seen.push(raw[0]);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId('top-menu').getByRole('link', { name: 'Pricing' }).click();
    const url = await requestedUrl;
    // Waiting for the strings: the dashboard stays on screen, the pricing page is not rendered.
    await expect(page.getByTestId('dashboard-side-menu')).toBeVisible();
    await expect(page.getByTestId('pricing-cta')).toHaveCount(0);
    release();
    await expect(page.getByText('Not sure which plan fits?')).toBeVisible();
    await expect(page.getByTestId('pricing-plans')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys)).toEqual([]);
    // The namespace file is content-hashed and cached for a year.
    const file = await tenantApi(request, 'aurora').get(new URL(url).pathname);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(((await file.json()) as { pricing: { helpTitle: string } }).pricing.helpTitle).toBe('Not sure which plan fits?');
  });

  test('a namespace that cannot be fetched loads the next page as a document instead', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'ns-stale'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl('aurora', '/userDashboard'));
    await hydrated(page);
    // As after a deploy that changed the strings: the old hash is gone.
    await page.route(/\/locales\/en\/pricing\.[0-9a-f]{12}\.json$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const documentLoad = page.waitForResponse((r) => r.url().endsWith('/pricing') && r.request().resourceType() === 'document');
    await page.getByTestId('top-menu').getByRole('link', { name: 'Pricing' }).click();
    expect((await documentLoad).status()).toBe(200);
    await expect(page.getByText('Not sure which plan fits?')).toBeVisible();
  });

  test('namespace files: unknown, misspelt or stale names answer 404', async ({ request }) => {
    const api = tenantApi(request, 'aurora');
    for (const path of ['/locales/en/pricing.000000000000.json', '/locales/de/pricing.000000000000.json', '/locales/en/nothing.000000000000.json', '/locales/en/pricing.json']) {
      expect((await api.get(path)).status(), path).toBe(404);
    }
  });
});
