/**
 * The local test payment provider (docs/decisions/0033-payments.md): NOT Stripe, a small stand-in
 * with the same shape for the platform's purposes. It runs as its own process (process.ts) so the
 * platform reaches it over HTTP exactly as it would reach a real provider.
 *
 * REST API (JSON; Authorization: Bearer <api key>; Idempotency-Key honoured on every create):
 *   POST /v1/checkout/sessions            { orderId, tenantId, lineItems, currency, amountTotal, applicationFee,
 *                                           transferGroup?, successUrl, cancelUrl, webhookUrl, lang }
 *   GET  /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire
 *   POST /v1/refunds                      { paymentIntent, amount, metadata }
 *   GET  /v1/payment_intents/:id          what was charged, refunded and transferred of a payment
 *   POST /v1/transfers                    { amount, currency, destination, transferGroup, sourceTransaction, metadata }
 *   GET  /v1/transfers?transfer_group=
 *   POST /v1/transfers/:id/reversals      { amount, metadata }
 *   GET  /v1/balance                      the platform's balance (accounts show theirs)
 *   POST /v1/accounts                     { email, metadata, webhookUrl }
 *   GET  /v1/accounts/:id
 *   POST /v1/account_links                { account, returnUrl, refreshUrl, lang }
 *   POST /v1/test/account_links/expire    { url }: makes a link expired (tests of the refresh path)
 *   GET  /v1/test/charges/:sessionId      how many times the session's card was charged
 * Hosted pages (HTML forms): /pay/:id (+ /cancel, /authenticate), /onboard/:linkId.
 * Webhooks: Stripe-shaped events, signed like Stripe's, to the session's or account's webhookUrl.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { authenticatePage, checkoutPage, closedPage, declinedPage, notFoundPage, onboardingPage } from './pages';
import { languageOf, messagesFor } from './messages';
import { newId, TEST_CARDS, TestPayStore, type Account, type Session } from './store';
import { createWebhookSender, type WebhookSender } from './webhooks';
import { transferApi } from './transfers';

export interface TestPayOptions {
  apiKey: string;
  webhookSecret: string;
  /** This server's own base URL as browsers reach it (hosted page links). */
  publicUrl: string;
  log?: (message: string) => void;
}

const urlSchema = z.url().max(2000);
const sessionSchema = z.object({
  orderId: z.string().min(1).max(80),
  tenantId: z.string().min(1).max(80),
  lineItems: z.array(z.object({ title: z.string().min(1).max(300), quantity: z.number().int().min(1), unitAmount: z.number().int().min(0) })).min(1).max(100),
  currency: z.string().regex(/^[A-Z]{3}$/),
  amountTotal: z.number().int().min(1),
  applicationFee: z.number().int().min(0),
  transferGroup: z.string().max(80).nullable().optional(),
  successUrl: urlSchema,
  cancelUrl: urlSchema,
  webhookUrl: urlSchema,
  lang: z.string().max(10).default('en'),
});
const refundSchema = z.object({ paymentIntent: z.string().min(1).max(80), amount: z.number().int().min(1), metadata: z.record(z.string(), z.string()).default({}) });
const accountSchema = z.object({ email: z.string().max(320), metadata: z.record(z.string(), z.string()).default({}), webhookUrl: urlSchema });
const linkSchema = z.object({ account: z.string().min(1).max(80), returnUrl: urlSchema, refreshUrl: urlSchema, lang: z.string().max(10).default('en') });

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 256 * 1024) throw new HttpError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sendJson = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(value));
};
const sendHtml = (res: ServerResponse, status: number, html: string) => {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
};
const redirect = (res: ServerResponse, location: string) => res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();

function sessionObject(s: Session) {
  return {
    id: s.id,
    object: 'checkout.session',
    status: s.status,
    payment_status: s.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    testpay_outcome: s.paymentStatus === 'failed' ? 'failed' : s.awaitingAuthentication ? 'requires_action' : null,
    amount_total: s.amountTotal,
    currency: s.currency.toLowerCase(),
    payment_intent: s.status === 'open' && s.paymentStatus === 'unpaid' && !s.awaitingAuthentication ? null : s.paymentIntent,
    metadata: { orderId: s.orderId, tenantId: s.tenantId },
    application_fee_amount: s.applicationFee,
    transfer_group: s.transferGroup,
    url: null as string | null,
  };
}

function accountObject(a: Account, balance: number) {
  return {
    id: a.id,
    object: 'account',
    email: a.email,
    charges_enabled: a.chargesEnabled,
    details_submitted: a.detailsSubmitted,
    business_profile: { name: a.businessName },
    country: a.country,
    metadata: a.metadata,
    balance: { available: balance },
  };
}

