/**
 * Outages seen in the browser (docs/decisions/0053): a second app instance on the test stack whose
 * DynamoDB endpoint, or identity endpoint, is a port nothing listens on (connection refused), so
 * the shared stack's services keep running for every other spec. A screen then shows the tenant's
 * branded "… is unavailable right now" page in the visitor's language with a Try again action.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, outageTest as test } from './fixtures';
import { getFreePort } from '#local/stack/ports';
import { E2E_STACK_DIR } from './stack';

interface Instance {
  origin(tenant: string): string;
  /** /api/health on 127.0.0.1 (Node cannot resolve *.localhost; health needs no tenant). */
  health: string;
  stop(): Promise<void>;
}

/** The production build with the test stack's settings and `overrides`, on a free port; ready once /api/health answers at all. */
async function startInstance(overrides: Record<string, string>): Promise<Instance> {
  const settings = JSON.parse(readFileSync(resolve(E2E_STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string>;
  const port = await getFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...settings, ...overrides, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ROOM_EXPIRY_SWEEP_SECONDS: '3600' };
  delete env.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(15_000) }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null) throw new Error(`the outage instance exited at boot:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the outage instance did not answer on :${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin: (tenant) => `http://${tenant}.localhost:${port}`,
    health: `http://127.0.0.1:${port}/api/health`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

test.describe('DynamoDB unavailable', () => {
  let instance: Instance;
  test.beforeAll(async () => {
    test.setTimeout(150_000); // a production instance boots in tens of seconds on a busy machine
    instance = await startInstance({ DYNAMODB_ENDPOINT: `http://127.0.0.1:${await getFreePort()}` });
  });
  test.afterAll(async () => instance?.stop());

  test('a screen shows the branded page naming the event data, with Try again, in English', async ({ page }) => {
    // An event page: its loader reads the event from DynamoDB (/liveEvents shows its own inline notice).
    const response = await page.goto(`${instance.origin('aurora')}/preview?event=outage000001`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toMatch(/^\d+$/);
    const unavailable = page.getByTestId('unavailable-page');
    await expect(unavailable).toHaveAttribute('data-service', 'database');
    await expect(unavailable.getByRole('heading', { level: 1 })).toHaveText('Our event data is unavailable right now.');
    await expect(unavailable).toContainText('Nothing you did was lost.');
    await expect(unavailable.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/preview?event=outage000001');
    // Branded: the tenant's own header and logo, not a bare error page.
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-MX', extraHTTPHeaders: { 'Accept-Language': 'es-MX,es;q=0.9' } });
    test('the same page speaks the tenant’s regional Spanish', async ({ page }) => {
      const response = await page.goto(`${instance.origin('solana')}/preview?event=outage000002`);
      expect(response?.status()).toBe(503);
      const unavailable = page.getByTestId('unavailable-page');
      await expect(unavailable.getByRole('heading', { level: 1 })).toHaveText('Los datos de nuestros eventos no están disponibles en este momento.');
      await expect(unavailable.getByRole('link', { name: 'Reintentar' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
      await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    });
  });

  test('when the layout’s own data fails (a cart cookie is read on every screen), the page keeps the brand', async ({ page, context }) => {
    const origin = instance.origin('aurora');
    await context.addCookies([{ name: 'cart', value: 'outagecart00000000001.signature', url: origin }]);
    const response = await page.goto(`${origin}/aboutUs`);
    expect(response?.status()).toBe(503);
    const unavailable = page.getByTestId('unavailable-page');
    await expect(unavailable.getByRole('heading', { level: 1 })).toHaveText('Our event data is unavailable right now.');
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('health names DynamoDB', async ({ request }) => {
    const health = await request.get(instance.health);
    expect(health.status()).toBe(503);
    const body = await health.json();
    expect(body.message).toContain('dynamodb');
    expect(body.dependencies.filter((d: { up: boolean }) => !d.up).map((d: { name: string }) => d.name)).toEqual(['dynamodb']);
  });
});

test.describe('identity unavailable', () => {
  let instance: Instance;
  let dir: string;
  test.beforeAll(async () => {
    test.setTimeout(150_000); // a production instance boots in tens of seconds on a busy machine
    // The same pools, served from a port nothing listens on.
    const settings = JSON.parse(readFileSync(resolve(E2E_STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string>;
    const pools = JSON.parse(readFileSync(settings.IDENTITY_POOLS_FILE!, 'utf8')) as Record<string, { endpoint: string }>;
    const dead = `http://127.0.0.1:${await getFreePort()}`;
    for (const pool of Object.values(pools)) pool.endpoint = dead;
    dir = mkdtempSync(join(tmpdir(), 'outage-pools-'));
    writeFileSync(join(dir, 'pools.json'), JSON.stringify(pools));
    instance = await startInstance({ IDENTITY_POOLS_FILE: join(dir, 'pools.json') });
  });
  test.afterAll(async () => {
    await instance?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('signing in says sign-in is unavailable and keeps what was typed', async ({ page }) => {
    await page.goto(`${instance.origin('aurora')}/signIn`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    if (await page.getByTestId('method-email').isVisible()) await page.getByTestId('method-email').click();
    await page.getByTestId('input-email').fill('someone@example.com');
    await page.getByTestId('input-password').fill('not-sent-anywhere-1A!');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('form-error')).toContainText('The sign-in service is not available right now.');
    await expect(page.getByTestId('input-email')).toHaveValue('someone@example.com');
    const health = await page.request.get(instance.health);
    expect((await health.json()).dependencies.filter((d: { up: boolean }) => !d.up).map((d: { name: string }) => d.name)).toEqual(['cognito']);
  });
});
