/**
 * In production the server refuses to boot with `livekit-server --dev`'s public key pair (devkey /
 * secret): with it anyone can sign webhook events and room tokens. Checked for the platform pair
 * and for a tenant's own pair, with a message naming the variable. Ports 3460-3469.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runServer } from './server-process';

const OWN_PAIR = { LIVEKIT_API_KEY: 'APIbootcheck0001', LIVEKIT_API_SECRET: 'boot-check-secret-0123456789abcdefgh' };

test.describe.configure({ timeout: 120_000 });

test('production refuses the public platform pair, naming both variables', async () => {
  const server = runServer({ PORT: '3460', LIVEKIT_API_KEY: undefined, LIVEKIT_API_SECRET: undefined });
  try {
    expect(await server.outcome).toBe(1);
    expect(server.output()).toMatch(/LIVEKIT_API_KEY: is "devkey"/);
    expect(server.output()).toMatch(/LIVEKIT_API_SECRET: is the public development secret/);
  } finally {
    await server.stop();
  }
});

test('production refuses the public pair as a tenant’s own pair, naming the tenant and variable', async () => {
  const root = mkdtempSync(join(tmpdir(), 'config-'));
  try {
    for (const folder of ['tenants', 'themes', 'templates']) cpSync(folder, join(root, folder), { recursive: true });
    const file = join(root, 'tenants/solana/tenant.json');
    const tenant = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...tenant, video: { ...tenant.video, apiKeyEnv: 'SOLANA_LIVEKIT' } }));
    const server = runServer({ PORT: '3461', CONFIG_ROOT: root, ...OWN_PAIR, SOLANA_LIVEKIT_API_KEY: 'devkey', SOLANA_LIVEKIT_API_SECRET: 'secret' });
    try {
      expect(await server.outcome).toBe(1);
      expect(server.output()).toContain('tenant solana: SOLANA_LIVEKIT_API_KEY is "devkey"');
      expect(server.output()).toContain('tenant solana: SOLANA_LIVEKIT_API_SECRET is the public development secret');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('production boots with a pair of its own', async () => {
  const server = runServer({ PORT: '3462', ...OWN_PAIR });
  try {
    expect(await server.outcome).toBe('listening');
  } finally {
    await server.stop();
  }
});
