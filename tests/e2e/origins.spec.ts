/**
 * Every return and callback address comes from the tenant, not the request (issue 24): a checkout
 * return path that leaves the site is refused (and one stored before is neutralised), and a
 * request whose Host names the tenant with another port still gets provider callbacks, onboarding
 * addresses, mails, calendar files and share links on the tenant's own site
 * (docs/decisions/0062). The test stack's site is http://aurora.localhost:<E2E_PORT>.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Order } from '#app/lib/payments/model';
import { E2E_PORT } from './stack';
import { e2eData, seedEvent } from './events-helpers';
import { expect, tenantApi, test } from './fixtures';
import { CARDS, expireAccountLink } from './payments-helpers';
import { createUser, sessionCookie } from './session-helpers';
import { sentMails } from './tickets-helpers';
import { testMark } from './marks';

const TENANT = 'aurora';
const SITE = `http://aurora.localhost:${E2E_PORT}`;
/** The tenant's name with a port nothing listens on: the stack still routes it to aurora. */
const OTHER_HOST = 'aurora.localhost:39555';
const app = (path: string) => `http://127.0.0.1:${E2E_PORT}${path}`;

/** A request to the app that names the tenant with another port, as a misrouted or hostile client can. */
function viaOtherHost(request: APIRequestContext, cookie: string) {
  const headers = { Host: OTHER_HOST, Cookie: cookie };
  return {
    get: (path: string) => request.get(app(path), { headers, maxRedirects: 0 }),
    post: (path: string, data: unknown) => request.post(app(path), { headers: { ...headers, 'Content-Type': 'application/json' }, data: JSON.stringify(data), maxRedirects: 0 }),
  };
}

