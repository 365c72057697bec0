import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSchemathesis, schemathesisCommand } from '#scripts/schemathesis.mjs';
import { test, expect, tenantApi, tenantUrl } from './fixtures';
import { createUser, sessionCookie } from './session-helpers';
import { E2E_PORT } from './stack';

/**
 * The public REST API tested by a tool nobody here wrote (docs/decisions/0087): schemathesis
 * (PyPI, pinned in scripts/schemathesis.mjs) reads the generated /api/v1/openapi.json and sends
 * what it derives from it with a valid key of one tenant, on that tenant's host only. It must find
 * no server error and no answer that breaks the document (status, content type, body schema). A
 * key of that tenant on another tenant's host is a 401.
 */
const TENANT = 'solana';
const OTHER = 'aurora';

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // Its own working folder (git-ignored): schemathesis keeps a cache of what it found there.
    const cwd = join(process.cwd(), '.cache', 'schemathesis-run');
    mkdirSync(cwd, { recursive: true });
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

test('schemathesis finds no server error and no answer outside the OpenAPI document; a key is 401 on another tenant', async ({ request }, testInfo) => {
  test.setTimeout(180_000);
  ensureSchemathesis();
  const st = schemathesisCommand();
  expect(st, 'schemathesis is installed in .cache/schemathesis').toBeTruthy();

  const admin = await createUser(TENANT, 'apifuzz', 'admin');
  const api = tenantApi(request, TENANT);
  const made = await api.post('/api/apiKeys', {
    headers: { cookie: await sessionCookie(request, admin), origin: tenantUrl(TENANT, '') },
    data: { intent: 'create', name: 'schemathesis', scopes: ['events:read', 'events:write', 'registrations:read', 'orders:read', 'media:read', 'analytics:read'] },
  });
  expect(made.status()).toBe(201);
  const key = ((await made.json()) as { secret: string }).secret;
  const bearer = { Authorization: `Bearer ${key}` };

  // Cross-tenant: the same key on another tenant's host is not a key there.
  const foreign = await tenantApi(request, OTHER).get('/api/v1/events', { headers: bearer });
  expect(foreign.status()).toBe(401);
  expect(foreign.headers()['content-type']).toBe('application/problem+json');
  expect(await foreign.json()).toMatchObject({ status: 401, title: 'A valid API key of this site is needed' });
  expect((await api.get('/api/v1/events', { headers: bearer })).status()).toBe(200);

  // The document and its reference page, generated from the zod schemas.
  const doc = await api.get('/api/v1/openapi.json');
  expect(doc.status()).toBe(200);
  const document = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/events', '/events/{eventId}', '/events/{eventId}/registrations', '/media']));
  const reference = await api.get('/api/v1/docs');
  expect(reference.status()).toBe(200);
  expect(await reference.text()).toContain('listRegistrations');
  const file = join(tmpdir(), `openapi-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(document));

  // Changing or cancelling the tenant's own events (other tests' fixtures) is left to the unit
  // tests and api-keys.spec.ts: the run may create events, which are cancelled after it.
  const { code, output } = await run(st!, [
    'run', file,
    '--url', `http://127.0.0.1:${E2E_PORT}/api/v1`,
    '-H', `Host: ${TENANT}.localhost:${E2E_PORT}`,
    '-H', `Authorization: Bearer ${key}`,
    '--checks', 'not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance',
    '--exclude-operation-id', 'updateEvent',
    '--exclude-operation-id', 'cancelEvent',
    '--max-examples', '8',
    '--max-time', '60',
    '--rate-limit', '480/m',
    '--request-timeout', '20',
    '--workers', '1',
    '--no-color',
  ]);
  await testInfo.attach('schemathesis.txt', { body: output, contentType: 'text/plain' });
  try {
    expect(output, output.slice(-6000)).toMatch(/Test cases:\s+\d+ generated, \d+ passed/);
    expect(code, output.slice(-6000)).toBe(0);
  } finally {
    // The events the run made (their organizer is this test's admin) leave the listings.
    for (let cursor: string | null = '', guard = 0; cursor !== null && guard < 20; guard++) {
      const res = await api.get(`/api/v1/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: bearer });
      const page = (await res.json()) as { data: Array<{ id: string; organizer: { id: string } }>; next_cursor: string | null };
      for (const e of page.data.filter((x) => x.organizer.id === admin.sub)) await api.post(`/api/v1/events/${e.id}/cancel`, { headers: bearer });
      cursor = page.next_cursor;
    }
  }
  // A method no route takes is refused, never a server error.
  const trace = await request.fetch(`http://127.0.0.1:${E2E_PORT}/api/v1/events`, { method: 'TRACE', headers: { Host: `${TENANT}.localhost:${E2E_PORT}` } });
  expect(trace.status()).toBe(405);
});
