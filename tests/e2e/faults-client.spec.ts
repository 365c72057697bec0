import type { Page } from '@playwright/test';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';

/**
 * SPEC.md §8 in the browser, beyond chunk loading (tests/e2e/chunk-*.spec.ts): an unknown route shows
 * the fallback page after client-side navigation too, every time; a navigation that starts while
 * the page is still hydrating (a link clicked early) included (docs/decisions/0050-chunk-loading.md).
 */

/** A client-side navigation, as a <Link> click makes it (the router's own navigate). */
async function navigate(page: Page, to: string) {
  await page.evaluate((path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path), to);
}

const signInForm = (page: Page) => page.locator('main form').filter({ has: page.locator('input[type="password"]') });

test('an unknown path reached by client-side navigation shows the fallback page every time', async ({ page }) => {
  // Twenty navigations alternating between the sign-in screen and wrong-case or unknown paths.
  test.setTimeout(60_000);
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  await expect(signInForm(page)).toBeVisible();
  // No document load happens in between: the marker would be gone.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  const unknown = ['/aboutus', '/SIGNIN', '/no-such-page', '/aboutUs/extra', '/Support'];
  for (let i = 0; i < 10; i += 1) {
    const path = unknown[i % unknown.length]!;
    await navigate(page, path);
    await expect(page).toHaveURL(tenantUrl('aurora', path));
    await expect(page.getByTestId('not-found'), `fallback page after navigating to ${path} (round ${i + 1})`).toBeVisible();
    await expect(page.getByTestId('not-found')).toContainText(path);
    await expect(signInForm(page)).toHaveCount(0);

    await navigate(page, '/signIn');
    await expect(page).toHaveURL(tenantUrl('aurora', '/signIn'));
    await expect(signInForm(page), `sign-in screen after coming back (round ${i + 1})`).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
});

test('a navigation started while the page hydrates is shown once hydration ends', async ({ page }) => {
  test.setTimeout(90_000);
  // The navigation starts the moment Remix creates its router, before React has committed the
  // page: the router finishes it, and the screen must follow.
  await page.addInitScript(() => {
    let router: { navigate: (to: string) => Promise<void> } | undefined;
    Object.defineProperty(window, '__remixRouter', {
      configurable: true,
      get: () => router,
      set: (value: typeof router) => {
        router = value;
        const target = new URL(window.location.href).searchParams.get('then');
        if (target) queueMicrotask(() => void value?.navigate(target));
      },
    });
  });
  for (let i = 0; i < 20; i += 1) {
    const to = i % 2 === 0 ? '/aboutus' : '/pricing';
    await page.goto(tenantUrl('aurora', `/signIn?then=${encodeURIComponent(to)}`));
    await expect(page).toHaveURL(tenantUrl('aurora', to));
    await pageHydrated(page);
    if (to === '/aboutus') await expect(page.getByTestId('not-found'), `fallback page (try ${i + 1})`).toBeVisible();
    else await expect(page.locator('main h1'), `pricing page (try ${i + 1})`).not.toHaveText(/sign in/i);
    await expect(signInForm(page), `the sign-in screen stayed (try ${i + 1})`).toHaveCount(0);
  }
});
