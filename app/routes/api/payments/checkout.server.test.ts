import type { ActionFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '#server/env.server';
import { createPaymentProviders } from '#server/platform/payments/providers.server';
import { signatureHeader } from '#local/testpay/signing';
import { uniqueTenantId } from '#tests/support/tenants';
import { action as checkout } from './checkout.server';
import { action as stripeWebhook } from './webhookStripe.server';
import { action as testWebhook } from './webhookTest.server';

const SECRET = 'whsec_route_test';
const env = loadEnv({ ...process.env, TESTPAY_URL: 'http://127.0.0.1:9', TESTPAY_API_KEY: 'tp_sk_x', TESTPAY_WEBHOOK_SECRET: SECRET });
const routeEnv = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
const context = {
  tenant: { id: uniqueTenantId('payapi'), payments: { applicationFeeBps: 500 }, currency: 'USD' },
  language: 'en',
  env: routeEnv,
  // No user pool: every request is signed out. The payment providers as the composition root builds them.
  services: { identity: { poolFor: () => null }, registry: { tenants: new Map() }, payments: createPaymentProviders(routeEnv) },
};

async function call(run: (args: ActionFunctionArgs) => Promise<Response>, body: string, headers: Record<string, string> = {}, method = 'POST') {
  const request = new Request('http://aurora.localhost/api/checkout', { method, headers: { 'Content-Type': 'application/json', ...headers }, body: method === 'GET' ? undefined : body });
  const response = (await run({ request, context, params: {} } as unknown as ActionFunctionArgs)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const valid = { lines: [{ kind: 'ticket', refId: 'evt1', quantity: 1 }], returnPath: '/preview?event=evt1', idempotencyKey: 'abcdefgh12' };

describe('POST /api/checkout', () => {
  it('answers bad bodies with 400 and the fields', async () => {
    expect((await call(checkout, 'not json')).status).toBe(400);
    const bad = await call(checkout, JSON.stringify({ ...valid, returnPath: '//evil.example/x', idempotencyKey: 'short', lines: [] }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields as object).sort()).toEqual(['idempotencyKey', 'lines', 'returnPath']);
  });

  it('refuses every return path that would leave the site once a browser follows it (issue 24)', async () => {
    const hostile = [
      '/.//evil.example/x',
      '/./..//evil.example/x',
      '/a/..//evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/.%2F/evil.example',
      '/\\evil.example',
      '/%5Cevil.example',
      '/%5c%5cevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%09/evil.example',
      '/%0d%0aLocation:%20https://evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
      'evil.example',
    ];
    for (const returnPath of hostile) {
      const answer = await call(checkout, JSON.stringify({ ...valid, returnPath }));
      expect(answer.status, returnPath).toBe(400);
      expect(Object.keys(answer.body.fields as object), returnPath).toEqual(['returnPath']);
    }
  });

  it('keeps a genuine return path, normalized', async () => {
    const answer = await call(checkout, JSON.stringify({ ...valid, returnPath: '/a/../preview?event=evt1#buy' }));
    expect(answer).toEqual({ status: 401, body: { signIn: `/signIn?redirectTo=${encodeURIComponent('/preview?event=evt1#buy')}` } });
  });

  it('sends a signed-out buyer to sign in and back', async () => {
    expect(await call(checkout, JSON.stringify(valid))).toEqual({ status: 401, body: { signIn: '/signIn?redirectTo=%2Fpreview%3Fevent%3Devt1' } });
  });
});

describe('POST /api/payments/webhook/*', () => {
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { payment_status: 'paid', metadata: { orderId: 'o', tenantId: 'nobody' } } } });
  it('refuses a tampered or unsigned body with 401 and ignores events of no tenant here', async () => {
    expect((await call(testWebhook, body.replace('paid', 'unpaid'), { 'Stripe-Signature': signatureHeader(body, SECRET) })).status).toBe(401);
    expect((await call(testWebhook, body)).status).toBe(401);
    expect(await call(testWebhook, body, { 'Stripe-Signature': signatureHeader(body, SECRET) })).toEqual({ status: 200, body: { message: 'ignored: no tenant of this platform' } });
  });

  it('answers 404 while Stripe is not configured (no endpoint behind it)', async () => {
    expect((await call(stripeWebhook, body, { 'Stripe-Signature': signatureHeader(body, SECRET) })).status).toBe(404);
  });
});
