/**
 * The local fleet (`npm run fleet`, tests/fleet; docs/decisions/0078): the platform as it runs past
 * one machine, on this one, every process on loopback:
 *
 *   Caddy (front.ts: TLS, load balancing with health checks)
 *     → 3 app instances (production build, REGISTRY_SOURCE=store: the published registry)
 *   2 LiveKit nodes on one Redis (LiveKit's own multi-node routing; livekitNodes.ts)
 *   2 media workers and 2 ingest workers (BullMQ on the same Redis; leases in DynamoDB)
 *   one DynamoDB Local, s3rver, cognito-local (user pools per tenant), Redis, the test payment provider.
 *
 * Ports are fixed offsets from one base port, so a killed instance comes back on its own port and
 * Caddy's health checks bring it back into rotation.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, type Registry } from '#server/config/registry.server';
import { announceRegistryVersion, publishRegistry, type PublishResult } from '#server/registry/index.server';
import { findLivekitServer } from '#local/stack/livekitServer';
import { newLivekitKeyPair } from '#local/stack/livekitKeys';
import { localRecordingKey } from '#local/stack/recordingKey';
import { localIngestEnv } from '#local/stack/ingest';
import { handleOf, startApp, startWorker, type Handle } from '#local/stack/processes';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { seedResources } from '#local/stack/seed';
import { localPoolSettings, type DemoAccount } from '#local/stack/cognito';
import { childNodeEnv, createLocalDatabase, createLocalStorage, startLocalStack, type LocalStack } from '#local/stack/stack';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { LIVEKIT_WEBHOOK_PATH } from '#server/broadcast/livekitWebhook.server';
import { startFront, type Front } from './front';
import { startLivekitNodes, type LivekitNode } from './livekitNodes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const FLEET_SIZE = { apps: 3, livekitNodes: 2, mediaWorkers: 2, ingestWorkers: 2 } as const;

/** Every port of the fleet, from its base (the front's HTTPS port). */
export function fleetPorts(base: number) {
  return {
    front: base,
    apps: [base + 1, base + 2, base + 3],
    appsInside: base + 4,
    livekitInside: base + 5,
    dynamo: base + 6,
    s3: base + 7,
    cognito: base + 8,
    hostedSignIn: base + 9,
    testPay: base + 10,
    redis: base + 11,
    // Each node: signalling and room service, then ICE over TCP.
    livekit: [
      { port: base + 12, tcpPort: base + 13 },
      { port: base + 14, tcpPort: base + 15 },
    ],
    rtmp: [base + 16, base + 17],
    livekitFront: base + 18,
    // SRT listeners: one range both ingest workers lease slots from.
    srtFirst: base + 20,
    srtPorts: 20,
    // Media over UDP, above Linux's ephemeral range (32768–60999), 50 ports a node.
    udpStart: 62_000 + (base % 10) * 100,
  };
}

export type FleetPorts = ReturnType<typeof fleetPorts>;

/** An app instance of the fleet: crash it, start it again on its port. */
export interface FleetApp {
  index: number;
  port: number;
  /** The running process, undefined while it is down. */
  pid(): number | undefined;
  running(): boolean;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  /** SIGTERM: the instance drains and exits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  output(): string;
}

export interface Fleet {
  dir: string;
  ports: FleetPorts;
  front: Front;
  apps: FleetApp[];
  livekit: LivekitNode[];
  redis: LocalRedis;
  registry: Registry;
  stack: LocalStack;
  /** What the app instances run with (endpoints, keys, the store-backed registry). */
  env: Record<string, string>;
  db: Database;
  storage: Storage;
  accounts: DemoAccount[];
  /** Each running process by what it is (for CPU accounting). */
  processes(): Array<{ name: string; pid: number }>;
  /** `npm run tenants:publish` from `configRoot`: a new registry version, announced on Redis. */
  publish(configRoot: string): Promise<PublishResult>;
  /** https://<tenant>.localhost:<front port> */
  tenantUrl(tenant: string): string;
  stop(): Promise<void>;
}

