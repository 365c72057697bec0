/**
 * The payment flow's moving parts for Node tests and the checkout benchmark: the test payment
 * provider's own process, a webhook endpoint that hands each raw body to the platform's receiver
 * (receivePaymentWebhook, what /api/payments/webhook/* runs), and a buyer's actions on the hosted
 * pages (form posts, like the browser makes).
 */
import { createServer, type Server } from 'node:http';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { loadEnv, type Env } from '#server/env.server';
import { getFreePort } from '#local/stack/ports';
import { receivePaymentWebhook } from '#server/commerce/payments/webhook.server';
import { createPaymentProviders, type PaymentProviders } from '#server/platform/payments/providers.server';
import { startTestPay, type TestPayProcess } from '#local/testpay/start';

export const CARDS = { success: '4242 4242 4242 4242', decline: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' } as const;

export interface ReceivedWebhook {
  body: string;
  headers: Headers;
  status: number;
  message: string;
}

export interface PaymentsHarness {
  testpay: TestPayProcess;
  /**
   * The platform's settings: the tenants' sites, as checkout writes them into provider callbacks
   * (tenantOrigin), are http://<tenant>.localhost:<this endpoint's port>, which the test provider
   * reaches on 127.0.0.1.
   */
  env: Env;
  /** The payment providers those settings configure, as the composition root builds them. */
  payments: PaymentProviders;
  /** Where the platform's webhook endpoint listens (http://127.0.0.1:<port>). */
  origin: string;
  received: ReceivedWebhook[];
  /** A refund made at the provider directly (as from its dashboard), not through the platform. */
  refundAtProvider(paymentId: string, amount: number): Promise<void>;
  /** Holds every webhook that arrives until the returned release is called (a provider that is slow to tell). */
  holdWebhooks(): () => void;
  stop(): Promise<void>;
}

export function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') headers.set(name, value);
  return headers;
}

export async function startPaymentsHarness(options: { db: Database; tenants: Tenant[] }): Promise<PaymentsHarness> {
  const testpay = await startTestPay({ port: await getFreePort() });
  const port = await getFreePort();
  const env = loadEnv({ ...process.env, ...testpay.env, PAYMENTS_PROVIDER: 'test', PUBLIC_SCHEME: 'http', PUBLIC_PORT: String(port), PUBLIC_HOSTS: 'localhost' });
  const payments = createPaymentProviders(env);
  const registry = { tenants: new Map(options.tenants.map((t) => [t.id as string, t])) };
  const received: ReceivedWebhook[] = [];
  let held: Promise<void> = Promise.resolve();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      await held;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = headersOf(req.headers);
      const provider = req.url?.endsWith('/stripe') ? 'stripe' : 'test';
      receivePaymentWebhook({ provider, rawBody: body, headers, registry, services: { db: options.db, payments }, env })
        .then((answer) => {
          received.push({ body, headers, ...answer });
          res.writeHead(answer.status).end(answer.message);
        })
        .catch((e: unknown) => {
          received.push({ body, headers, status: 500, message: (e as Error).message });
          res.writeHead(500).end((e as Error).message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    testpay,
    env,
    payments,
    origin: `http://127.0.0.1:${port}`,
    received,
    refundAtProvider: async (paymentId, amount) => {
      await testPayApi(testpay, 'POST', '/v1/refunds', { paymentIntent: paymentId, amount, metadata: {} });
    },
    holdWebhooks: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    stop: async () => {
      await testpay.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Posts a form on the test provider's hosted pages and answers the status and where it redirects. */
export async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The buyer pays on the hosted checkout page with a test card. */
export const payWith = (checkoutUrl: string, card: string) => postForm(checkoutUrl, { card, expiry: '12/34', cvc: '123' });

async function testPayApi<T>(testpay: TestPayProcess, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${testpay.env.TESTPAY_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${testpay.env.TESTPAY_API_KEY}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`test provider ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** How many times the test provider charged the session's card. */
export async function chargesOf(harness: PaymentsHarness, sessionId: string): Promise<number> {
  return (await testPayApi<{ charges: number }>(harness.testpay, 'GET', `/v1/test/charges/${sessionId}`)).charges;
}

export interface ProviderPayment {
  id: string;
  amount: number;
  amount_refunded: number;
  /** Transferred to sellers from this payment, less reversals. */
  amount_transferred: number;
  transfer_group: string | null;
}

/** The payment as the test provider holds it (what it charged and refunded). */
export const paymentAtProvider = (harness: PaymentsHarness, paymentId: string) => testPayApi<ProviderPayment>(harness.testpay, 'GET', `/v1/payment_intents/${encodeURIComponent(paymentId)}`);

export interface ProviderTransfer {
  id: string;
  amount: number;
  amount_reversed: number;
  destination: string;
  transfer_group: string | null;
  source_transaction: string | null;
  metadata: Record<string, string>;
}

/** The transfers of a transfer group (an order) at the test provider. */
export const transfersAtProvider = async (harness: PaymentsHarness, transferGroup: string) =>
  (await testPayApi<{ data: ProviderTransfer[] }>(harness.testpay, 'GET', `/v1/transfers?transfer_group=${encodeURIComponent(transferGroup)}`)).data;

/** A connected account's balance at the test provider (transfers in, reversals out). */
export const accountBalanceAtProvider = async (harness: PaymentsHarness, accountId: string) =>
  (await testPayApi<{ balance: { available: number } }>(harness.testpay, 'GET', `/v1/accounts/${encodeURIComponent(accountId)}`)).balance.available;
