/**
 * `npm run release` makes a tarball that runs with Node 20 and nothing else from the repository:
 * unpacked in a temporary folder, `node dist/server.mjs` is started there (cwd and CONFIG_ROOT the
 * unpacked folder, an environment with only the local services' endpoints and production
 * settings), and serves a tenant's page and a healthy /api/health from the local DynamoDB and S3.
 * RELEASE_TARBALL names an existing tarball instead of building one; RELEASE_SKIP_BUILD=1 packs the
 * build/ already there (npm test, right after its build stage).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { getFreePort } from '#local/stack/ports';
import { getWithHost } from '#tests/support/hostGet';
import { release } from '#scripts/release';

/** Aurora's own domain: production resolves tenants by their domains. */
const HOST = 'live.aurora-events.example';
const dirs: string[] = [];
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const get = (url: string, host: string) => getWithHost(url, host, { timeoutMs: 10_000 });

async function waitFor(url: string, host: string, output: { text: string }, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await get(url, host);
      return;
    } catch {
      if (Date.now() > until || server?.exitCode !== null) throw new Error(`the release did not start:\n${output.text}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe('the release tarball', () => {
  it('runs with node alone against the local services', async () => {
    const stack = inject('localStack');
    expect(stack, 'the local stack of tests/setup/global-setup.ts').not.toBeNull();
    // RELEASE_SKIP_BUILD=1: npm test's own build stage has just made build/.
    const tarball = process.env.RELEASE_TARBALL ?? (await release({ skipBuild: process.env.RELEASE_SKIP_BUILD === '1', log: () => undefined }));
    const dir = mkdtempSync(join(tmpdir(), 'release-'));
    dirs.push(dir);
    execFileSync('tar', ['-xzf', tarball, '-C', dir]);
    const [folder] = readdirSync(dir);
    const root = join(dir, folder);

    const port = await getFreePort();
    const output = { text: '' };
    server = spawn(process.execPath, ['dist/server.mjs'], {
      cwd: root,
      // Nothing of this process's environment but PATH (ffmpeg and friends) and the services' endpoints.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        CONFIG_ROOT: root,
        PUBLIC_SCHEME: 'http',
        PUBLIC_HOSTS: 'localhost',
        LIVEKIT_API_KEY: 'release-test',
        LIVEKIT_API_SECRET: 'release-test-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'warn',
        ...stack!,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => (output.text = (output.text + c.toString()).slice(-8000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, HOST, output);

    const health = await get(`${base}/api/health`, HOST);
    // DynamoDB and S3 answer; LiveKit, not started for this test, may be reported down.
    const { dependencies } = JSON.parse(health.text) as { dependencies: Array<{ name: string; up: boolean }> };
    expect(dependencies.filter((d) => d.name === 'dynamodb' || d.name === 's3'), health.text).toEqual([expect.objectContaining({ name: 'dynamodb', up: true }), expect.objectContaining({ name: 's3', up: true })]);
    const page = await get(`${base}/`, HOST);
    expect(page.status, `${page.text.slice(0, 2000)}\n${output.text}`).toBe(200);
    expect(page.text).toContain('Aurora Live');
  });
});
