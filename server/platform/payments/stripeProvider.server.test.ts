/**
 * The Stripe adapter offline: the SDK is pointed at a local recorder (real Stripe cannot be reached
 * from here), which answers like the API and keeps each request's method, path, form parameters
 * and Idempotency-Key for the assertions; webhooks are signed with the SDK's own test header.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFreePort } from '#local/stack/ports';
import type { InitiateInput } from './provider.server';
import { createStripeProvider } from './stripeProvider.server';

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const recorded: Recorded[] = [];
const answers: Record<string, unknown> = {
  'POST /v1/checkout/sessions': { id: 'cs_test_rec', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_rec', status: 'open', payment_status: 'unpaid' },
  'GET /v1/checkout/sessions/cs_paid': { id: 'cs_paid', object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: { id: 'pi_paid', object: 'payment_intent', status: 'succeeded' } },
  'GET /v1/checkout/sessions/cs_open': { id: 'cs_open', object: 'checkout.session', status: 'open', payment_status: 'unpaid', payment_intent: null },
  'GET /v1/checkout/sessions/cs_failed': { id: 'cs_failed', object: 'checkout.session', status: 'complete', payment_status: 'unpaid', payment_intent: { id: 'pi_f', object: 'payment_intent', status: 'requires_payment_method' } },
  'POST /v1/checkout/sessions/cs_open/expire': { id: 'cs_open', object: 'checkout.session', status: 'expired' },
  'POST /v1/refunds': { id: 're_1', object: 'refund', amount: 700, status: 'succeeded' },
  'POST /v1/accounts': { id: 'acct_new', object: 'account' },
  'GET /v1/accounts/acct_new': { id: 'acct_new', object: 'account', charges_enabled: true, details_submitted: true },
  'POST /v1/account_links': { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_new/abc', expires_at: 1 },
  'GET /v1/transfers': { object: 'list', data: [], has_more: false, url: '/v1/transfers' },
  'GET /v1/payment_intents/pi_paid': { id: 'pi_paid', object: 'payment_intent', status: 'succeeded', latest_charge: 'ch_paid' },
  'POST /v1/transfers': { id: 'tr_1', object: 'transfer', amount: 950, amount_reversed: 0, destination: 'acct_seller', transfer_group: 'ord_1' },
  'POST /v1/transfers/tr_1/reversals': { id: 'trr_1', object: 'transfer_reversal', amount: 380, transfer: 'tr_1' },
};
/** Requests the recorder refuses as Stripe does an invalid request (400 invalid_request_error). */
const refusing = new Set<string>();

let server: Server;
let port: number;
beforeAll(async () => {
  port = await getFreePort();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorder');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
      recorded.push({ method: req.method!, path: url.pathname, params, idempotencyKey: req.headers['idempotency-key'] as string | undefined, authorization: req.headers.authorization });
      const route = `${req.method} ${url.pathname}`;
      const answer = refusing.has(route) ? undefined : answers[route];
      res.writeHead(answer ? 200 : refusing.has(route) ? 400 : 404, { 'Content-Type': 'application/json', 'Request-Id': 'req_rec' });
      res.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: refusing.has(route) ? 'Amount exceeds what is left' : 'No such resource' } }));
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  recorded.length = 0;
  refusing.clear();
});

