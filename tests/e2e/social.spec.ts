import type { Page } from '@playwright/test';
import { expect, tenantUrl, test } from './fixtures';

/**
 * Social sign-in through the local hosted sign-in stand-in (local/stack/hostedSignIn.ts):
 * authorization code + PKCE exchanged on the server, federated users created in cognito-local.
 */
const FLOWS = [
  { tenant: 'aurora', site: 'Aurora Live', providers: ['Google', 'LinkedIn'] },
  { tenant: 'solana', site: 'Solana Live', providers: ['Facebook', 'TikTok'] },
] as const;

const unique = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The page the site renders for this browser's session, fetched with its cookies. */
async function signedInMarker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const html = await (await fetch('/socialSignIn', { credentials: 'same-origin' })).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return doc.querySelector('[data-testid="social-signed-in"]')?.textContent ?? '';
  });
}

async function toConsent(page: Page, tenant: string, start: string, button: string, site: string, provider: string) {
  await page.goto(tenantUrl(tenant, start));
  await page.getByRole('link', { name: button }).click();
  await expect(page.getByRole('heading', { name: `Continue to ${site} with ${provider}` })).toBeVisible();
}

for (const { tenant, site, providers } of FLOWS) {
  for (const provider of providers) {
    test(`${tenant}: sign in with ${provider} through the hosted sign-in ends signed in`, async ({ page }) => {
      const email = unique(provider.toLowerCase());
      await toConsent(page, tenant, '/socialSignIn?redirectTo=%2FaboutUs', `Continue with ${provider}`, site, provider);
      expect(new URL(page.url()).pathname).toBe('/oauth2/authorize');
      await page.getByLabel('E-mail (test identity)').fill(email);
      await page.getByLabel('Name (test identity)').fill('Test Person');
      await page.getByRole('button', { name: 'Allow' }).click();
      // First sign-in: the profile is not complete yet, so /registerMe comes first, then /aboutUs.
      await page.waitForURL((url) => url.hostname === `${tenant}.localhost` && url.pathname !== '/socialSignIn');
      expect(page.url()).toContain('redirectTo=%2FaboutUs');
      const cookies = await page.context().cookies(tenantUrl(tenant, '/'));
      expect(cookies.some((c) => /^CognitoIdentityServiceProvider\..+\.idToken$/.test(c.name))).toBe(true);
      expect(cookies.some((c) => /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/.test(c.name))).toBe(true);
      expect(cookies.find((c) => c.name === 'social_state')).toBeUndefined();
      expect(await signedInMarker(page)).toContain(`Signed in as ${email}`);
    });
  }

  test(`${tenant}: sign up with ${providers[0]} states the terms and ends signed in; the same identity signs in again as the same user`, async ({ page }) => {
    const email = unique('signup');
    await page.goto(tenantUrl(tenant, '/socialSignUp'));
    await expect(page.getByTestId('social-terms')).toBeVisible();
    await page.getByRole('link', { name: `Sign up with ${providers[0]}` }).click();
    await page.getByLabel('E-mail (test identity)').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.hostname === `${tenant}.localhost` && url.pathname !== '/socialSignIn');
    expect(await signedInMarker(page)).toContain(email);
    const first = await page.evaluate(() => fetch('/socialSignIn').then((r) => r.text()));
    const sub = /"sub":"([^"]+)"/.exec(first)?.[1];
    expect(sub).toBeTruthy();

    await page.context().clearCookies();
    await toConsent(page, tenant, '/ssoSignIn', `Continue with ${providers[0]}`, site, providers[0]);
    await page.getByLabel('E-mail (test identity)').fill(email);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.hostname === `${tenant}.localhost` && url.pathname !== '/socialSignIn');
    const second = await page.evaluate(() => fetch('/socialSignIn').then((r) => r.text()));
    expect(/"sub":"([^"]+)"/.exec(second)?.[1]).toBe(sub);
  });

  test(`${tenant}: Deny at the provider shows a clear message and no session`, async ({ page }) => {
    await toConsent(page, tenant, '/socialSignIn', `Continue with ${providers[1]}`, site, providers[1]);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.hostname === `${tenant}.localhost` && url.pathname === '/socialSignIn');
    await expect(page.getByTestId('social-error')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'You are not signed in' })).toBeVisible();
    expect(await signedInMarker(page)).toBe('');
  });

  test(`${tenant}: a tampered state and a replayed callback are refused`, async ({ page }) => {
    await toConsent(page, tenant, '/socialSignIn', `Continue with ${providers[0]}`, site, providers[0]);
    await page.getByLabel('E-mail (test identity)').fill(unique('tamper'));
    // The provider's answer reaches the site with the real code but a changed state.
    let callback = '';
    await page.route('**/oauth2/consent', async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      callback = answer.headers()['location'];
      const url = new URL(callback);
      url.searchParams.set('state', `${url.searchParams.get('state')}x`);
      await route.fulfill({ status: 303, headers: { location: url.toString(), 'cache-control': 'no-store' } });
    });
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByTestId('social-error')).toContainText('could not be verified');
    expect(await signedInMarker(page)).toBe('');
    await page.unroute('**/oauth2/consent');
    expect(callback).toContain('code=');
    // The untouched callback now fails too: the state cookie is gone and the state was used.
    const response = await page.goto(callback);
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('social-error')).toBeVisible();
    expect(await signedInMarker(page)).toBe('');
  });
}

test('a provider the tenant has not enabled gets a clear page, status 404, no redirect', async ({ page }) => {
  for (const [tenant, path, title, offered] of [
    ['aurora', '/ssoSignInFacebook', 'Facebook sign-in is not available on this site', 'Continue with Google'],
    ['solana', '/ssoSignUpApple', 'Apple sign-up is not available on this site', 'Sign up with TikTok'],
    ['lumiere', '/ssoSignInTikTok', 'La connexion avec TikTok n’est pas disponible sur ce site', 'Continuer avec Amazon'],
  ] as const) {
    const response = await page.goto(tenantUrl(tenant, path));
    expect(response?.status()).toBe(404);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: offered })).toBeVisible();
    await expect(page.getByTestId('method-email')).toBeVisible();
  }
});

test('hubs list every enabled provider and the email / phone methods, at every breakpoint', async ({ page }) => {
  for (const width of [375, 900, 1100, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(tenantUrl('solana', '/ssoSignIn'));
    for (const p of ['Facebook', 'Google', 'TikTok']) await expect(page.getByRole('link', { name: `Continue with ${p}` })).toBeVisible();
    await expect(page.getByTestId('method-phone')).toBeVisible();
    await expect(page.getByTestId('method-email')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }
  await page.goto(tenantUrl('aurora', '/ssoSignUp'));
  for (const p of ['Google', 'Apple', 'LinkedIn']) await expect(page.getByRole('link', { name: `Sign up with ${p}` })).toBeVisible();
  await expect(page.getByTestId('method-phone')).toHaveCount(0);
  await expect(page.getByTestId('social-terms')).toBeVisible();
  // Keyboard: the first provider link is reachable and starts the flow with Enter.
  await page.getByRole('link', { name: 'Sign up with Google' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Continue to Aurora Live with Google' })).toBeVisible();
});
