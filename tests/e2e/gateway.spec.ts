/**
 * The identity gateway (POST /api/identity) and the server's session security, end to end on the
 * test stack: tenant A's session is no session on tenant B, cross-site form posts are refused,
 * the resource API wants a token of this tenant, and a global sign-out ends every session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT, E2E_STACK_DIR } from './stack';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { demoAccount, waitForCode } from './identity';
import { refreshCookieIn } from './session-helpers';

const clientIdOf = (tenant: string): string =>
  (JSON.parse(readFileSync(join(E2E_STACK_DIR, 'identity-pools.json'), 'utf8')) as Record<string, { appClientId: string }>)[tenant].appClientId;

async function cognito(request: APIRequestContext, tenant: string, operation: string, body: Record<string, unknown>) {
  const response = await tenantApi(request, tenant).post('/api/identity', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify(body),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

async function signIn(request: APIRequestContext, tenant: string, username: string, password: string): Promise<Tokens & { held: { name: string; value: string } }> {
  const response = await tenantApi(request, tenant).post('/api/identity', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientIdOf(tenant), AuthParameters: { USERNAME: username, PASSWORD: password } }),
  });
  const body = (await response.json()) as { AuthenticationResult: Tokens };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  // The refresh token itself is only in the gateway's HttpOnly cookie; the body carries a placeholder.
  const held = refreshCookieIn(
    response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value),
    clientIdOf(tenant),
  );
  expect(held).not.toBeNull();
  return { ...body.AuthenticationResult, held: held! };
}

const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** Amplify's CookieStorage cookies for these tokens, named for `clientId`. */
function amplifyCookies(clientId: string, tokens: Tokens): Record<string, string> {
  const username = String(claims(tokens.AccessToken).username);
  const base = `CognitoIdentityServiceProvider.${clientId}`;
  return {
    [`${base}.LastAuthUser`]: username,
    [`${base}.${username}.idToken`]: tokens.IdToken,
    [`${base}.${username}.accessToken`]: tokens.AccessToken,
    [`${base}.${username}.refreshToken`]: tokens.RefreshToken,
  };
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('; ');

async function rootUser(request: APIRequestContext, tenant: string, cookies: Record<string, string>) {
  const response = await tenantApi(request, tenant).get('/?_data=root', { headers: { Cookie: cookieHeader(cookies) } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { username: string; groups: string[] } | null }).user;
}

async function gated(request: APIRequestContext, tenant: string, cookies: Record<string, string>) {
  const response = await tenantApi(request, tenant).get('/changePassword', { headers: { Cookie: cookieHeader(cookies) }, maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location ?? '' };
}

for (const [home, other] of [
  ['aurora', 'solana'],
  ['lumiere', 'aurora'],
] as const) {
  test(`a ${home} session is no session on ${other}`, async ({ request, browser }) => {
    const account = demoAccount(home, 'member');
    const tokens = await signIn(request, home, account.username, account.password);
    const own = amplifyCookies(clientIdOf(home), tokens);
    expect(await rootUser(request, home, own)).toMatchObject({ groups: ['member'] });
    expect((await gated(request, home, own)).status).toBe(200);

    // The same cookies on the other site, and the tokens under the other site's own cookie names.
    const copied = amplifyCookies(clientIdOf(other), tokens);
    for (const cookies of [own, copied]) {
      expect(await rootUser(request, other, cookies)).toBeNull();
      const denied = await gated(request, other, cookies);
      expect(denied.status).toBe(302);
      expect(denied.location).toBe('/signIn?redirectTo=%2FchangePassword');
    }

    // The same in a browser: cookies copied onto the other domain do not sign anyone in.
    const context = await browser.newContext();
    await context.addCookies(Object.entries(copied).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: tenantUrl(other, '/') })));
    const page = await context.newPage();
    await page.goto(tenantUrl(other, '/changePassword'));
    await expect(page).toHaveURL(tenantUrl(other, '/signIn?redirectTo=%2FchangePassword'));
    await context.close();
  });
}

