import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, poolOf } from './session-helpers';

/**
 * The refresh token is out of page scripts' reach (docs/decisions/0014-refresh-token-cookie.md):
 * after a real sign-in in Chromium, document.cookie holds only a placeholder that refreshes
 * nothing without the gateway's HttpOnly cookie; Amplify still refreshes silently; sign-out clears
 * the cookie and the token it held is refused after the global sign-out.
 */

const REVOKED = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };

/** GetTokensFromRefreshToken through the gateway, from Node, with exactly the cookies given (none by default). */
async function refreshFromNode(request: APIRequestContext, tenant: string, refreshToken: string, cookie = '') {
  const response = await tenantApi(request, tenant).post('/api/identity', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken', Cookie: cookie },
    data: JSON.stringify({ ClientId: poolOf(tenant).appClientId, RefreshToken: refreshToken }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Every cookie value page scripts can read, decoded. */
async function scriptCookies(page: Page): Promise<Map<string, string>> {
  const raw = await page.evaluate(() => document.cookie);
  const cookies = new Map<string, string>();
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(decodeURIComponent(part.slice(0, eq).trim()), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}

async function heldRefreshCookie(context: BrowserContext, tenant: string) {
  const name = `identity_refresh.${poolOf(tenant).appClientId}`;
  return (await context.cookies(tenantUrl(tenant, '/api/identity'))).find((c) => c.name === name);
}

/** Amplify's cookie of this kind (idToken, accessToken, refreshToken, clockDrift) for the signed-in user. */
async function amplifyCookie(context: BrowserContext, tenant: string, kind: string) {
  const prefix = `CognitoIdentityServiceProvider.${poolOf(tenant).appClientId}.`;
  return (await context.cookies(tenantUrl(tenant, '/'))).find((c) => {
    const name = decodeURIComponent(c.name);
    return name.startsWith(prefix) && name.endsWith(`.${kind}`);
  });
}

/**
 * What page scripts can read: nothing that refreshes a session without the HttpOnly cookie, no
 * refresh token, and a placeholder where Amplify keeps one. Returns the placeholder.
 */
async function expectNoReadableRefreshToken(page: Page, request: APIRequestContext, tenant: string): Promise<string> {
  const readable = await scriptCookies(page);
  for (const [name, value] of readable) {
    const attempt = await refreshFromNode(request, tenant, value);
    expect(attempt.status, `${name} refreshes the session`).toBe(400);
    expect(attempt.body.__type, name).toBe('NotAuthorizedException');
  }
  const placeholder = [...readable].find(([name]) => name.endsWith('.refreshToken'))?.[1];
  expect(placeholder).toMatch(/^gateway-held\./);
  return placeholder!;
}

/** The gateway's HttpOnly, SameSite=Strict cookie, sent to /api/identity only; its token appears in no readable cookie. */
async function expectHeldRefreshToken(page: Page, context: BrowserContext, tenant: string) {
  const held = await heldRefreshCookie(context, tenant);
  expect(held).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/identity' });
  expect((await context.cookies(tenantUrl(tenant, '/'))).some((c) => c.name === held!.name)).toBe(false);
  const token = decodeURIComponent(held!.value);
  for (const [name, value] of await scriptCookies(page)) expect(value, name).not.toContain(token);
  return { held: held!, token };
}

for (const tenant of ['aurora', 'solana'] as const) {
  test(`${tenant}: after a real sign-in no script reads a refresh token; refresh is silent; sign-out clears the HttpOnly cookie`, async ({ page, context, request }) => {
    const user = await createUser(tenant, 'tokens');
    await page.goto(tenantUrl(tenant, '/signIn'));
    if (await page.getByTestId('method-email').isVisible()) await page.getByTestId('method-email').click();
    await page.getByTestId('input-email').fill(user.username);
    await page.getByTestId('input-password').fill(user.password);
    await page.getByTestId('submit').click();
    // No redirectTo: the landing after sign-in (docs/decisions/0040).
    await page.waitForURL(tenantUrl(tenant, '/userDashboard?tab=MyEvents'));
    await hydrated(page);

    const placeholder = await expectNoReadableRefreshToken(page, request, tenant);
    const { held, token } = await expectHeldRefreshToken(page, context, tenant);

    // Silent refresh: Amplify is told its tokens' clock runs a day ahead, so it finds the access
    // token expired on the next page and refreshes through the gateway with the placeholder.
    const before = (await amplifyCookie(context, tenant, 'accessToken'))!.value;
    const drift = (await amplifyCookie(context, tenant, 'clockDrift'))!;
    await context.addCookies([{ ...drift, value: String(25 * 60 * 60 * 1000) }]);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/identity') && r.request().headers()['x-amz-target']?.endsWith('.GetTokensFromRefreshToken') === true);
    await page.reload();
    const response = await refreshed;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}').RefreshToken).toBe(placeholder);
    expect(await response.text()).not.toContain(token);
    await expect.poll(async () => (await amplifyCookie(context, tenant, 'accessToken'))?.value).not.toBe(before);
    await expect.poll(async () => Math.abs(Number((await amplifyCookie(context, tenant, 'clockDrift'))?.value))).toBeLessThan(60_000);
    // The refreshed tokens are a session the server accepts.
    await page.goto(tenantUrl(tenant, '/changePassword'));
    await expect(page).toHaveURL(tenantUrl(tenant, '/changePassword'));

    // Sign-out clears the HttpOnly cookie; the token it held is refused after the global sign-out.
    await page.goto(tenantUrl(tenant, '/signOut'));
    await page.waitForURL(tenantUrl(tenant, '/'));
    await expect.poll(() => heldRefreshCookie(context, tenant)).toBeUndefined();
    expect((await refreshFromNode(request, tenant, placeholder, `${held.name}=${held.value}`)).body).toEqual(REVOKED);
    expect((await refreshFromNode(request, tenant, token)).body).toEqual(REVOKED);
  });
}

test('aurora: a social sign-in also keeps the refresh token in the HttpOnly cookie, and the page refreshes through it', async ({ page, context, request }) => {
  const email = `tokens.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(tenantUrl('aurora', '/socialSignIn?redirectTo=%2FaboutUs'));
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail (test identity)').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.hostname === 'aurora.localhost' && url.pathname !== '/socialSignIn');

  const placeholder = await expectNoReadableRefreshToken(page, request, 'aurora');
  await expectHeldRefreshToken(page, context, 'aurora');
  // The page's own request (which carries the HttpOnly cookie) refreshes with the placeholder.
  const status = await page.evaluate(
    async ({ clientId, refreshToken }) =>
      (
        await fetch('/api/identity', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
          body: JSON.stringify({ ClientId: clientId, RefreshToken: refreshToken }),
        })
      ).status,
    { clientId: poolOf('aurora').appClientId, refreshToken: placeholder },
  );
  expect(status).toBe(200);
});
