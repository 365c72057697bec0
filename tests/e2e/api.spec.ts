import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT, E2E_STACK_DIR } from './stack';
import { expect, tenantApi, test } from './fixtures';
import { demoAccount } from './identity';

/** A demo member's ID token, from a sign-in through the tenant's identity gateway (docs/PRODUCT.md, Resource API). */
async function idToken(request: APIRequestContext, tenant: string): Promise<string> {
  const pools = JSON.parse(readFileSync(join(E2E_STACK_DIR, 'identity-pools.json'), 'utf8')) as Record<string, { appClientId: string }>;
  const account = demoAccount(tenant, 'member');
  const response = await tenantApi(request, tenant).post('/api/identity', {
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pools[tenant].appClientId,
      AuthParameters: { USERNAME: account.username, PASSWORD: account.password },
    }),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

const authorized = async (request: APIRequestContext, tenant: string) => ({ Authorization: `Bearer ${await idToken(request, tenant)}` });

const keys = (lang: string) => [
  { ResourcePK: lang, ResourceSK: 'IDLE_STAY' },
  { ResourcePK: lang, ResourceSK: 'IDLE_SIGN_OUT' },
];

test('resource batchGet answers exactly as docs/PRODUCT.md, Resource API, says', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').post('/api/dynamodb/resources/batchGet', {
    headers: await authorized(request, 'aurora'),
    data: { keys: keys('en'), projectionExpression: 'ResourceCode, ResourceDesc' },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  const texts = Object.fromEntries(body.Responses.resource.map((r: { ResourceCode: string; ResourceDesc: string }) => [r.ResourceCode, r.ResourceDesc]));
  expect(texts).toEqual({ IDLE_STAY: "Wait, I'm still here!", IDLE_SIGN_OUT: 'Sign out' });
});

test('resource batchGet serves each tenant its own languages', async ({ request }) => {
  const response = await tenantApi(request, 'lumiere').post('/api/dynamodb/resources/batchGet', {
    headers: await authorized(request, 'lumiere'),
    data: { keys: keys('fr'), projectionExpression: 'ResourceDesc' },
  });
  const body = await response.json();
  expect(body.Responses.resource).toHaveLength(2);
  for (const item of body.Responses.resource) expect(Object.keys(item)).toEqual(['ResourceDesc']);
  // aurora is English-only: it holds no French texts, and never another tenant's.
  const other = await tenantApi(request, 'aurora').post('/api/dynamodb/resources/batchGet', {
    headers: await authorized(request, 'aurora'),
    data: { keys: keys('fr'), projectionExpression: 'ResourceDesc' },
  });
  expect((await other.json()).Responses.resource).toEqual([]);
});

for (const [name, data] of [
  ['no keys', { projectionExpression: 'ResourceCode' }],
  ['empty keys', { keys: [], projectionExpression: 'ResourceCode' }],
  ['bad key', { keys: [{ ResourcePK: 'en' }], projectionExpression: 'ResourceCode' }],
  ['bad projection', { keys: keys('en'), projectionExpression: 'pk, sk' }],
] as const) {
  test(`resource batchGet answers 400 with a clear message for ${name}`, async ({ request }) => {
    const response = await tenantApi(request, 'aurora').post('/api/dynamodb/resources/batchGet', { headers: await authorized(request, 'aurora'), data });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.message).toMatch(/Malformed/);
    expect(body.errors.length).toBeGreaterThan(0);
  });
}

test('resource batchGet refuses a body that is not JSON', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').post('/api/dynamodb/resources/batchGet', {
    headers: { 'Content-Type': 'application/json', ...(await authorized(request, 'aurora')) },
    data: '{not json',
  });
  expect(response.status()).toBe(400);
});

for (const tenant of ['aurora', 'solana']) {
  test(`resource batchGet answers 401 with a clear message without a valid token (${tenant})`, async ({ request }) => {
    const data = { keys: keys('en'), projectionExpression: 'ResourceCode, ResourceDesc' };
    const other = tenant === 'aurora' ? 'solana' : 'aurora';
    for (const headers of [{}, { Authorization: '' }, { Authorization: 'Bearer' }, { Authorization: 'Bearer abc.def.ghi' }, await authorized(request, other)]) {
      const response = await tenantApi(request, tenant).post('/api/dynamodb/resources/batchGet', { headers, data });
      expect(response.status(), JSON.stringify(headers).slice(0, 60)).toBe(401);
      expect(response.headers()['www-authenticate']).toBe('Bearer');
      expect((await response.json()).message).toMatch(/Sign in/);
    }
    // The same token without the "Bearer " prefix is accepted too.
    const token = (await authorized(request, tenant)).Authorization.replace('Bearer ', '');
    expect((await tenantApi(request, tenant).post('/api/dynamodb/resources/batchGet', { headers: { Authorization: token }, data })).status()).toBe(200);
  });
}

test('health reports every dependency', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.dependencies.map((d: { name: string }) => d.name).sort()).toEqual(['cognito', 'dynamodb', 's3']);
  // The test stack runs the real LiveKit server: reported beside the dependencies.
  expect(body.video).toEqual({ state: 'up', url: `ws://localhost:${E2E_PORT + 4000}` });
});

test('anonymous pages are cached per tenant and language, never across tenants', async ({ request }) => {
  const a1 = await tenantApi(request, 'aurora').get('/features');
  const a2 = await tenantApi(request, 'aurora').get('/features');
  expect(a2.headers()['x-render-cache']).toBe('HIT');
  const s = await tenantApi(request, 'solana').get('/features', { headers: { 'Accept-Language': 'en' } });
  expect(await s.text()).not.toContain('Aurora Live');
  expect(await a1.text()).toBe(await a2.text());
});

test('security headers are set on documents', async ({ request }) => {
  const response = await tenantApi(request, 'aurora').get('/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('form submissions are rate limited per IP', async ({ request }) => {
  // The e2e stack allows 8 submissions per hour per IP and tenant (FORM_RATE_LIMIT_PER_HOUR).
  let status = 0;
  for (let i = 0; i < 10 && status !== 429; i++) {
    const response = await tenantApi(request, 'solana').post('/contactUs', {
      form: { name: 'Rate Test', email: 'rate@example.com', subject: 'Limit', message: 'Checking the per-IP limit works.' },
      headers: { 'Accept-Language': 'en' },
    });
    status = response.status();
  }
  expect(status).toBe(429);
});

test("the theme's global CSS is one immutable stylesheet per theme", async ({ request }) => {
  const html = await (await tenantApi(request, 'lumiere').get('/')).text();
  const href = html.match(/<link rel="stylesheet" href="(\/theme\/lumiere\.[0-9a-f]{12}\.css)"/)?.[1];
  expect(href).toBeTruthy();
  const css = await tenantApi(request, 'lumiere').get(href!);
  expect(css.status()).toBe(200);
  expect(css.headers()['cache-control']).toContain('immutable');
  expect(await css.text()).toContain('--chakra-colors-brand-solid');
  expect((await tenantApi(request, 'lumiere').get('/theme/lumiere.000000000000.css')).status()).toBe(404);
});

test('concurrent first requests for a page share one render', async ({ request }) => {
  const path = `/features?coalesce=${Date.now()}`;
  const responses = await Promise.all(Array.from({ length: 12 }, () => tenantApi(request, 'aurora').get(path)));
  const states = responses.map((r) => r.headers()['x-render-cache']);
  expect(states.filter((s) => s === 'MISS')).toHaveLength(1);
  expect(states.filter((s) => s === 'HIT')).toHaveLength(11);
  const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
  expect(bodies.size).toBe(1);
});
