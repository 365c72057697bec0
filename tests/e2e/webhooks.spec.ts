import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { test, expect, tenantApi, tenantUrl } from './fixtures';
import { seedEvent } from './events-helpers';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';

/**
 * Outbound webhooks (docs/decisions/0088): a tenant admin adds an endpoint in the dashboard's
 * Webhooks tab, a free registration arrives at a receiver on 127.0.0.1 signed the Standard
 * Webhooks way, the delivery log shows it and Resend sends it again with the same webhook-id; an
 * endpoint that keeps answering 500 is retried (WEBHOOK_RETRY_SCHEDULE 1,2 in the test stack) and
 * then disabled, and the tab says so.
 */
const TENANT = 'lumiere';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

function startReceiver(): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received })));
}

test.describe('outbound webhooks', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: `${TENANT}.localhost`, path: '/' }]);
  });

  test('an admin adds an endpoint, a registration arrives signed, Resend repeats its id, and a failing endpoint is disabled', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    try {
      const [admin, organizer, member] = await Promise.all([createUser(TENANT, 'webhooks', 'admin'), createUser(TENANT, 'wh-org', 'organizer'), createUser(TENANT, 'wh-member')]);
      await signInContext(context, request, admin);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(TENANT, '/userDashboard?tab=Webhooks'));
      await hydrated(page);
      const tab = page.getByTestId('webhooks-tab');
      await expect(tab).toBeVisible();

      // A private address is refused with a field error.
      await tab.getByTestId('webhook-add').click();
      const form = page.getByTestId('webhook-form');
      await form.getByLabel('Endpoint URL').fill('http://10.0.0.1/hook');
      await form.getByTestId('webhook-save').click();
      await expect(form.getByTestId('webhook-url-error')).toHaveText('This address is on a private or local network: webhooks only go to the public internet.');

      // The receiver on this machine (the local stack allows loopback).
      const path = `/hook-${Math.random().toString(36).slice(2, 8)}`;
      await form.getByLabel('Endpoint URL').fill(`${receiver.base}${path}`);
      await form.getByLabel('Description (optional)').fill('CRM');
      await form.getByTestId('webhook-save').click();
      await expect(form).toHaveCount(0);
      const card = tab.getByTestId('webhook-endpoint').filter({ hasText: path });
      await expect(card.getByTestId('webhook-state')).toHaveText('Enabled');
      const secret = (await card.getByTestId('webhook-secret').textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

      // A free registration.
      const event = await seedEvent(TENANT, organizer, { ticketPrice: 0 });
      const registered = await tenantApi(request, TENANT).post('/api/tickets/register', {
        headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(request, member), origin: tenantUrl(TENANT, '') },
        data: JSON.stringify({ eventId: event.eventId }),
      });
      expect(registered.status()).toBe(200);
      const mine = () => receiver.received.filter((r) => r.path === path && r.body.includes(event.eventId));
      await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(1);
      const first = mine()[0]!;
      const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string; data: { eventId: string; attendee: { userId: string } } };
      expect(payload.type).toBe('registration.created');
      expect(payload.data.eventId).toBe(event.eventId);
      expect(payload.data.attendee.userId).toBe(member.sub);
      const id = first.headers['webhook-id'] as string;
      expect(id).toMatch(/^msg_/);

      // The log shows it delivered (the tab refreshes itself), and Resend sends the same id again.
      const row = tab.locator(`[data-message-id="${id}"]`);
      await expect(row.getByTestId('webhook-delivery-status')).toHaveText('Delivered', { timeout: 20_000 });
      await expect(row.getByTestId('webhook-delivery-code')).toHaveText('200');
      await page.screenshot({ path: '/tmp/webhooks-tab-desktop.png', fullPage: true });
      await row.getByTestId('webhook-resend').click();
      await expect(row.getByRole('status')).toHaveText('Queued again with the same webhook-id.');
      await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(2);
      expect(mine()[1]!.headers['webhook-id']).toBe(id);
      expect(mine()[1]!.body).toBe(first.body);
      await expect(row.getByTestId('webhook-delivery-attempts')).toHaveText('2', { timeout: 20_000 });

      // An endpoint that answers 500: tried three times (now, +1 s, +2 s), then disabled.
      await tab.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-form').getByLabel('Endpoint URL').fill(`${receiver.base}/fail${path}`);
      await page.getByTestId('webhook-form').getByTestId('webhook-save').click();
      const failing = tab.getByTestId('webhook-endpoint').filter({ hasText: `/fail${path}` });
      await expect(failing.getByTestId('webhook-state')).toHaveText('Enabled');
      const other = await createUser(TENANT, 'wh-member2');
      const event2 = await seedEvent(TENANT, organizer, { ticketPrice: 0 });
      await tenantApi(request, TENANT).post('/api/tickets/register', {
        headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(request, other), origin: tenantUrl(TENANT, '') },
        data: JSON.stringify({ eventId: event2.eventId }),
      });
      await expect.poll(() => receiver.received.filter((r) => r.path === `/fail${path}`).length, { timeout: 30_000 }).toBe(3);
      const ids = new Set(receiver.received.filter((r) => r.path === `/fail${path}`).map((r) => r.headers['webhook-id']));
      expect(ids.size).toBe(1);
      await expect(failing.getByTestId('webhook-state')).toHaveText('Disabled', { timeout: 20_000 });
      await expect(failing.getByTestId('webhook-disabled-notice')).toContainText('its deliveries kept failing');
      const failedRow = tab.locator(`[data-message-id="${[...ids][0]}"]`);
      await expect(failedRow.getByTestId('webhook-delivery-status')).toHaveText('Failed');
      await expect(failedRow.getByTestId('webhook-delivery-attempts')).toHaveText('3');
      await failedRow.locator('summary').click();
      await expect(failedRow.getByTestId('webhook-attempts').locator('li')).toHaveCount(3);
      await expect(failedRow.getByTestId('webhook-attempts').locator('li').first()).toContainText('HTTP 500');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/webhooks-tab-phone.png', fullPage: true });
      await failing.getByTestId('webhook-enable').click();
      await expect(failing.getByTestId('webhook-state')).toHaveText('Enabled');

      // Deleted, both stop receiving (and other tests of this tenant send nothing here).
      for (const name of [`/fail${path}`, path]) {
        const c = tab.getByTestId('webhook-endpoint').filter({ hasText: name });
        await c.getByTestId('webhook-delete').click();
        await page.getByTestId('webhook-delete-dialog-confirm').click();
        await expect(c).toHaveCount(0);
      }
    } finally {
      receiver.server.close();
    }
  });

  test('a member is not offered the tab, and the API answers them 403', async ({ page, context, request }) => {
    const member = await createUser(TENANT, 'wh-nonadmin');
    await signInContext(context, request, member);
    await page.goto(tenantUrl(TENANT, '/userDashboard?tab=Webhooks'));
    await hydrated(page);
    await expect(page.getByText('Only the site’s administrators manage webhooks.')).toBeVisible();
    const cookie = await sessionCookie(request, member);
    const api = tenantApi(request, TENANT);
    expect((await api.get('/api/webhooks', { headers: { cookie } })).status()).toBe(403);
    const post = await api.post('/api/webhooks', { headers: { cookie, 'Content-Type': 'application/json', origin: tenantUrl(TENANT, '') }, data: JSON.stringify({ intent: 'create', url: 'https://example.com/x', events: ['order.paid'] }) });
    expect(post.status()).toBe(403);
    expect((await api.get('/api/webhooks')).status()).toBe(401);
  });
});
