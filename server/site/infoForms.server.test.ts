import type { AppLoadContext } from '@remix-run/node';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { TenantId } from '#app/lib/config/tenant';
import { uniqueTenantId } from '#tests/support/tenants';
import { createDatabase, type Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData } from '#server/data/tenantData.server';
import { listSubmissions } from './data/forms.server';
import { RateLimiter } from '#server/platform/rateLimit.server';
import { createLocalDatabase } from '#local/stack/stack';
import { handleFormAction, type FormActionData } from './infoForms.server';

const stack = inject('localStack');
let db: Database;
beforeAll(() => {
  if (!stack) throw new Error('these tests need the local stack (VITEST_LOCAL_STACK must not be off)');
  db = createLocalDatabase(stack);
});

const tenantId = () => uniqueTenantId('forms');

function context(opts: { tenant?: TenantId; language?: 'en' | 'es' | 'fr'; limiter?: RateLimiter; database?: Database; ip?: string } = {}) {
  const id = opts.tenant ?? tenantId();
  return {
    tenant: { id },
    language: opts.language ?? 'en',
    clientIp: opts.ip ?? '203.0.113.7',
    services: { db: opts.database ?? db, formLimiter: opts.limiter ?? new RateLimiter(10, 3600) },
    data: tenantData({ db: opts.database ?? db }, id),
  } as unknown as AppLoadContext;
}

function post(fields: Record<string, string>, path = '/contactUs'): Request {
  return new Request(`http://t.localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}

async function run(request: Request, ctx: AppLoadContext, kind: 'contactUs' | 'requestInfo' = 'contactUs') {
  const response = await handleFormAction({ request, context: ctx }, kind);
  return { status: response.status, headers: response.headers, data: (await response.json()) as FormActionData };
}

const contact = { name: 'Jo Martin', email: 'jo@example.org', subject: 'Recordings', message: 'How long are replays kept?' };

afterEach(() => vi.restoreAllMocks());

describe('handleFormAction', () => {
  it('stores a valid message under the tenant and answers success, never cached', async () => {
    const ctx = context({ language: 'fr' });
    const { status, headers, data } = await run(post({ ...contact, email: ' jo@example.org ', website: '' }), ctx);
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(data).toEqual({ status: 'success', email: 'jo@example.org' });
    const stored = await listSubmissions(db, ctx.tenant.id, 'contactUs');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'contactUs', language: 'fr', fields: contact });
  });

  it('stores a request for information with its cleaned optional fields', async () => {
    const ctx = context();
    const fields = { name: 'Ana', email: 'ana@example.com', company: ' Acme ', phone: '', topic: 'pricing', attendees: '2,500', message: 'Pricing for a festival.' };
    const { status } = await run(post(fields, '/requestInfo'), ctx, 'requestInfo');
    expect(status).toBe(200);
    const [stored] = await listSubmissions(db, ctx.tenant.id, 'requestInfo');
    expect(stored.fields).toEqual({ name: 'Ana', email: 'ana@example.com', company: 'Acme', topic: 'pricing', attendees: '2500', message: 'Pricing for a festival.' });
  });

  it('answers 400 with field error keys, a translated message and every typed value', async () => {
    const ctx = context({ language: 'es' });
    const typed = { name: 'Jo', email: 'jo@', subject: '', message: 'short' };
    const { status, headers, data } = await run(post(typed), ctx);
    expect(status).toBe(400);
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(data).toEqual({
      status: 'error',
      reason: 'invalid',
      message: 'Corrige los campos marcados.',
      values: typed,
      fieldErrors: { email: 'forms.errors.emailInvalid', subject: 'forms.errors.subjectRequired', message: 'forms.errors.messageTooShort' },
    });
    expect(await listSubmissions(db, ctx.tenant.id, 'contactUs')).toEqual([]);
  });

  it('answers 400, not 500, to a body that is not a form', async () => {
    const ctx = context();
    const request = new Request('http://t.localhost/contactUs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":1}' });
    const { status, data } = await run(request, ctx);
    expect(status).toBe(400);
    expect(data.status === 'error' && Object.keys(data.fieldErrors).sort()).toEqual(['email', 'message', 'name', 'subject']);
    const broken = new Request('http://t.localhost/contactUs', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'garbage' });
    expect((await run(broken, ctx)).status).toBe(400);
  });

  it('answers like a success to a filled honeypot but stores nothing', async () => {
    const ctx = context();
    const { status, data } = await run(post({ ...contact, message: 'x', website: 'https://spam.example' }), ctx);
    expect(status).toBe(200);
    expect(data).toEqual({ status: 'success', email: 'jo@example.org' });
    expect(await listSubmissions(db, ctx.tenant.id, 'contactUs')).toEqual([]);
  });

  it('limits accepted posts per tenant and IP with a 429 naming the minutes; mistakes do not count', async () => {
    const limiter = new RateLimiter(2, 3600);
    const tenant = tenantId();
    const ctx = context({ tenant, limiter, language: 'fr' });
    expect((await run(post({ ...contact, email: 'bad' }), ctx)).status).toBe(400);
    expect((await run(post(contact), ctx)).status).toBe(200);
    // Each post its own message: the same fields sent again are one submission (server/site/data/forms.server.ts).
    expect((await run(post({ ...contact, message: `${contact.message} And the slides?` }), ctx)).status).toBe(200);
    const limited = await run(post(contact), ctx);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(limited.data).toMatchObject({ status: 'error', reason: 'rateLimited', values: contact, fieldErrors: {} });
    expect(limited.data.status === 'error' && limited.data.message).toBe('Trop d’envois depuis votre réseau. Veuillez réessayer dans 60 minutes.');
    // Another visitor, or the same visitor on another tenant, still gets through.
    expect((await run(post({ ...contact, message: `${contact.message} (from another network)` }), context({ tenant, limiter, ip: '198.51.100.1' }))).status).toBe(200);
    expect((await run(post(contact), context({ limiter }))).status).toBe(200);
    expect(await listSubmissions(db, tenant, 'contactUs')).toHaveLength(3);
  });

  it('uses the singular for one minute', async () => {
    const limiter = { consume: async () => ({ allowed: false, retryAfterSeconds: 30 }) } as unknown as RateLimiter;
    const { data } = await run(post(contact), context({ limiter }));
    expect(data.status === 'error' && data.message).toBe('Too many submissions from your network. Please try again in 1 minute.');
  });

  it('answers 503 and keeps the values when the database fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = createDatabase({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', DYNAMODB_TABLE: 'platform-test' });
    const { status, headers, data } = await run(post(contact), context({ database: down }));
    expect(status).toBe(503);
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    expect(data).toMatchObject({ status: 'error', reason: 'serviceDown', values: contact });
    expect(data.status === 'error' && data.message).toMatch(/could not save your message/);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toMatch(/contactUs submission for tenant forms-\w+ not saved/);
    error.mockClear();
  });
});
