// bench/registry: a fleet instance booting on the published registry (REGISTRY_SOURCE=store,
// docs/decisions/0075) with the 3 sample tenants and with 10,000. Each boot runs in a process of its
// own (bench/registry-boot-child.ts) against the same local DynamoDB and S3. Targets (issue 27):
// 10,000 tenants boot (registry read to first page served) in under 5 s, add under 100 MB over 3
// tenants, and a request costs the same with 10,000 tenants as with 3 (host lookup O(1)).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getFreePort } from '#local/stack/ports';
import { childNodeEnv, createLocalDatabase, createLocalStorage } from '#local/stack/stack';
import { LiveRegistry, publishRegistry } from '#server/registry/index.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { main as scaffoldTenant } from '#scripts/tenant-new';
import { advanceRegistryPointer, readRegistryPointer } from '#server/registry/data/pointer.server';
import { getRegistryObject, putRegistryObject, tenantBundleKey, versionKey, type PublishedVersion } from '#server/registry/store.server';
import { withBenchStack } from './app-stack';
import { BENCH_LIVEKIT_PAIR, loadNow, machineLoad, reportHeadline, table } from './lib';

const TENANTS = Number(process.env.BENCH_REGISTRY_TENANTS ?? 10_000);
const BOOT_TARGET_MS = 5000;
const MEMORY_TARGET_MB = 100;

interface Boot {
  tenants: number;
  status: number;
  registryMs: number;
  bootMs: number;
  addedMB: number;
  perRequestMs: number;
}

/**
 * The path of a new customer: `npm run tenant:new`, `npm run tenants:publish`, and an instance
 * already running on the published registry serving the new tenant's first page. Seconds.
 */
async function onboard(db: Database, storage: Storage): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'bench-registry-config-'));
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-registry-live-'));
  for (const folder of ['tenants', 'themes', 'templates']) cpSync(folder, join(root, folder), { recursive: true });
  const live = await LiveRegistry.boot({ db, storage, cacheDir, pollSeconds: 60 });
  try {
    const began = performance.now();
    if (scaffoldTenant(['benchco', '--domain', 'events.benchco.example', '--name', 'Bench Co', '--root', root], () => undefined) !== 0) throw new Error('tenant:new failed');
    await publishRegistry({ db, storage }, root, 'events.localhost');
    // What the Redis notice (or the poll) triggers in every instance.
    await live.refresh();
    if (!live.registry.tenants.has('benchco')) throw new Error('the published tenant is not served');
    await live.tenantFilesReady('benchco');
    return (performance.now() - began) / 1000;
  } finally {
    await live.stop();
    rmSync(root, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

export async function benchRegistry(): Promise<boolean> {
  const loadBefore = loadNow();
  return withBenchStack('registry', { dynamoPort: await getFreePort(), s3Port: await getFreePort(), appPort: await getFreePort() }, async ({ stack }) => {
    const env = stack.env as unknown as Record<string, string>;
    const db = createLocalDatabase(stack.env);
    const storage = createLocalStorage(stack.env);
    const cacheDir = mkdtempSync(join(tmpdir(), 'bench-registry-cache-'));
    const boot = async (host: string): Promise<Boot> => {
      const { stdout } = await promisify(execFile)('node', ['--expose-gc', '--import', 'tsx', 'bench/registry-boot-child.ts', host], {
        env: childNodeEnv({ ...process.env, ...env, NODE_ENV: 'production', LIVEKIT_API_KEY: BENCH_LIVEKIT_PAIR.apiKey, LIVEKIT_API_SECRET: BENCH_LIVEKIT_PAIR.apiSecret, REGISTRY_SOURCE: 'store', REGISTRY_CACHE_DIR: cacheDir, RENDER_CACHE_SECONDS: '0', LOG_LEVEL: 'warn' }) as NodeJS.ProcessEnv,
        maxBuffer: 16 * 1024 * 1024,
      });
      return JSON.parse(stdout.trim().split('\n').pop()!) as Boot;
    };
    try {
      await publishRegistry({ db, storage }, process.cwd(), 'events.localhost');
      const small = await boot('aurora.localhost');
      const onboardSeconds = await onboard(db, storage);

      // The same version grown to TENANTS tenants: copies of aurora under new ids and domains.
      const pointer = (await readRegistryPointer(db))!;
      const doc = await getRegistryObject<PublishedVersion>(storage, versionKey(pointer.version));
      const aurora = doc.tenants.find((t) => t.id === 'aurora')!;
      const extra = Array.from({ length: TENANTS - doc.tenants.length }, (_, i) => {
        const id = `bench-${String(i).padStart(5, '0')}`;
        return { id, hash: aurora.hash, config: { ...aurora.config, id, displayName: `Bench ${i}`, domains: [`events.${id}.example.net`] } as typeof aurora.config };
      });
      // Only the tenant asked for has its files stored: a boot fetches none of the others.
      await putRegistryObject(storage, tenantBundleKey(extra[0]!.id, aurora.hash), await getRegistryObject(storage, tenantBundleKey('aurora', aurora.hash)));
      const grown: PublishedVersion = { ...doc, version: pointer.version + 1, tenants: [...doc.tenants, ...extra] };
      await putRegistryObject(storage, versionKey(grown.version), grown);
      await advanceRegistryPointer(db, { version: grown.version, publishedAt: new Date().toISOString() }, pointer.version);
      const large = await boot(`events.${extra[0]!.id}.example.net`);

      const load = machineLoad(loadBefore);
      const addedMB = large.addedMB - small.addedMB;
      const perRequestRatio = large.perRequestMs / small.perRequestMs;
      const ok = onboardSeconds < 300 && large.status === 200 && large.bootMs < BOOT_TARGET_MS && addedMB < MEMORY_TARGET_MB && perRequestRatio < 1.25;
      console.log(`\nregistry: an instance booting on the published registry (${large.tenants} tenants against ${small.tenants})`);
      console.log(
        table([
          { tenants: small.tenants, 'registry read (ms)': small.registryMs.toFixed(0), 'to first page (ms)': small.bootMs.toFixed(0), 'memory added (MB)': small.addedMB.toFixed(0), 'per request (ms)': small.perRequestMs.toFixed(3) },
          { tenants: large.tenants, 'registry read (ms)': large.registryMs.toFixed(0), 'to first page (ms)': large.bootMs.toFixed(0), 'memory added (MB)': large.addedMB.toFixed(0), 'per request (ms)': large.perRequestMs.toFixed(3) },
        ]),
      );
      console.log(`  boot with ${large.tenants} tenants: ${large.bootMs.toFixed(0)} ms (target < ${BOOT_TARGET_MS} ms); memory over 3 tenants: ${addedMB.toFixed(0)} MB (target < ${MEMORY_TARGET_MB} MB); a request: ${perRequestRatio.toFixed(2)}× the 3-tenant cost (target < 1.25×) — ${ok ? 'met' : 'MISSED'}`);
      console.log(`  a new customer, scaffolded (tenant:new), published (tenants:publish) and served by a running instance: ${onboardSeconds.toFixed(1)} s (target < 300 s)`);
      console.log(`  ${load.text}`);
      reportHeadline({ target: `boot with ${large.tenants} tenants < ${BOOT_TARGET_MS} ms, < ${MEMORY_TARGET_MB} MB over 3, request < 1.25×, new customer < 300 s`, figure: `${large.bootMs.toFixed(0)} ms, ${addedMB.toFixed(0)} MB, ${perRequestRatio.toFixed(2)}×, ${onboardSeconds.toFixed(1)} s`, met: ok });
      return ok;
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
}