test('a cross-site form post is refused (403); a same-site one is not', async ({ page, request }) => {
  // A page on another site (no CSP of ours: the platform's own pages allow form-action 'self' only)
  // posts a form to aurora's /contactUs; the browser sends that site's Origin.
  const attacker = `http://attacker.localhost:${E2E_PORT}/prize`;
  await page.route(attacker, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><html lang="en"><head><title>Prize</title></head><body><form method="post" action="${tenantUrl('aurora', '/contactUs')}">` +
        '<input name="name" value="Cross Site"><input name="email" value="x@example.com"><input name="subject" value="CSRF">' +
        '<input name="message" value="This post comes from another site."><button>Claim</button></form></body></html>',
    }),
  );
  await page.goto(attacker);
  const [response] = await Promise.all([page.waitForResponse(tenantUrl('aurora', '/contactUs')), page.getByRole('button', { name: 'Claim' }).click()]);
  expect(response.status()).toBe(403);
  expect(response.request().headers().origin).toBe(`http://attacker.localhost:${E2E_PORT}`);
  await expect(page.locator('body')).toContainText('Forbidden: The request came from another site.');

  const foreign: Record<string, string>[] = [{ Origin: 'http://evil.example' }, { Referer: 'http://evil.example/page' }, { Origin: 'null' }];
  for (const headers of foreign) {
    const response = await tenantApi(request, 'solana').post('/contactUs', { headers, form: { name: 'x' } });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
  }
  const sameSite = await tenantApi(request, 'solana').post('/changeLanguage', {
    headers: { Origin: `http://solana.localhost:${E2E_PORT}` },
    form: { language: 'en' },
    maxRedirects: 0,
  });
  expect(sameSite.status()).not.toBe(403);
  const api = await tenantApi(request, 'aurora').post('/api/dynamodb/resources/batchGet', {
    headers: { Origin: 'http://evil.example' },
    data: { keys: [{ ResourcePK: 'en', ResourceSK: 'IDLE_STAY' }], projectionExpression: 'ResourceDesc' },
  });
  expect(api.status()).toBe(403);
});

test('the resource API answers a token of this site, and 401 without one or with another site’s', async ({ request }) => {
  const payload = { keys: [{ ResourcePK: 'en', ResourceSK: 'IDLE_STAY' }], projectionExpression: 'ResourceCode, ResourceDesc' };
  const solana = demoAccount('solana', 'organizer');
  const tokens = await signIn(request, 'solana', solana.username, solana.password);
  for (const authorization of [tokens.IdToken, `Bearer ${tokens.AccessToken}`]) {
    const ok = await tenantApi(request, 'solana').post('/api/dynamodb/resources/batchGet', { headers: { Authorization: authorization }, data: payload });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).Responses.resource).toEqual([{ ResourceCode: 'IDLE_STAY', ResourceDesc: "Wait, I'm still here!" }]);
  }
  for (const [tenant, authorization] of [
    ['aurora', `Bearer ${tokens.IdToken}`],
    ['lumiere', tokens.AccessToken],
    ['solana', ''],
    ['solana', 'Bearer not-a-token'],
  ] as const) {
    const denied = await tenantApi(request, tenant).post('/api/dynamodb/resources/batchGet', {
      headers: authorization ? { Authorization: authorization } : {},
      data: payload,
    });
    expect(denied.status()).toBe(401);
    expect((await denied.json()).message).toMatch(/Sign in/);
  }
});

test('the gateway speaks Cognito JSON only, for operations the product uses, and hides whether an account exists', async ({ request }) => {
  const form = await tenantApi(request, 'aurora').post('/api/identity', {
    headers: { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    form: { AuthFlow: 'USER_PASSWORD_AUTH' },
  });
  expect(form.status()).toBe(415);
  const adminCall = await cognito(request, 'aurora', 'ListUsers', { UserPoolId: 'x' });
  expect(adminCall.body.__type).toBe('InvalidParameterException');

  for (const tenant of ['aurora', 'solana']) {
    const account = demoAccount(tenant, 'admin');
    const attempt = (username: string) =>
      cognito(request, tenant, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientIdOf(tenant), AuthParameters: { USERNAME: username, PASSWORD: 'Wrong-Pass-123!' } });
    const wrong = await attempt(account.username);
    const unknown = await attempt(`nobody-${Date.now()}@example.com`);
    expect(wrong).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
    expect(unknown).toEqual(wrong);
  }
});

test('repeated failed sign-ins for one account are rate limited with a clear message', async ({ request }) => {
  for (const tenant of ['lumiere', 'solana']) {
    const username = `limit-${tenant}-${Date.now()}@example.com`;
    const attempt = () =>
      cognito(request, tenant, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientIdOf(tenant), AuthParameters: { USERNAME: username, PASSWORD: 'Wrong-Pass-123!' } });
    let last = await attempt();
    for (let i = 0; i < 10 && last.body.__type !== 'LimitExceededException'; i++) last = await attempt();
    expect(last.body.__type).toBe('LimitExceededException');
    expect(last.body.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
  }
});

test('a global sign-out ends every session of that user on the server, and its refresh tokens', async ({ request }) => {
  for (const tenant of ['aurora', 'lumiere']) {
    // A throwaway user (a global sign-out of a shared demo account would end other tests' sessions).
    const email = `everywhere-${tenant}-${Date.now()}@example.com`;
    const password = 'Every-Where-2026!';
    const since = Date.now();
    const signUp = await cognito(request, tenant, 'SignUp', {
      ClientId: clientIdOf(tenant),
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:tenantId', Value: 'someone-else' },
      ],
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const code = await waitForCode(email, { since });
    expect((await cognito(request, tenant, 'ConfirmSignUp', { ClientId: clientIdOf(tenant), Username: email, ConfirmationCode: code })).status).toBe(200);

    const laptop = await signIn(request, tenant, email, password);
    const phone = await signIn(request, tenant, email, password);
    expect(claims(laptop.IdToken)['custom:tenantId']).toBe(tenant);
    const laptopCookies = amplifyCookies(clientIdOf(tenant), laptop);
    expect((await gated(request, tenant, laptopCookies)).status).toBe(200);

    expect((await cognito(request, tenant, 'GlobalSignOut', { AccessToken: phone.AccessToken })).status).toBe(200);
    expect(await rootUser(request, tenant, laptopCookies)).toBeNull();
    expect((await gated(request, tenant, laptopCookies)).status).toBe(302);
    // The laptop's refresh token, as its browser would send it (placeholder + HttpOnly cookie) and as it is.
    const viaCookie = await tenantApi(request, tenant).post('/api/identity', {
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
        Cookie: `${laptop.held.name}=${laptop.held.value}`,
      },
      data: JSON.stringify({ ClientId: clientIdOf(tenant), RefreshToken: laptop.RefreshToken }),
    });
    expect(await viaCookie.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    const refresh = await cognito(request, tenant, 'GetTokensFromRefreshToken', { ClientId: clientIdOf(tenant), RefreshToken: decodeURIComponent(laptop.held.value) });
    expect(refresh.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  }
});
