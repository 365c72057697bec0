/**
 * The published registry against the test stack's DynamoDB Local, s3rver and Redis: publish,
 * serve, swap a new version in without a restart (by notice and by polling), refuse a broken
 * tenant or version while the last good one serves, and a disabled tenant's branded page.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { AppContext } from '#server/context';
import { createServices, followRegistry } from '#server/compose.server';
import { loadEnv } from '#server/env.server';
import { captureLogs } from '#server/observability/log.server';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { getWithHost } from '#tests/support/hostGet';
import { testServerBuild } from '#tests/support/serverBuild';
import { advanceRegistryPointer, readRegistryPointer } from './data/pointer.server';
import { announceRegistryVersion, LiveRegistry, publishRegistry } from './index.server';
import { putRegistryObject, versionKey } from './store.server';
import { main as publishCommand } from '#scripts/tenants-publish';
import { main as scaffoldTenant } from '#scripts/tenant-new';

const db = testDatabase();
const storage = testStorage();
const root = mkdtempSync(join(tmpdir(), 'registry-config-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'registry-cache-'));
const deps = { db, storage, notify: (version: number) => announceRegistryVersion(process.env.REDIS_TEST_URL!, version).then(() => undefined) };

function editTenant(id: string, change: (tenant: Record<string, unknown>) => void) {
  const file = join(root, 'tenants', id, 'tenant.json');
  const tenant = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(tenant);
  writeFileSync(file, JSON.stringify(tenant, null, 2));
}

/** Waits on the registry's state (a notice or a poll swaps it in), up to `ms`. */
async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One route answering the tenant's name and its "about us" title, as screens read them. */
const probeBuild = () =>
  testServerBuild({
    probe: {
      path: 'api/probe',
      module: {
        loader: ({ context }: { context: AppContext }) =>
          Response.json({ name: context.tenant.displayName, about: context.services.content.page(context.tenant, 'en', 'aboutUs')?.title ?? null }),
      },
    },
  });

let live: LiveRegistry;
let server: Server;
let base: string;
const changes: string[][] = [];

/** A GET with this Host, answered as a fetch Response. */
const probe = (host: string, path = '/api/probe') =>
  getWithHost(`${base}${path}`, host, { headers: { 'accept-language': 'fr' } }).then((res) => new Response(res.status === 204 ? null : new Uint8Array(res.body), { status: res.status }));

