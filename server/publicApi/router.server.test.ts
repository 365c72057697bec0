import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { SessionUser } from '#app/lib/identity/types';
import type { ApiScope } from '#app/lib/publicApi/scopes';
import type { AppContext } from '#server/context';
import { tenantData } from '#server/data/tenantData.server';
import { createKey } from './manage.server';
import { handlePublicApi, RATE_PER_MINUTE, setRateLimit } from './router.server';

const db = testDatabase();
const admin = { sub: 'admin-1', email: 'ada@example.com', emailVerified: true, username: 'ada@example.com', groups: ['admin'], givenName: 'Ada', familyName: 'Admin' } as unknown as SessionUser;

function contextFor(t = uniqueTenantId('api')): AppContext {
  return {
    tenant: { id: t, currency: 'USD', timeZone: 'UTC', languages: { supported: ['en', 'es'], default: 'en' } },
    data: tenantData({ db }, t),
    language: 'en',
    services: { video: { closeRoom: async () => undefined } },
  } as unknown as AppContext;
}

async function keyFor(context: AppContext, scopes: ApiScope[] = ['events:read', 'events:write', 'registrations:read', 'orders:read', 'media:read', 'analytics:read']) {
  return (await createKey(context, admin, 'Test', scopes)).secret;
}

const send = (context: AppContext, path: string, { key, method = 'GET', body, headers = {} }: { key?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  handlePublicApi(
    new Request(`http://site.test/api/v1${path}`, {
      method,
      headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
    context,
  );

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const newEvent = { title: 'API launch', date: tomorrow(), time: '18:00', time_zone: 'UTC', capacity: 50 };

afterEach(() => setRateLimit(RATE_PER_MINUTE));

describe('public API (DynamoDB Local)', () => {
  it('refuses a missing, foreign, malformed or revoked key with 401 problem+json', async () => {
    const a = contextFor();
    const b = contextFor();
    const key = await keyFor(a);
    for (const res of [await send(a, '/events'), await send(b, '/events', { key }), await send(a, '/events', { key: 'lkp_nope' }), await send(a, '/events', { key: `${key.slice(0, -2)}xx` })]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(((await res.json()) as { status: number }).status).toBe(401);
    }
    expect((await send(a, '/events', { key })).status).toBe(200);
    const keyId = key.split('_')[1]!;
    expect((await a.data.apiKeys.revoke(keyId))?.revokedAt).toEqual(expect.any(String));
    expect((await send(a, '/events', { key })).status).toBe(401);
    // Another tenant cannot revoke it either: its key is not found there.
    expect(await b.data.apiKeys.revoke(keyId)).toBeNull();
  });

  it('stores only the hash and notes the last use', async () => {
    const a = contextFor();
    const key = await keyFor(a);
    const [stored] = await a.data.apiKeys.list();
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored!.lastUsedAt).toBeNull();
    await send(a, '/events', { key });
    expect((await a.data.apiKeys.list())[0]!.lastUsedAt).not.toBeNull();
  });

  it('needs the scope of each operation (403), and answers 404 and 405 as problems', async () => {
    const a = contextFor();
    const key = await keyFor(a, ['events:read']);
    expect((await send(a, '/events', { key })).status).toBe(200);
    expect((await send(a, '/events', { key, method: 'POST', body: newEvent })).status).toBe(403);
    expect((await send(a, '/media', { key })).status).toBe(403);
    expect((await send(a, '/events/zzzzzzzzzzzz', { key })).status).toBe(404);
    expect((await send(a, '/nothing', { key })).status).toBe(404);
    const wrong = await send(a, '/events', { key, method: 'PATCH', body: {} });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, POST']);
  });

  it('creates an event through the form rules with the key creator as organizer, lists, updates and cancels it', async () => {
    const a = contextFor();
    const key = await keyFor(a);
    const bad = await send(a, '/events', { key, method: 'POST', body: { ...newEvent, title: 'x', date: '2001-01-01' } });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['body.date', 'body.title']);
    expect((await send(a, '/events', { key, method: 'POST', body: { ...newEvent, extra: 1 } })).status).toBe(400);
    expect((await send(a, '/events', { key, method: 'POST', body: '{not json' })).status).toBe(400);

    const made = await send(a, '/events', { key, method: 'POST', body: newEvent });
    expect(made.status).toBe(201);
    const event = (await made.json()) as { id: string; organizer: { id: string }; start: string; capacity: number };
    expect(event).toMatchObject({ organizer: { id: 'admin-1' }, start: `${tomorrow()}T18:00:00.000Z`, capacity: 50 });

    const listed = (await (await send(a, '/events?limit=1', { key })).json()) as { data: Array<{ id: string }>; next_cursor: string | null };
    expect(listed.data.map((e) => e.id)).toEqual([event.id]);
    const changed = await send(a, `/events/${event.id}`, { key, method: 'PATCH', body: { title: 'API launch, revised', ticket_price: 1500 } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ title: 'API launch, revised', ticket_price: { amount: 1500, currency: 'USD' } });
    expect((await send(a, `/events/${event.id}`, { key, method: 'PATCH', body: { duration_minutes: 0 } })).status).toBe(400);

    await a.data.tickets.registerFree({ eventId: event.id, userId: 'ana', capacity: 50 });
    const regs = (await (await send(a, `/events/${event.id}/registrations`, { key })).json()) as { data: Array<{ user_id: string; kind: string }> };
    expect(regs.data).toMatchObject([{ user_id: 'ana', kind: 'free' }]);
    const summary = (await (await send(a, `/events/${event.id}/analytics`, { key })).json()) as { registrations: number };
    expect(summary.registrations).toBe(1);

    const cancelled = await send(a, `/events/${event.id}/cancel`, { key, method: 'POST' });
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    expect((await send(a, `/events/${event.id}`, { key, method: 'PATCH', body: { title: 'Too late' } })).status).toBe(409);
    // Another tenant's key never reaches it.
    const b = contextFor();
    expect((await send(b, `/events/${event.id}`, { key: await keyFor(b) })).status).toBe(404);
  });

  it('replays a write sent again with its Idempotency-Key, and refuses the key with another body (422)', async () => {
    const a = contextFor();
    const key = await keyFor(a);
    const headers = { 'Idempotency-Key': 'create-1' };
    const first = await send(a, '/events', { key, method: 'POST', body: newEvent, headers });
    const again = await send(a, '/events', { key, method: 'POST', body: newEvent, headers });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(await again.json()).toEqual(await first.json());
    expect((await a.data.events.list()).items).toHaveLength(1);
    const other = await send(a, '/events', { key, method: 'POST', body: { ...newEvent, title: 'Another' }, headers });
    expect(other.status).toBe(422);
    expect((await send(a, '/events', { key, method: 'POST', body: newEvent, headers: { 'Idempotency-Key': '' } })).status).toBe(400);
  });

  it('pages with next_cursor, refuses a foreign cursor and a limit above 100', async () => {
    const a = contextFor();
    const key = await keyFor(a);
    for (const title of ['One event', 'Two event', 'Three event']) expect((await send(a, '/events', { key, method: 'POST', body: { ...newEvent, title } })).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res: Response = await send(a, `/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key });
      const page = (await res.json()) as { data: Array<{ title: string }>; next_cursor: string | null };
      seen.push(...page.data.map((e) => e.title));
      cursor = page.next_cursor;
    }
    expect(seen.sort()).toEqual(['One event', 'Three event', 'Two event']);
    expect((await send(a, '/events?limit=101', { key })).status).toBe(400);
    expect((await send(a, '/events?cursor=abc', { key })).status).toBe(400);
  });

  it('limits each key: 429 with Retry-After', async () => {
    setRateLimit(2);
    const a = contextFor();
    const key = await keyFor(a);
    expect((await send(a, '/events', { key })).status).toBe(200);
    expect((await send(a, '/events', { key })).status).toBe(200);
    const limited = await send(a, '/events', { key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
