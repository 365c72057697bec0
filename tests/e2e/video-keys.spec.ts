/**
 * In production the server refuses to boot with `livekit-server --dev`'s public key pair (devkey /
 * secret): with it anyone can sign webhook events and room tokens. Checked for the platform pair
 * and for a tenant's own pair, with a message naming the variable. Ports 3460-3469.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const BASE_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
};
const OWN_PAIR = { LIVEKIT_API_KEY: 'APIbootcheck0001', LIVEKIT_API_SECRET: 'boot-check-secret-0123456789abcdefgh' };

test.describe.configure({ timeout: 120_000 });

/** Starts `tsx server/index.ts`; resolves with the exit code, or 'listening' once it serves. */
function boot(env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...BASE_ENV };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const child = spawn('node_modules/.bin/tsx', ['server/index.ts'], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const outcome = new Promise<number | 'listening'>((resolve) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('listening')) resolve('listening');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve(code ?? -1));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { outcome, output: () => output, stop };
}

test('production refuses the public platform pair, naming both variables', async () => {
  const server = boot({ PORT: '3460', LIVEKIT_API_KEY: undefined, LIVEKIT_API_SECRET: undefined });
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
    const server = boot({ PORT: '3461', CONFIG_ROOT: root, ...OWN_PAIR, SOLANA_LIVEKIT_API_KEY: 'devkey', SOLANA_LIVEKIT_API_SECRET: 'secret' });
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
  const server = boot({ PORT: '3462', ...OWN_PAIR });
  try {
    expect(await server.outcome).toBe('listening');
  } finally {
    await server.stop();
  }
});