beforeAll(async () => {
  for (const folder of ['tenants', 'themes', 'templates']) cpSync(join(process.cwd(), folder), join(root, folder), { recursive: true });
  const first = await publishRegistry(deps, root, 'events.localhost');
  expect(first.created || first.version > 0).toBe(true);
  live = await LiveRegistry.boot({ db, storage, cacheDir, redisUrl: process.env.REDIS_TEST_URL, pollSeconds: 60 });
  live.onChange((ids) => changes.push(ids));
  // Production keeps parsed content between requests: what a new version changes must be read again.
  const env = { ...loadEnv(), RENDER_CACHE_SECONDS: 0, NODE_ENV: 'production' as const };
  const services = createServices(env, live.registry);
  followRegistry(live, services);
  server = createServer(createApp({ env, registry: live.registry, services, build: probeBuild(), live }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await live?.stop();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('the published registry', () => {
  it('serves every tenant of the current version, fetching a tenant’s content and assets on its first request', async () => {
    const pointer = await readRegistryPointer(db);
    expect(live.registry.version).toBe(pointer!.version);
    expect([...live.registry.tenants.keys()].sort()).toEqual(['aurora', 'lumiere', 'solana']);
    expect(live.registry.domains.size).toBeGreaterThan(0);
    const res = await probe('aurora.localhost');
    expect(await res.json()).toEqual({ name: 'Aurora Live', about: 'About Aurora Live' });
    const logo = await probe('aurora.localhost', `/brand/${live.registry.tenants.get('aurora')!.logo.src}`);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(readFileSync(join(root, 'tenants/aurora/assets', live.registry.tenants.get('aurora')!.logo.src)))).toBe(true);
  });

  it('publishes nothing when nothing changed', async () => {
    const before = live.registry.version;
    const again = await publishRegistry(deps, root, 'events.localhost');
    expect(again).toMatchObject({ created: false, version: before, changed: [] });
  });

  it('swaps a changed tenant in on the Redis notice, without a restart, and reports only that tenant', async () => {
    const before = live.registry.version!;
    const registryObject = live.registry;
    editTenant('aurora', (t) => void (t.displayName = 'Aurora Live Two'));
    writeFileSync(join(root, 'tenants/aurora/content/en/aboutUs.md'), '---\ntitle: "About the new Aurora"\ndescription: "New."\n---\n\nNew text.\n');
    changes.length = 0;
    const result = await publishRegistry(deps, root, 'events.localhost');
    expect(result).toMatchObject({ created: true, version: before + 1, changed: ['aurora'] });
    // No refresh() call: the notice alone brings it (the poll is a minute away).
    await until(() => live.registry.version === before + 1, 10_000);
    expect(live.registry).toBe(registryObject);
    expect(changes).toEqual([['aurora']]);
    expect(await (await probe('aurora.localhost')).json()).toEqual({ name: 'Aurora Live Two', about: 'About the new Aurora' });
    expect((await (await probe('lumiere.localhost')).json()).name).toBe(live.registry.tenants.get('lumiere')!.displayName);
  });

  it('refuses a broken tenant: the others are published, the broken one keeps its last good version', async () => {
    const before = live.registry.version!;
    editTenant('lumiere', (t) => void (t.themeId = 'no-such-theme'));
    editTenant('solana', (t) => void (t.displayName = 'Solana Renamed'));
    const result = await publishRegistry(deps, root, 'events.localhost');
    expect(result.created).toBe(true);
    expect(result.changed).toEqual(['solana']);
    expect([...result.refused.keys()]).toEqual(['lumiere']);
    expect(result.keptLastGood).toEqual(['lumiere']);
    await live.refresh();
    expect(live.registry.version).toBe(before + 1);
    expect(live.registry.tenants.get('solana')!.displayName).toBe('Solana Renamed');
    expect(live.registry.tenants.get('lumiere')!.themeId).toBe('lumiere');
    expect((await probe('lumiere.localhost')).status).toBe(200);
  });

  it('refuses a version it cannot read: the one before keeps serving', async () => {
    const pointer = (await readRegistryPointer(db))!;
    const bad = pointer.version + 1;
    await putRegistryObject(storage, versionKey(bad), { format: 99, version: bad });
    expect(await advanceRegistryPointer(db, { version: bad, publishedAt: new Date().toISOString() }, pointer.version)).toBe(true);
    const logged: string[] = [];
    const restore = captureLogs((_line, record) => void logged.push(record.msg));
    await live.refresh().finally(restore);
    expect(logged).toContain(`registry: version ${bad} refused, version ${pointer.version} keeps serving: registry version ${bad} is not in a format this server reads`);
    expect(live.registry.version).toBe(pointer.version);
    expect((await probe('solana.localhost')).status).toBe(200);
    // The next good publish moves on past it.
    editTenant('lumiere', (t) => void (t.themeId = 'lumiere'));
    const result = await publishRegistry(deps, root, 'events.localhost');
    expect(result.version).toBe(bad + 1);
    await live.refresh();
    expect(live.registry.version).toBe(bad + 1);
  });

  it('answers a disabled tenant with its branded "unavailable" page, and only that tenant', async () => {
    editTenant('solana', (t) => void (t.disabled = true));
    await publishRegistry(deps, root, 'events.localhost');
    await live.refresh();
    const res = await probe('solana.localhost');
    expect(res.status).toBe(503);
    const html = await res.text();
    // Solana speaks Spanish and English; the French visitor gets its default.
    expect(html).toContain('Solana Renamed no está disponible');
    expect(html).toContain(`/brand/${live.registry.tenants.get('solana')!.logo.src}`);
    expect((await probe('solana.localhost', `/brand/${live.registry.tenants.get('solana')!.logo.src}`)).status).toBe(200);
    expect((await probe('aurora.localhost')).status).toBe(200);
  });

  it('a second instance booting now serves the latest version at once', async () => {
    const other = await LiveRegistry.boot({ db, storage, cacheDir: mkdtempSync(join(tmpdir(), 'registry-cache-')), pollSeconds: 60 });
    expect(other.registry.version).toBe(live.registry.version);
    expect(other.registry.tenants.get('solana')!.disabled).toBe(true);
    await other.stop();
  });

  it('a new customer: scaffolded, published and served by a running instance, no restart (bench/registry times it)', async () => {
    expect(scaffoldTenant(['acme', '--domain', 'events.acme.example', '--name', 'Acme Events', '--root', root], () => undefined)).toBe(0);
    const result = await publishRegistry(deps, root, 'events.localhost');
    expect(result.changed).toContain('acme');
    await until(() => live.registry.tenants.has('acme'), 10_000);
    const res = await probe('events.acme.example');
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Acme Events');
  });

  it('`npm run tenants:publish` says what it published and exits 1 naming a refused tenant', async () => {
    const run = async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await publishCommand(['--root', root], (line) => out.push(line), (line) => err.push(line));
      return { code, out, err };
    };
    editTenant('aurora', (t) => void (t.displayName = 'Aurora Live Three'));
    const ok = await run();
    expect(ok.code).toBe(0);
    expect(ok.out.join('\n')).toMatch(/^tenants:publish: version \d+ published: 4 tenant\(s\), changed: aurora$/);
    expect((await run()).out.join('\n')).toMatch(/nothing changed; version \d+ stays current/);
    editTenant('lumiere', (t) => void (t.themeId = 'no-such-theme'));
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('tenants/lumiere/tenant.json: themeId: unknown theme "no-such-theme"');
    expect(refused.err.join('\n')).toContain('tenant "lumiere" refused; its last published version keeps serving');
  });
});
