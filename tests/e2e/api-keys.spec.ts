import { test, expect, tenantApi, tenantUrl } from './fixtures';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';

/**
 * The public REST API's keys (docs/decisions/0087): a tenant admin creates a key in the dashboard's
 * "API keys" tab, sees its secret once, lists events and registrations with it as a curl would
 * (Authorization: Bearer), and revokes it, after which the key is refused.
 */
const TENANT = 'solana';

test.describe('public API keys', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: `${TENANT}.localhost`, path: '/' }]);
  });

  test('an admin creates a key, sees it once, lists events and registrations with it, and revokes it', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const admin = await createUser(TENANT, 'apikeys', 'admin');
    await signInContext(context, request, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(tenantUrl(TENANT, '/userDashboard?tab=ApiKeys'));
    await hydrated(page);
    const tab = page.getByTestId('api-keys-tab');
    // Loaded: the list or its empty state (other tests of this tenant may hold keys).
    await expect(tab.getByTestId('api-keys-list').or(tab.getByTestId('api-keys-empty'))).toBeVisible();
    await page.screenshot({ path: '/tmp/api-keys-tab-phone.png', fullPage: true });

    const name = `CRM sync ${Math.random().toString(36).slice(2, 7)}`;
    await tab.getByLabel('Name').fill(name);
    // Default scopes: events:read and registrations:read; add orders:read.
    await tab.getByTestId('api-key-scope-orders:read').click();
    await tab.getByTestId('api-key-create').click();
    const secretBox = tab.getByTestId('api-key-secret-box');
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^lkp_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    const row = tab.getByTestId('api-key-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('api-key-prefix')).toHaveText(`${secret.slice(0, 21)}…`);
    await expect(row).toContainText('orders:read');
    await page.screenshot({ path: '/tmp/api-keys-created-phone.png', fullPage: true });

    // Shown once: after a reload only the prefix is there.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('api-key-row').filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId('api-key-secret-box')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret.slice(21));
    await page.screenshot({ path: '/tmp/api-keys-list-desktop.png', fullPage: true });

    // As curl would: an event made with the key, a member's free registration, both listed.
    const api = tenantApi(request, TENANT);
    const bearer = { Authorization: `Bearer ${secret}` };
    expect((await api.post('/api/v1/events', { headers: bearer, data: { title: 'Made by key', date: '2030-01-01', time: '10:00', time_zone: 'UTC' } })).status()).toBe(403);
    const events = await api.get('/api/v1/events?limit=100', { headers: bearer });
    expect(events.status()).toBe(200);
    const listed = (await events.json()) as { data: Array<{ id: string; title: string }>; next_cursor: string | null };
    expect(Array.isArray(listed.data)).toBe(true);

    // A key that may write makes the event (the admin is its organizer); a member registers.
    const writer = await api.post('/api/apiKeys', {
      headers: { cookie: await sessionCookie(request, admin), origin: tenantUrl(TENANT, '') },
      data: { intent: 'create', name: 'Writer', scopes: ['events:read', 'events:write', 'registrations:read'] },
    });
    expect(writer.status()).toBe(201);
    const writeKey = ((await writer.json()) as { secret: string }).secret;
    const made = await api.post('/api/v1/events', {
      headers: { Authorization: `Bearer ${writeKey}`, 'Idempotency-Key': `e2e-${writeKey.slice(4, 16)}` },
      data: { title: 'Made by key', date: '2030-01-01', time: '10:00', time_zone: 'UTC', capacity: 20 },
    });
    expect(made.status()).toBe(201);
    const event = (await made.json()) as { id: string; organizer: { id: string } };
    expect(event.organizer.id).toBe(admin.sub);
    const member = await createUser(TENANT, 'apireg');
    const registered = await api.post('/api/tickets/register', { headers: { cookie: await sessionCookie(request, member), origin: tenantUrl(TENANT, '') }, data: { eventId: event.id } });
    expect(registered.status()).toBe(200);
    const one = await api.get(`/api/v1/events/${event.id}`, { headers: bearer });
    expect(((await one.json()) as { title: string }).title).toBe('Made by key');
    const regs = await api.get(`/api/v1/events/${event.id}/registrations`, { headers: bearer });
    expect(regs.status()).toBe(200);
    expect(((await regs.json()) as { data: Array<{ user_id: string; kind: string }> }).data).toEqual([expect.objectContaining({ user_id: member.sub, kind: 'free' })]);
    expect((await api.post(`/api/v1/events/${event.id}/cancel`, { headers: { Authorization: `Bearer ${writeKey}` } })).status()).toBe(200);

    // Revoke in the dashboard: the key is refused from then on.
    await page.reload();
    await hydrated(page);
    const crm = page.getByTestId('api-key-row').filter({ hasText: name });
    await crm.getByRole('button', { name: `Revoke the key ${name}` }).click();
    await crm.getByTestId('api-key-revoke-confirm').click();
    await expect(crm.getByTestId('api-key-state')).toHaveText('Revoked');
    const refused = await api.get('/api/v1/events', { headers: bearer });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toBe('application/problem+json');
  });

  test('a member is not offered the tab and the key API answers them 403', async ({ page, context, request }) => {
    const member = await createUser(TENANT, 'apikeysm');
    await signInContext(context, request, member);
    await page.goto(tenantUrl(TENANT, '/userDashboard?tab=ApiKeys'));
    await hydrated(page);
    await expect(page.getByTestId('api-keys-forbidden')).toHaveText('Only the site’s admins manage API keys.');
    const res = await tenantApi(request, TENANT).post('/api/apiKeys', {
      headers: { cookie: await sessionCookie(request, member), origin: tenantUrl(TENANT, '') },
      data: { intent: 'create', name: 'Nope', scopes: ['events:read'] },
    });
    expect(res.status()).toBe(403);
  });
});
