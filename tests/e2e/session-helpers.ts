/**
 * Helpers of the two-factor, inactivity and dashboard browser tests: RFC 6238 codes, throwaway
 * users in a tenant's pool (so enabling MFA or a global sign-out never touches the shared demo
 * accounts other tests use), and a signed-in browser context without going through /signIn.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_PORT, E2E_STACK_DIR } from './stack';
import { amplifyCookieHeader, createPoolUser } from '#local/stack/cognito';
import { tenantApi } from './fixtures';

const STACK_DIR = process.env.E2E_STACK_DIR_OVERRIDE ?? E2E_STACK_DIR;
const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.toUpperCase().replace(/[^A-Z2-7]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits), as authenticator apps compute it. */
export function totp(secret: string, at = Date.now(), step = 30, digits = 6): string {
  const counter = Math.floor(at / 1000 / step);
  const buf = Buffer.alloc(8);
  buf.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', base32Decode(secret)).update(buf).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

interface Pool {
  userPoolId: string;
  appClientId: string;
  region: string;
  endpoint: string;
}

export function poolOf(tenant: string): Pool {
  const pools = JSON.parse(readFileSync(join(STACK_DIR, 'identity-pools.json'), 'utf8')) as Record<string, Pool>;
  const pool = pools[tenant];
  if (!pool) throw new Error(`no local pool for ${tenant}`);
  return pool;
}

export interface TestUser {
  tenant: string;
  username: string;
  password: string;
  /** The user id (Cognito sub). */
  sub: string;
  /** The name on the account, which the platform shows for them. */
  name: string;
}

/** A new confirmed user of the tenant (email verified, `custom:tenantId`, group member). */
export async function createUser(tenant: string, label: string, group: 'member' | 'organizer' | 'admin' = 'member'): Promise<TestUser> {
  const pool = poolOf(tenant);
  const client = new CognitoIdentityProviderClient({
    region: pool.region,
    endpoint: pool.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const username = `${label}-${randomBytes(5).toString('hex')}@${tenant}.test.example`;
  const password = `Test-${randomBytes(4).toString('hex')}-Aa1!`;
  const name = `Test ${label}`;
  const created = await createPoolUser(client, { userPoolId: pool.userPoolId, tenantId: tenant, username, password, name, group });
  client.destroy();
  const sub = created ?? username;
  return { tenant, username, password, sub, name };
}

/** Cognito JSON API through the tenant's identity gateway, as Amplify calls it. */
export async function cognito(request: APIRequestContext, tenant: string, operation: string, body: Record<string, unknown>) {
  const res = await tenantApi(request, tenant).post('/api/identity', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify(body),
  });
  const setCookies = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  return { status: res.status(), body: (await res.json()) as Record<string, unknown>, setCookies };
}

/** The gateway's HttpOnly refresh cookie (server/identity/refreshCookie.ts) among Set-Cookie headers: name and raw value. */
export function refreshCookieIn(setCookies: string[], clientId: string): { name: string; value: string } | null {
  const name = `identity_refresh.${clientId}`;
  const found = setCookies.map((c) => c.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
  return found ? { name, value: found.slice(name.length + 1) } : null;
}

/** The Cookie header Amplify's CookieStorage gives a signed-in browser of the user's tenant. */
export async function sessionCookie(request: APIRequestContext, user: TestUser): Promise<string> {
  const pool = poolOf(user.tenant);
  const { status, body } = await cognito(request, user.tenant, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: pool.appClientId,
    AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
  });
  const tokens = body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string } | undefined;
  if (status !== 200 || !tokens) throw new Error(`sign-in of ${user.username} failed: ${status}`);
  return amplifyCookieHeader(pool.appClientId, tokens);
}

function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Signs the user in (USER_PASSWORD_AUTH through the gateway) and puts Amplify's token cookies into
 * the browser context for the tenant's host: the same cookies the app's CookieStorage writes, and
 * the gateway's HttpOnly refresh cookie.
 */
export async function signInContext(context: BrowserContext, request: APIRequestContext, user: TestUser) {
  const pool = poolOf(user.tenant);
  const signIn = () =>
    cognito(request, user.tenant, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.appClientId,
      AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
    });
  // A 503 says "try again in a moment" (the identity service slow on a loaded machine): a fixture
  // does what the sign-in screen tells a person, twice at most.
  let answer = await signIn();
  for (let retry = 0; retry < 2 && answer.status === 503; retry++) answer = await signIn();
  const { status, body, setCookies } = answer;
  const result = body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string } | undefined;
  const held = refreshCookieIn(setCookies, pool.appClientId);
  if (status !== 200 || !result || !held) throw new Error(`sign-in of ${user.username} failed: ${status} ${JSON.stringify(body)}`);
  const username = String(jwtClaims(result.AccessToken).username ?? user.username);
  const base = `CognitoIdentityServiceProvider.${pool.appClientId}`;
  const domain = `${user.tenant}.localhost`;
  const cookie = (name: string, value: string) => ({ name, value: encodeURIComponent(value), domain, path: '/', sameSite: 'Lax' as const, expires: Math.floor(Date.now() / 1000) + 86_400 });
  await context.addCookies([
    cookie(`${base}.LastAuthUser`, username),
    cookie(`${base}.${username}.idToken`, result.IdToken),
    cookie(`${base}.${username}.accessToken`, result.AccessToken),
    cookie(`${base}.${username}.refreshToken`, result.RefreshToken),
    cookie(`${base}.${username}.clockDrift`, '0'),
    // The real refresh token: HttpOnly, sent to the identity gateway only (Amplify holds a placeholder).
    { name: held.name, value: held.value, domain, path: '/api/identity', httpOnly: true, sameSite: 'Strict' as const, expires: Math.floor(Date.now() / 1000) + 86_400 },
  ]);
  return { username, tokens: result };
}

export const stackPort = PORT;

/**
 * Resolves once this document has hydrated (root sets html[data-hydrated]) and the client session data is written.
 * The session flag alone is not enough: sessionStorage outlives a navigation, so after a second `goto` it is already
 * set while the new document's inputs still lack their handlers.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });
  // Written by an effect after hydration: on a loaded machine that can take longer than the default 7 s.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('platform.signedIn')), { timeout: 30_000 }).toBe('true');
}