const WEBHOOK_SECRET = 'whsec_stripe_unit';
const provider = () => createStripeProvider({ secretKey: 'sk_test_recorder', webhookSecret: WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' } });

const input: InitiateInput = {
  tenantId: 'aurora',
  orderId: 'ord_1',
  currency: 'USD',
  lines: [
    { title: 'Ticket: Launch night', quantity: 2, unitAmount: 2500 },
    { title: 'Replay', quantity: 1, unitAmount: 500 },
  ],
  total: { amount: 5500, currency: 'USD' },
  applicationFee: { amount: 275, currency: 'USD' },
  buyerEmail: 'buyer@example.com',
  successUrl: 'http://aurora.events.localhost/api/checkout/return?order=ord_1',
  cancelUrl: 'http://aurora.events.localhost/api/checkout/return?order=ord_1&canceled=1',
  webhookUrl: 'http://aurora.events.localhost/api/payments/webhook/stripe',
  transferGroup: 'ord_1',
  language: 'es',
  idempotencyKey: 'checkout-aurora-ord_1',
};

describe('Stripe adapter against the recorder', () => {
  it('creates a Checkout Session with line items, metadata, https targets and an idempotency key', async () => {
    const session = await provider().initiate(input);
    expect(session).toEqual({ sessionId: 'cs_test_rec', redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_rec' });
    const [call] = recorded;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: 'checkout-aurora-ord_1', authorization: 'Bearer sk_test_recorder' });
    const p = Object.fromEntries(call.params);
    expect(p).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Ticket: Launch night',
      'line_items[1][price_data][unit_amount]': '500',
      'metadata[orderId]': 'ord_1',
      'metadata[tenantId]': 'aurora',
      'payment_intent_data[metadata][orderId]': 'ord_1',
      success_url: 'https://aurora.events.localhost/api/checkout/return?order=ord_1',
      cancel_url: 'https://aurora.events.localhost/api/checkout/return?order=ord_1&canceled=1',
      customer_email: 'buyer@example.com',
      locale: 'es',
    });
    // Separate charges and transfers: charged to the platform with the order as its transfer group, never a destination charge.
    expect(p['payment_intent_data[transfer_group]']).toBe('ord_1');
    expect(p['payment_intent_data[transfer_data][destination]']).toBeUndefined();
    expect(p['payment_intent_data[application_fee_amount]']).toBeUndefined();
  });

  it('transfers a seller’s share from the payment’s charge, in the order’s transfer group, with a key per order and seller', async () => {
    const transfer = { paymentId: 'pi_paid', amount: 950, currency: 'USD', destinationAccountId: 'acct_seller', transferGroup: 'ord_1', idempotencyKey: 'transfer-aurora-ord_1-u1', metadata: { tenantId: 'aurora', orderId: 'ord_1', sellerId: 'u1' } };
    expect(await provider().transfer(transfer)).toEqual({ transferId: 'tr_1', amount: 950 });
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/transfers', 'GET /v1/payment_intents/pi_paid', 'POST /v1/transfers']);
    expect(Object.fromEntries(recorded[0].params)).toMatchObject({ transfer_group: 'ord_1' });
    expect(recorded[2].idempotencyKey).toBe('transfer-aurora-ord_1-u1');
    expect(Object.fromEntries(recorded[2].params)).toEqual({
      amount: '950',
      currency: 'usd',
      destination: 'acct_seller',
      transfer_group: 'ord_1',
      source_transaction: 'ch_paid',
      'metadata[tenantId]': 'aurora',
      'metadata[orderId]': 'ord_1',
      'metadata[sellerId]': 'u1',
    });

    // A transfer this order already made to this seller (its key may have expired) is answered, never made twice.
    recorded.length = 0;
    const list = answers['GET /v1/transfers'];
    answers['GET /v1/transfers'] = { object: 'list', has_more: false, url: '/v1/transfers', data: [{ id: 'tr_made', object: 'transfer', amount: 900, metadata: { tenantId: 'aurora', orderId: 'ord_1', sellerId: 'u1' } }] };
    try {
      expect(await provider().transfer(transfer)).toEqual({ transferId: 'tr_made', amount: 900 });
      expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/transfers']);
    } finally {
      answers['GET /v1/transfers'] = list;
    }
  });

  it('reverses part of a transfer with an idempotency key', async () => {
    const reversal = await provider().reverseTransfer({ transferId: 'tr_1', amount: 380, idempotencyKey: 'reversal-aurora-ord_1-u1-0-380', metadata: { tenantId: 'aurora', orderId: 'ord_1', sellerId: 'u1' } });
    expect(reversal).toEqual({ reversalId: 'trr_1', amount: 380 });
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/transfers/tr_1/reversals', idempotencyKey: 'reversal-aurora-ord_1-u1-0-380' });
    expect(Object.fromEntries(recorded[0].params)).toEqual({ amount: '380', 'metadata[tenantId]': 'aurora', 'metadata[orderId]': 'ord_1', 'metadata[sellerId]': 'u1' });
  });

  it('a refund Stripe refuses is a PaymentRefusedError (the reservation is given back), not a server error', async () => {
    refusing.add('POST /v1/refunds');
    await expect(provider().refund({ paymentId: 'pi_paid', amount: 700, orderId: 'ord_1', idempotencyKey: 'refund-2', reverseTransfer: false })).rejects.toMatchObject({ name: 'PaymentRefusedError' });
  });

  it('maps session states', async () => {
    expect(await provider().status('cs_paid')).toEqual({ state: 'captured', paymentId: 'pi_paid' });
    expect(await provider().status('cs_open')).toEqual({ state: 'pending' });
    expect(await provider().capture('cs_failed')).toEqual({ state: 'failed', paymentId: 'pi_f' });
    expect(recorded[0].params.getAll('expand[0]')).toEqual(['payment_intent']);
  });

  it('refunds with an idempotency key and reverses the transfer of an older destination charge', async () => {
    expect(await provider().refund({ paymentId: 'pi_paid', amount: 700, orderId: 'ord_1', idempotencyKey: 'refund-1', reverseTransfer: true })).toEqual({ refundId: 're_1', amount: 700 });
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-1' });
    expect(Object.fromEntries(recorded[0].params)).toMatchObject({ payment_intent: 'pi_paid', amount: '700', reverse_transfer: 'true', refund_application_fee: 'true', 'metadata[orderId]': 'ord_1' });
  });

  it('cancels an open session by expiring it', async () => {
    await provider().cancel('cs_open');
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/checkout/sessions/cs_open', 'POST /v1/checkout/sessions/cs_open/expire']);
  });

  it('creates an Express account and an onboarding link back to the tenant’s host', async () => {
    const p = provider();
    expect(await p.createAccount({ tenantId: 'aurora', userId: 'u1', email: 'org@example.com', webhookUrl: 'ignored' })).toEqual({ accountId: 'acct_new' });
    expect(recorded[0]).toMatchObject({ path: '/v1/accounts', idempotencyKey: 'account-aurora-u1' });
    expect(Object.fromEntries(recorded[0].params)).toMatchObject({ type: 'express', email: 'org@example.com', 'metadata[tenantId]': 'aurora', 'metadata[userId]': 'u1', 'capabilities[transfers][requested]': 'true' });
    const link = await p.accountLink({ accountId: 'acct_new', returnUrl: 'http://aurora.events.localhost/accountLinkReturn', refreshUrl: 'http://aurora.events.localhost/accountLinkRefresh' });
    expect(link.url).toContain('connect.stripe.com');
    expect(Object.fromEntries(recorded[1].params)).toEqual({
      account: 'acct_new',
      type: 'account_onboarding',
      return_url: 'https://aurora.events.localhost/accountLinkReturn',
      refresh_url: 'https://aurora.events.localhost/accountLinkRefresh',
    });
    expect(await p.accountActive('acct_new')).toBe(true);
  });

  it('verifies signed webhooks on the raw body and refuses tampered or old ones', () => {
    const stripe = new Stripe('sk_test_x');
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', payment_intent: 'pi_1', amount_refunded: 700, metadata: { orderId: 'ord_1', tenantId: 'aurora' } } } });
    const good = new Headers({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) });
    expect(provider().parseWebhook(body, good)).toEqual({ ok: true, event: { eventId: 'evt_1', type: 'refunded', tenantId: 'aurora', orderId: 'ord_1', paymentId: 'pi_1', refundedTotal: 700 } });
    expect(provider().parseWebhook(body.replace('700', '70000'), good)).toMatchObject({ ok: false, refused: 'bad_signature' });
    const old = new Headers({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }) });
    expect(provider().parseWebhook(body, old)).toMatchObject({ ok: false, refused: 'too_old' });
  });
});