export interface FleetOptions {
  base: number;
  log(line: string): void;
  /** Where the tenant files are (default: the repository). */
  configRoot?: string;
}

function readAccounts(file: string | undefined): DemoAccount[] {
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[]) : [];
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const { log } = options;
  const ports = fleetPorts(options.base);
  const configRoot = options.configRoot ?? ROOT;
  const { registry } = loadRegistry(configRoot);
  if (!registry) throw new Error('the tenant files are invalid: `npm run tenants:check` says why');
  const livekitBinary = findLivekitServer(ROOT);
  if (!livekitBinary) throw new Error('no livekit-server: `node scripts/ensure-deps.mjs` builds it (Go)');
  const dir = mkdtempSync(join(tmpdir(), 'fleet-'));
  const began = performance.now();
  const lap = (what: string) => log(`${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  const frontOrigins = [`https://*.localhost:${ports.front}`, `https://localhost:${ports.front}`];

  const stopping: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stopping.reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const stack = await startLocalStack({
      dataDir: dir,
      persist: false,
      dynamoPort: ports.dynamo,
      s3Port: ports.s3,
      cognitoPort: ports.cognito,
      hostedSignInPort: ports.hostedSignIn,
      testPayPort: ports.testPay,
      tenantIds: [...registry.tenants.keys()],
      poolSettings: localPoolSettings(registry.tenants.values()),
      corsOrigins: frontOrigins,
    });
    stopping.push(() => stack.stop());
    stack.removeFolderIfOrphaned(dir);
    const watch = (h: Handle) => (stack.watch(h.pid), h);
    const redisDir = join(dir, 'redis');
    mkdirSync(redisDir, { recursive: true });
    const redis = await startRedis({ port: ports.redis, dir: redisDir });
    stack.watch(redis.pid);
    stopping.push(() => redis.stop());
    lap('DynamoDB Local, s3rver, cognito-local, Redis and the test provider up');

    const db = createLocalDatabase(stack.env);
    const storage = createLocalStorage(stack.env);
    stopping.push(async () => {
      db.raw.destroy();
      storage.client.destroy();
    });
    const publish = (root: string) =>
      publishRegistry({ db, storage, notify: (version) => announceRegistryVersion(redis.url, version).then(() => undefined) }, root, 'events.localhost');
    const first = await publish(configRoot);
    await seedResources(db, registry);
    lap(`registry version ${first.version} published (${first.tenants} tenants), text resources seeded`);

    const pair = newLivekitKeyPair();
    const livekit = await startLivekitNodes({
      binary: livekitBinary.path,
      dir: join(dir, 'livekit'),
      redisUrl: redis.url,
      nodes: ports.livekit.map((n, i) => ({ ...n, udpStart: ports.udpStart + i * 50, udpPorts: 50 })),
      keys: { [pair.apiKey]: pair.apiSecret },
      webhookKey: pair.apiKey,
      webhookUrls: [`http://127.0.0.1:${ports.appsInside}${LIVEKIT_WEBHOOK_PATH}`],
    });
    for (const node of livekit) if (node.pid) stack.watch(node.pid);
    stopping.push(async () => void (await Promise.all(livekit.map((n) => n.stop()))));
    lap(`${livekit.length} LiveKit nodes up on one Redis`);

    // The front first: the app instances trust its CA (they probe the LiveKit address browsers get).
    const front = await startFront({
      dir,
      httpsPort: ports.front,
      livekitHttpsPort: ports.livekitFront,
      appsInsidePort: ports.appsInside,
      livekitInsidePort: ports.livekitInside,
      appPorts: ports.apps,
      livekitPorts: ports.livekit.map((n) => n.port),
    });
    stack.watch(front.pid);
    stopping.push(() => front.stop());
    lap(`the front (Caddy) up on https://localhost:${ports.front}`);

    const ingest = localIngestEnv({ dataDir: dir, rtmpPort: ports.rtmp[0]!, srtPortFirst: ports.srtFirst, srtPorts: ports.srtPorts });
    const env: Record<string, string> = {
      ...(stack.env as unknown as Record<string, string>),
      ...ingest,
      PAYMENTS_PROVIDER: 'test',
      REDIS_URL: redis.url,
      MEDIA_QUEUE_REDIS_URL: redis.url,
      LIVEKIT_URL: front.livekitUrl,
      NODE_EXTRA_CA_CERTS: front.rootCertificateFile,
      LIVEKIT_API_URL: `http://127.0.0.1:${ports.livekitInside}`,
      LOCAL_LIVEKIT_SERVER: 'running',
      LIVEKIT_API_KEY: pair.apiKey,
      LIVEKIT_API_SECRET: pair.apiSecret,
      RECORDING_KEY_SECRET: localRecordingKey(dir),
      REGISTRY_SOURCE: 'store',
      // Behind the front: the client's scheme, host and address come from its X-Forwarded-* headers.
      TRUST_PROXY: 'true',
      PUBLIC_SCHEME: 'https',
      PUBLIC_PORT: String(ports.front),
      PUBLIC_HOSTS: 'localhost',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    };

    const apps: FleetApp[] = ports.apps.map((port, index) => {
      let handle: Handle | undefined;
      const cacheDir = join(dir, `registry-cache-${index + 1}`);
      return {
        index,
        port,
        pid: () => handle?.pid,
        running: () => handle !== undefined,
        async start() {
          // FLEET_APP_NODE_ARGS: node flags for the instances, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
          const nodeArgs = process.env.FLEET_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
          handle = watch(await startApp(ROOT, port, childNodeEnv({ ...env, REGISTRY_CACHE_DIR: cacheDir }), 90_000, nodeArgs));
        },
        async kill() {
          await handle?.stop('SIGKILL');
          handle = undefined;
        },
        async stop() {
          await handle?.stop('SIGTERM');
          handle = undefined;
        },
        output: () => handle?.output() ?? '',
      };
    });
    stopping.push(async () => void (await Promise.all(apps.map((a) => a.stop()))));
    await Promise.all(apps.map((a) => a.start()));
    lap(`${apps.length} app instances up`);

    const workers: Handle[] = [];
    stopping.push(async () => void (await Promise.all(workers.map((w) => w.stop()))));
    for (let i = 0; i < FLEET_SIZE.mediaWorkers; i++) {
      const tmp = join(dir, `media-work-${i + 1}`);
      mkdirSync(tmp, { recursive: true });
      workers.push(watch(startWorker(ROOT, childNodeEnv({ ...env, MEDIA_WORKER_TMP: tmp }))));
    }
    for (let i = 0; i < FLEET_SIZE.ingestWorkers; i++) {
      const tmp = join(dir, `ingest-work-${i + 1}`);
      mkdirSync(tmp, { recursive: true });
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/broadcast/ingest/worker.ts'], {
        cwd: ROOT,
        env: childNodeEnv({ ...env, INGEST_RTMP_PORT: String(ports.rtmp[i]), INGEST_BIND: '127.0.0.1', INGEST_WORKER_TMP: tmp }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      workers.push(watch(handleOf(child, 25_000)));
    }


    return {
      dir,
      ports,
      front,
      apps,
      livekit,
      redis,
      registry,
      stack,
      env,
      db,
      storage,
      accounts: readAccounts(stack.env.IDENTITY_DEMO_ACCOUNTS_FILE),
      publish,
      processes: () => [
        ...apps.flatMap((a) => (a.pid() ? [{ name: `app ${a.index + 1}`, pid: a.pid()! }] : [])),
        { name: 'caddy', pid: front.pid },
        ...livekit.flatMap((n) => (n.pid ? [{ name: `livekit ${n.index + 1}`, pid: n.pid }] : [])),
        { name: 'redis', pid: redis.pid },
        ...workers.map((w, i) => ({ name: i < FLEET_SIZE.mediaWorkers ? 'media workers' : 'ingest workers', pid: w.pid })),
        ...stack.pids.map((pid) => ({ name: 'dynamodb, s3rver, cognito-local', pid })),
      ],
      tenantUrl: (tenant) => `https://${tenant}.localhost:${ports.front}`,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
