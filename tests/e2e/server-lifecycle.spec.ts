import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runServer } from './server-process';

/** A cold boot imports the whole server build (about 6 s here); other test workers share the 2 cores. */
const BOOT_TIMEOUT_MS = 60_000;
test.describe.configure({ timeout: 120_000 });

test('invalid tenant config stops the server at boot, naming file and field', async () => {
  const root = mkdtempSync(join(tmpdir(), 'config-'));
  try {
    cpSync('tenants', join(root, 'tenants'), { recursive: true });
    cpSync('themes', join(root, 'themes'), { recursive: true });
    cpSync('templates', join(root, 'templates'), { recursive: true });
    const file = join(root, 'tenants/aurora/tenant.json');
    const tenant = JSON.parse(readFileSync(file, 'utf8'));
    tenant.domains = ['Not A Host!'];
    writeFileSync(file, JSON.stringify(tenant));
    const other = join(root, 'tenants/solana/tenant.json');
    writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(other, 'utf8')), themeId: 'no-such-theme' }));
    const server = runServer({ PORT: '3420', CONFIG_ROOT: root });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('tenants/aurora/tenant.json: domains.0:');
    expect(server.output()).toContain('tenants/solana/tenant.json: themeId: unknown theme "no-such-theme"');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('invalid environment stops the server at boot, naming the variable', async () => {
  const server = runServer({ PORT: 'not-a-port' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT');
});

test('health answers 503 naming the dependency that is down', async ({ request }) => {
  const server = runServer({ PORT: '3421' });
  try {
    await expect.poll(() => server.output(), { timeout: BOOT_TIMEOUT_MS }).toContain('listening');
    const response = await request.get('http://127.0.0.1:3421/api/health');
    expect(response.status()).toBe(503);
    const body = await response.json();
    expect(body.message).toContain('dynamodb');
    expect(body.message).toContain('s3');
  } finally {
    // SIGTERM, not SIGKILL: the server closes itself, so nothing is orphaned.
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

test('SIGTERM shuts the server down gracefully', async ({ request }) => {
  const server = runServer({ PORT: '3422' });
  await expect.poll(() => server.output(), { timeout: BOOT_TIMEOUT_MS }).toContain('listening');
  expect((await request.get('http://127.0.0.1:3422/', { headers: { Host: 'aurora.localhost' } })).status()).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('SIGTERM: closing server');
});