export function createTestPayServer(options: TestPayOptions): { server: Server; store: TestPayStore; webhooks: WebhookSender } {
  const log = options.log ?? ((m: string) => console.warn(`[testpay] ${m}`));
  const store = new TestPayStore();
  const webhooks = createWebhookSender(options.webhookSecret, log);
  const expected = Buffer.from(`Bearer ${options.apiKey}`);

  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** Runs a create once per Idempotency-Key: a retry gets the first answer. */
  const once = (req: IncomingMessage, endpoint: string, create: () => unknown) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) return create();
    const slot = `${endpoint} ${key}`;
    if (!store.idempotent.has(slot)) store.idempotent.set(slot, create());
    return store.idempotent.get(slot);
  };

  const parse = <T>(schema: z.ZodType<T>, text: string): T => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'the body is not JSON');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return parsed.data;
  };

  const withUrl = (s: Session) => ({ ...sessionObject(s), url: s.status === 'open' ? `${options.publicUrl}/pay/${s.id}` : null });

  const paid = (s: Session) => {
    s.status = 'complete';
    s.paymentStatus = 'paid';
    s.awaitingAuthentication = false;
    store.charges.set(s.id, (store.charges.get(s.id) ?? 0) + 1);
    webhooks.send(s.webhookUrl, 'checkout.session.completed', sessionObject(s));
  };
  const failed = (s: Session) => {
    s.status = 'complete';
    s.paymentStatus = 'failed';
    s.awaitingAuthentication = false;
    webhooks.send(s.webhookUrl, 'checkout.session.async_payment_failed', sessionObject(s));
  };
  const expire = (s: Session) => {
    s.status = 'expired';
    s.awaitingAuthentication = false;
    webhooks.send(s.webhookUrl, 'checkout.session.expired', sessionObject(s));
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    if (!authorized(req)) throw new HttpError(401, 'invalid API key');
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const input = parse(sessionSchema, body);
      const created = once(req, path, () => {
        const s: Session = {
          id: newId('cs_test'),
          paymentIntent: newId('pi'),
          chargeId: newId('ch'),
          ...input,
          transferGroup: input.transferGroup ?? null,
          lineItems: input.lineItems,
          status: 'open',
          paymentStatus: 'unpaid',
          awaitingAuthentication: false,
          amountRefunded: 0,
          created: Math.floor(Date.now() / 1000),
        };
        const sum = s.lineItems.reduce((t, l) => t + l.unitAmount * l.quantity, 0);
        if (sum !== s.amountTotal) throw new HttpError(400, `amountTotal ${s.amountTotal} is not the sum of the line items (${sum})`);
        if (s.applicationFee > s.amountTotal) throw new HttpError(400, 'applicationFee exceeds amountTotal');
        store.sessions.set(s.id, s);
        return s.id;
      });
      return sendJson(res, 200, withUrl(store.sessions.get(created as string)!));
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/)) && method === 'GET') {
      const s = store.sessions.get(m[1]);
      if (!s) throw new HttpError(404, 'no such session');
      return sendJson(res, 200, withUrl(s));
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/)) && method === 'POST') {
      const s = store.sessions.get(m[1]);
      if (!s) throw new HttpError(404, 'no such session');
      if (s.status !== 'open') throw new HttpError(400, `the session is ${s.status}; only an open session can be expired`);
      expire(s);
      return sendJson(res, 200, withUrl(s));
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const input = parse(refundSchema, body);
      const refund = once(req, path, () => {
        const s = store.sessionByPaymentIntent(input.paymentIntent);
        if (!s || s.paymentStatus !== 'paid') throw new HttpError(404, 'no such payment');
        if (input.amount > s.amountTotal - s.amountRefunded) throw new HttpError(400, `amount exceeds the ${s.amountTotal - s.amountRefunded} left to refund`);
        s.amountRefunded += input.amount;
        const r = { id: newId('re'), object: 'refund', payment_intent: s.paymentIntent, amount: input.amount, status: 'succeeded', metadata: input.metadata };
        store.refunds.set(r.id, { id: r.id, paymentIntent: s.paymentIntent, amount: r.amount });
        webhooks.send(s.webhookUrl, 'charge.refunded', {
          id: s.chargeId,
          object: 'charge',
          payment_intent: s.paymentIntent,
          amount: s.amountTotal,
          amount_refunded: s.amountRefunded,
          refunded: s.amountRefunded === s.amountTotal,
          metadata: { orderId: s.orderId, tenantId: s.tenantId },
        });
        return r;
      });
      return sendJson(res, 200, refund);
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const input = parse(accountSchema, body);
      const id = once(req, path, () => {
        const a: Account = { id: newId('acct'), email: input.email, metadata: input.metadata, webhookUrl: input.webhookUrl, businessName: null, country: null, chargesEnabled: false, detailsSubmitted: false };
        store.accounts.set(a.id, a);
        return a.id;
      });
      return sendJson(res, 200, accountObject(store.accounts.get(id as string)!, 0));
    }
    if ((m = path.match(/^\/v1\/accounts\/([\w-]+)$/)) && method === 'GET') {
      const a = store.accounts.get(m[1]);
      if (!a) throw new HttpError(404, 'no such account');
      return sendJson(res, 200, accountObject(a, store.accountBalance(a.id)));
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const input = parse(linkSchema, body);
      if (!store.accounts.has(input.account)) throw new HttpError(404, 'no such account');
      const link = { id: newId('link'), account: input.account, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, lang: input.lang, used: false, expiresAt: Date.now() + 5 * 60_000 };
      store.links.set(link.id, link);
      return sendJson(res, 200, { object: 'account_link', url: `${options.publicUrl}/onboard/${link.id}`, expires_at: Math.floor(link.expiresAt / 1000) });
    }
    if (method === 'POST' && path === '/v1/test/account_links/expire') {
      const { url } = parse(z.object({ url: z.string() }), body);
      const link = store.links.get(url.split('/').pop() ?? '');
      if (!link) throw new HttpError(404, 'no such link');
      link.expiresAt = 0;
      return sendJson(res, 200, { expired: true });
    }
    const moved = transferApi({ store, once, parse, fail: (status, message) => new HttpError(status, message) }, req, method, path, body);
    if (moved !== undefined) return sendJson(res, 200, moved);
    if ((m = path.match(/^\/v1\/test\/charges\/([\w-]+)$/)) && method === 'GET') {
      return sendJson(res, 200, { charges: store.charges.get(m[1]) ?? 0 });
    }
    throw new HttpError(404, 'no such endpoint');
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string) {
    const method = req.method ?? 'GET';
    const form = method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/pay\/([\w-]+)(\/cancel|\/authenticate)?$/))) {
      const s = store.sessions.get(m[1]);
      if (!s) return sendHtml(res, 404, notFoundPage());
      const step = m[2];
      if (s.status !== 'open') {
        // A second click on Pay after the first was taken: back to the shop, never a second charge.
        if (method === 'POST' && s.paymentStatus === 'paid') return redirect(res, s.successUrl);
        return sendHtml(res, 200, s.paymentStatus === 'failed' ? declinedPage(s) : closedPage(s));
      }
      if (step === '/cancel') {
        if (method !== 'POST') return sendHtml(res, 405, notFoundPage(s.lang));
        expire(s);
        return redirect(res, s.cancelUrl);
      }
      if (step === '/authenticate') {
        if (!s.awaitingAuthentication) return redirect(res, `/pay/${s.id}`);
        if (method === 'GET') return sendHtml(res, 200, authenticatePage(s));
        if (form.get('result') === 'approve') {
          paid(s);
          return redirect(res, s.successUrl);
        }
        failed(s);
        return sendHtml(res, 200, declinedPage(s));
      }
      if (method === 'GET') return sendHtml(res, 200, s.awaitingAuthentication ? authenticatePage(s) : checkoutPage(s));
      const card = (form.get('card') ?? '').replace(/\D/g, '');
      if (card === TEST_CARDS.success) {
        paid(s);
        return redirect(res, s.successUrl);
      }
      if (card === TEST_CARDS.decline) {
        failed(s);
        return sendHtml(res, 200, declinedPage(s));
      }
      if (card === TEST_CARDS.authenticate) {
        s.awaitingAuthentication = true;
        return redirect(res, `/pay/${s.id}/authenticate`);
      }
      return sendHtml(res, 400, checkoutPage(s, messagesFor(languageOf(s.lang)).unknownCard));
    }
    if ((m = path.match(/^\/onboard\/([\w-]+)$/))) {
      const link = store.links.get(m[1]);
      const account = link && store.accounts.get(link.account);
      if (!link || !account) return sendHtml(res, 404, notFoundPage());
      // Like Stripe: a used or expired link sends the organizer to the refresh URL for a new one.
      if (link.used || link.expiresAt <= Date.now()) return redirect(res, link.refreshUrl);
      if (method === 'GET') return sendHtml(res, 200, onboardingPage(link, account));
      const businessName = (form.get('businessName') ?? '').trim().slice(0, 100);
      const country = form.get('country') ?? '';
      if (!businessName || !/^[A-Z]{2}$/.test(country)) return sendHtml(res, 400, onboardingPage(link, account, messagesFor(languageOf(link.lang)).required));
      link.used = true;
      Object.assign(account, { businessName, country, detailsSubmitted: true, chargesEnabled: true });
      webhooks.send(account.webhookUrl, 'account.updated', accountObject(account, store.accountBalance(account.id)));
      return redirect(res, link.returnUrl);
    }
    return sendHtml(res, 404, notFoundPage());
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://testpay').pathname;
    const handler = path === '/health' ? async () => sendJson(res, 200, { ok: true }) : path.startsWith('/v1/') ? () => api(req, res, path) : () => pages(req, res, path);
    handler().catch((e: unknown) => {
      if (res.headersSent) return res.end();
      if (e instanceof HttpError) return sendJson(res, e.status, { error: { message: e.message } });
      log(`${req.method} ${path}: ${(e as Error).stack}`);
      sendJson(res, 500, { error: { message: 'internal error' } });
    });
  });
  return { server, store, webhooks };
}
