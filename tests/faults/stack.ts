/**
 * The fault suite's stack (docs/decisions/0051): every service on its own fixed loopback port with
 * its data in one temporary folder, each of them stoppable and startable again alone with the same
 * command, port and data: DynamoDB Local (persisted), cognito-local, s3rver, Redis (append-only
 * file), the LiveKit server, one media worker and two app instances (production build) sharing
 * Redis, so chat fans out across them. The test payment provider runs beside them (not a fault).
 * A reaper (local/stack/reaper.mjs) kills whatever is left if this process dies.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { loadRegistry, type Registry } from '#server/config/registry.server';
import { ensureTable, type Database } from '#server/platform/dynamo/dynamo.server';
import { localPoolSettings, provisionLocalIdentity, type DemoAccount } from '#local/stack/cognito';
import { startLivekitServer } from '#local/stack/livekitServer';
import { findLivekitServer } from '#local/stack/livekitServer';
import { newLivekitKeyPair } from '#local/stack/livekitKeys';
import { localRecordingKey } from '#local/stack/recordingKey';
import { startRedis } from '#local/stack/redis';
import { seedResources } from '#local/stack/seed';
import { childNodeEnv, createLocalDatabase, createLocalStorage, LOCAL_CREDENTIALS, type LocalStackEnv } from '#local/stack/stack';
import { LIVEKIT_WEBHOOK_PATH } from '#server/broadcast/livekitWebhook.server';
import type { Storage } from '#server/platform/storage.server';
import { startTestPay, type TestPayProcess } from '#local/testpay/start';
import { startApp, startDynamo, startIdentity, startS3, startWorker, type Handle } from '#local/stack/processes';

export const FAULTS = ['dynamodb', 'app2', 'redis', 'storage', 'identity', 'worker', 'livekit'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultPorts {
  app: [number, number];
  dynamo: number;
  s3: number;
  cognito: number;
  testPay: number;
  redis: number;
  livekit: number;
  livekitTcp: number;
  udpStart: number;
}

/** Fixed offsets from the base port (3710 by default: apps 3710 and 3711, services 3712–3718). */
export function faultPorts(base: number): FaultPorts {
  return {
    app: [base, base + 1],
    dynamo: base + 2,
    s3: base + 3,
    cognito: base + 4,
    testPay: base + 5,
    redis: base + 6,
    livekit: base + 7,
    livekitTcp: base + 8,
    // Above Linux's ephemeral range (32768–60999) and apart from the browser tests' 40000–59999.
    udpStart: 61_000 + (base % 100) * 20,
  };
}

export interface FaultStack {
  root: string;
  dir: string;
  ports: FaultPorts;
  registry: Registry;
  /** The app instances' environment (endpoints, files, keys). */
  env: Record<string, string>;
  db: Database;
  storage: Storage;
  accounts: DemoAccount[];
  /** Stops the service (a real outage: its port refuses connections) and starts it again. */
  stopService(fault: Fault): Promise<void>;
  startService(fault: Fault): Promise<void>;
  /** Whether the LiveKit server binary exists (without it the LiveKit fault cannot run). */
  hasLivekit: boolean;
  /** The last output of a process, for a failure's report. */
  output(fault: Fault | 'app1'): string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startFaultStack(base: number, log: (line: string) => void): Promise<FaultStack> {
  const ports = faultPorts(base);
  const dir = mkdtempSync(join(tmpdir(), 'faults-'));
  const registry = loadRegistry(ROOT).registry;
  const tenantIds = [...registry.tenants.keys()];
  const reaper = fork(join(ROOT, 'local/stack/reaper.mjs'), [], { execArgv: [], env: childNodeEnv(), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  reaper.unref();
  reaper.channel?.unref();
  reaper.send({ removeFolder: dir });
  const watch = (h: Handle) => {
    if (reaper.connected) reaper.send({ watch: h.pid });
    return h;
  };

  const stackEnv: LocalStackEnv = {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamo}`,
    S3_ENDPOINT: `http://localhost:${ports.s3}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_REGION: 'us-east-1',
    DYNAMODB_TABLE: 'platform',
    S3_BUCKET: 'platform-media',
    COGNITO_ENDPOINT: `http://127.0.0.1:${ports.cognito}`,
    IDENTITY_POOLS_FILE: join(dir, 'identity-pools.json'),
    IDENTITY_DEMO_ACCOUNTS_FILE: join(dir, 'demo-accounts.json'),
    IDENTITY_OUTBOX_FILE: join(dir, 'outbox.jsonl'),
  };
  const db = createLocalDatabase(stackEnv);
  const storage = createLocalStorage(stackEnv);
  const cors = ports.app.flatMap((p) => [`http://*.localhost:${p}`, `http://localhost:${p}`]);
  const folders = { dynamo: join(dir, 'dynamodb'), s3: join(dir, 's3'), cognito: join(dir, 'cognito'), redis: join(dir, 'redis'), work: join(dir, 'media-work') };
  for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });

  const running: Partial<Record<Fault | 'app1' | 'testPay', Handle>> = {};
  let testPay: TestPayProcess | undefined;
  const livekitBinary = findLivekitServer(ROOT);
  const pair = newLivekitKeyPair();
  let env: Record<string, string> = {};