const checkoutBody = (eventId: string, returnPath: string) => ({ lines: [{ kind: 'ticket', refId: eventId, quantity: 1 }], returnPath, idempotencyKey: `origins-${Math.random().toString(36).slice(2, 14)}` });
/** Calendar files fold long lines (RFC 5545): unfolded, a URL reads whole. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');

async function paidEvent() {
  const organizer = await createUser(TENANT, 'orig-org', 'organizer');
  return seedEvent(TENANT, organizer, { title: `Origins paid ${testMark()}`, ticketPrice: 1500 });
}

test.describe('checkout return paths (one safe-redirect function)', () => {
  test('a return path that leaves the site after normalization is refused with a field error, and nothing is ordered', async ({ request }) => {
    const event = await paidEvent();
    const buyer = await createUser(TENANT, 'orig-hostile');
    const cookie = await sessionCookie(request, buyer);
    const api = tenantApi(request, TENANT);
    for (const returnPath of ['/.//evil.example/x', '//evil.example/x', '/\\evil.example', '/%2F/evil.example', '/.%2F/evil.example', '/%5C%5Cevil.example', '/\t/evil.example', 'javascript:alert(1)', 'https://evil.example/']) {
      const answer = await api.post('/api/checkout', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify(checkoutBody(event.eventId, returnPath)), maxRedirects: 0 });
      expect(answer.status(), returnPath).toBe(400);
      const body = (await answer.json()) as { fields?: Record<string, string> };
      expect(Object.keys(body.fields ?? {}), returnPath).toEqual(['returnPath']);
    }
    expect(await e2eData(TENANT).orders.ofBuyer(buyer.sub)).toEqual([]);
  });

  test('an order whose stored return path leaves the site comes back to the home page', async ({ request }) => {
    const buyer = await createUser(TENANT, 'orig-stored');
    const cookie = await sessionCookie(request, buyer);
    const event = await paidEvent();
    const orderId = `ord_orig${Math.random().toString(36).slice(2, 12)}`;
    const order: Order = {
      orderId,
      buyerId: buyer.sub,
      buyerEmail: buyer.username,
      buyerName: 'Stored',
      currency: 'USD',
      lines: [{ kind: 'ticket', refId: event.eventId, quantity: 1, title: event.title, unitAmount: 1500, sellerId: event.organizerId }],
      total: { amount: 1500, currency: 'USD' },
      applicationFee: { amount: 0, currency: 'USD' },
      refunded: { amount: 0, currency: 'USD' },
      status: 'pending',
      provider: 'test',
      returnPath: '/.//evil.example/x',
      createdAt: new Date().toISOString(),
    };
    expect((await e2eData(TENANT).orders.create(order, `orig-${orderId}`)).created).toBe(true);
    const back = await tenantApi(request, TENANT).get(`/api/checkout/return?order=${orderId}&canceled=1`, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(back.status()).toBe(303);
    const location = back.headers().location!;
    expect(location).toBe(`/?order=${orderId}&paid=0`);
    expect(new URL(location, `${SITE}/api/checkout/return`).origin).toBe(SITE);
  });
});

test.describe('absolute addresses come from the tenant, not the Host header', () => {
  test('checkout from another port: the provider returns the buyer to, and its webhook reaches, the tenant’s site; the return ends on the path', async ({ request }) => {
    const event = await paidEvent();
    const buyer = await createUser(TENANT, 'orig-buyer');
    const cookie = await sessionCookie(request, buyer);
    const started = await viaOtherHost(request, cookie).post('/api/checkout', checkoutBody(event.eventId, `/preview?event=${event.eventId}`));
    expect(started.status()).toBe(200);
    const { orderId, redirectUrl } = (await started.json()) as { orderId: string; redirectUrl: string };

    // The hosted page sends the paying buyer to the success URL checkout gave it.
    const paid = await fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ card: CARDS.success, expiry: '12/34', cvc: '123' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE}/api/checkout/return?order=${orderId}`);
    // Nobody comes back or polls: only the provider's webhook, sent to the webhook target checkout gave it, captures the order.
    await expect.poll(async () => (await e2eData(TENANT).orders.get(orderId))?.status, { timeout: 20_000 }).toBe('captured');

    const back = await tenantApi(request, TENANT).get(`/api/checkout/return?order=${orderId}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(back.status()).toBe(303);
    expect(back.headers().location).toBe(`/preview?event=${event.eventId}&order=${orderId}&paid=1`);
    // The ticket's confirmation mail links to the tenant's site too.
    await expect.poll(() => sentMails().filter((m) => m.to === buyer.username && m.purpose === 'ticket').length, { timeout: 10_000 }).toBe(1);
    const mail = sentMails().find((m) => m.to === buyer.username && m.purpose === 'ticket')!;
    expect(mail.text).toContain(`${SITE}/preview?event=${event.eventId}`);
    expect(JSON.stringify(mail)).not.toContain('39555');
  });

  test('a canceled checkout from another port goes back through the tenant’s site', async ({ request }) => {
    const event = await paidEvent();
    const buyer = await createUser(TENANT, 'orig-cancel');
    const started = await viaOtherHost(request, await sessionCookie(request, buyer)).post('/api/checkout', checkoutBody(event.eventId, '/liveEvents'));
    expect(started.status()).toBe(200);
    const { orderId, redirectUrl } = (await started.json()) as { orderId: string; redirectUrl: string };
    const cancel = await fetch(`${redirectUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${SITE}/api/checkout/return?order=${orderId}&canceled=1`);
  });

  test('free registration, its mail and .ics, the .ics download and the event page’s links from another port all name the tenant’s site', async ({ request }) => {
    const organizer = await createUser(TENANT, 'orig-free-org', 'organizer');
    const event = await seedEvent(TENANT, organizer, { title: `Origins free ${testMark()}`, ticketPrice: 0, capacity: 10 });
    const person = await createUser(TENANT, 'orig-free');
    const other = viaOtherHost(request, await sessionCookie(request, person));

    const registered = await other.post('/api/tickets/register', { eventId: event.eventId });
    expect(registered.status()).toBe(200);
    await expect.poll(() => sentMails().filter((m) => m.to === person.username && m.purpose === 'ticket').length, { timeout: 10_000 }).toBe(1);
    const mail = sentMails().find((m) => m.to === person.username && m.purpose === 'ticket')!;
    expect(mail.text).toContain(`${SITE}/preview?event=${event.eventId}`);
    const attached = unfold(mail.attachments![0]!.content);
    expect(attached).toContain(`URL:${SITE}/preview?event=${event.eventId}`);
    expect(attached).toContain(`UID:${event.eventId}@aurora.localhost:${E2E_PORT}`);
    expect(JSON.stringify(mail)).not.toContain('39555');

    const download = await other.get(`/api/tickets/ics?event=${event.eventId}`);
    expect(download.status()).toBe(200);
    const ics = unfold(await download.text());
    expect(ics).toContain(`URL:${SITE}/preview?event=${event.eventId}`);
    expect(ics).not.toContain('39555');

    const page = await other.get(`/preview?event=${event.eventId}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${SITE}/shortUrl?c=${event.shortCode}`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/preview"`);
    // Only the identity endpoint the page calls at once stays on the Host it was loaded from (its cookies live there).
    expect(html.replaceAll(`"http://${OTHER_HOST}/api/identity"`, '')).not.toContain('39555');
  });

  test('payout onboarding from another port: the account link comes back to the tenant’s site', async ({ request }) => {
    const organizer = await createUser(TENANT, 'orig-payout', 'organizer');
    const answer = await viaOtherHost(request, await sessionCookie(request, organizer)).post('/api/payments/onboard', {});
    expect(answer.status()).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    await expireAccountLink(url);
    const expired = await fetch(url, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(`${SITE}/accountLinkRefresh`);
  });
});