  const starters: Record<Fault | 'app1', () => Promise<Handle>> = {
    dynamodb: () => startDynamo(ports.dynamo, folders.dynamo, db),
    storage: () => startS3(ports.s3, folders.s3, stackEnv.S3_BUCKET, cors),
    identity: () => startIdentity(ports.cognito, folders.cognito, stackEnv.IDENTITY_OUTBOX_FILE!),
    redis: async () => {
      const redis = await startRedis({ port: ports.redis, dir: folders.redis, persist: true });
      return { pid: redis.pid, output: () => '', stop: () => redis.stop() };
    },
    livekit: async () => {
      if (!livekitBinary) throw new Error('no livekit-server binary (scripts/livekit-server.mjs builds it)');
      const server = await startLivekitServer({
        binary: livekitBinary.path,
        dir,
        port: ports.livekit,
        tcpPort: ports.livekitTcp,
        udpStart: ports.udpStart,
        udpPorts: 20,
        keys: { [pair.apiKey]: pair.apiSecret },
        webhookKey: pair.apiKey,
        webhookUrls: [`http://127.0.0.1:${ports.app[0]}${LIVEKIT_WEBHOOK_PATH}`],
        redisUrl: `redis://127.0.0.1:${ports.redis}`,
      });
      return { pid: server.pid, output: () => '', stop: () => server.stop() };
    },
    worker: async () => startWorker(ROOT, childNodeEnv({ ...env, MEDIA_WORKER_TMP: folders.work })),
    app1: () => startApp(ROOT, ports.app[0], childNodeEnv(env)),
    // The second instance leaves the room-expiry sweeper to the first.
    app2: () => startApp(ROOT, ports.app[1], childNodeEnv({ ...env, ROOM_EXPIRY_SWEEP_SECONDS: '3600' })),
  };
  const start = async (name: Fault | 'app1') => {
    running[name] = watch(await starters[name]());
  };

  const stop = async () => {
    const order: Array<Fault | 'app1'> = ['app2', 'app1', 'worker', 'livekit', 'redis', 'identity', 'storage', 'dynamodb'];
    for (const name of order) await running[name]?.stop().catch(() => undefined);
    await testPay?.stop().catch(() => undefined);
    db.raw.destroy();
    storage.client.destroy();
    if (reaper.connected) {
      reaper.send({ exit: true });
      reaper.disconnect();
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const began = performance.now();
    const lap = (what: string) => log(`${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    await Promise.all([
      start('dynamodb'),
      start('storage'),
      start('identity'),
      start('redis'),
      startTestPay({ port: ports.testPay, env: childNodeEnv() }).then((p) => {
        testPay = p;
        if (reaper.connected) reaper.send({ watch: p.child.pid });
      }),
    ]);
    lap('DynamoDB, s3rver, cognito-local, Redis and the test provider up');
    await ensureTable(db);
    await storage.client.send(new HeadBucketCommand({ Bucket: stackEnv.S3_BUCKET }));
    const { accounts } = await provisionLocalIdentity(
      { endpoint: stackEnv.COGNITO_ENDPOINT!, issuerDomain: `http://localhost:${ports.cognito}` },
      tenantIds,
      { poolsFile: stackEnv.IDENTITY_POOLS_FILE!, demoAccountsFile: stackEnv.IDENTITY_DEMO_ACCOUNTS_FILE! },
      stackEnv.AWS_REGION,
      localPoolSettings(registry.tenants.values()),
    );
    await seedResources(db, registry);
    lap('table, bucket, user pools and text resources ready');
    env = {
      ...(stackEnv as unknown as Record<string, string>),
      ...testPay!.env,
      PAYMENTS_PROVIDER: 'test',
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      MEDIA_QUEUE_REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      LIVEKIT_URL: `ws://localhost:${ports.livekit}`,
      LIVEKIT_API_URL: `http://127.0.0.1:${ports.livekit}`,
      LOCAL_LIVEKIT_SERVER: livekitBinary ? 'running' : 'absent',
      LIVEKIT_API_KEY: pair.apiKey,
      LIVEKIT_API_SECRET: pair.apiSecret,
      RECORDING_KEY_SECRET: localRecordingKey(dir),
      // The simulated users post forms far more often than a visitor may.
      FORM_RATE_LIMIT_PER_HOUR: '1000000',
    };
    await Promise.all([livekitBinary ? start('livekit') : undefined, start('worker'), start('app1'), start('app2')]);
    log(`stack ready in ${((performance.now() - began) / 1000).toFixed(1)} s (apps :${ports.app.join(', :')}, data in ${dir})`);
    return {
      root: resolve(ROOT),
      dir,
      ports,
      registry,
      env,
      db,
      storage,
      accounts,
      hasLivekit: livekitBinary !== null,
      stopService: async (fault) => {
        // The app instance crashes; the others are stopped as an operator or an OOM kill would.
        await running[fault]?.stop(fault === 'app2' ? 'SIGKILL' : 'SIGTERM');
        delete running[fault];
      },
      startService: (fault) => start(fault),
      output: (name) => running[name]?.output() ?? '',
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
