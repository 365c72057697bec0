/**
 * `npm start` (after the build) and `npm run dev` (--dev): the whole platform on one machine.
 *
 *   1. loads .env (if present) and validates the environment and the tenant registry;
 *   2. starts DynamoDB Local, s3rver and cognito-local (data persisted in .local/), creates table,
 *      bucket and one user pool per tenant with demo users (.local/demo-accounts.json); codes the
 *      pools would send by email or SMS go to .local/outbox.jsonl;
 *   3. seeds the localised text resources and a sample pitch deck (sampleDeck.ts) of every tenant;
 *   4. starts the LiveKit server (livekitServer.ts: from PATH, or the pinned build in .local/bin)
 *      with a generated config: the stack's key pairs, webhooks to the app, loopback only, a
 *      fixed UDP range, Redis when REDIS_URL is set; without a binary rooms say video is unavailable;
 *   5. starts Redis (loopback) for the media queue and one media worker process
 *      (mediaProcessing.ts; without redis-server, uploads say processing is unavailable);
 *   5b. starts one live ingest worker (ingest.ts: RTMP and SRT pushes, docs/decisions/0029);
 *   5c. starts the speech workers (speechWorkers.ts: resident Whisper base processes, docs/decisions/0098);
 *   6. starts the app server (server/index.ts) with the stack's endpoints, waits for
 *      /api/health, and prints every tenant's URL.
 *
 * Ctrl-C / SIGTERM stops every process it started and exits 0.
 *
 * Flags and environment:
 *   --dev                 NODE_ENV=development (Vite middleware) instead of production
 *   --test (or LOCAL_STACK_MODE=test)
 *                         isolated stack for browser tests: in-memory DynamoDB, S3 files, user
 *                         pools, demo accounts and outbox in a temporary folder removed on exit,
 *                         free ports unless given
 *   PORT                  app port (default 3000)
 *   LOCAL_DYNAMODB_PORT   DynamoDB Local port (default 8000)
 *   LOCAL_S3_PORT         s3rver port (default 4569)
 *   LOCAL_COGNITO_PORT    cognito-local port (default 9229)
 *   LOCAL_HOSTED_SIGNIN_PORT  hosted sign-in (social) stand-in port (default 9230)
 *   LOCAL_TESTPAY_PORT    the test payment provider's port (default 9240; local/testpay/)
 *   LOCAL_LIVEKIT_PORT    LiveKit server port (signalling and room service; default 7880, test mode a
 *                         free port); its ICE/TCP port is the next one
 *   LOCAL_LIVEKIT_UDP_START  first of 100 UDP ports for media (default 50000; test mode derived from
 *                         the LiveKit port, so parallel test stacks do not collide)
 *   LOCAL_INGEST_RTMP_PORT / LOCAL_INGEST_SRT_PORT
 *                         the ingest worker's RTMP port (1935) and first of 20 SRT ports (9000)
 *   LOCAL_REDIS_PORT      Redis port of the media queue (default 6390, test mode a free port)
 *   SPEECH_WORKERS        how many speech worker processes (default 1; 0: none, pocketsphinx English only)
 *   LOCAL_SPEECH_PORT     the first speech worker's port (default 8790, test mode free ports)
 *   MEDIA_QUEUE_REDIS_URL / REDIS_URL
 *                         set: the media queue uses that Redis, none is started
 *   LIVEKIT_URL           set: use that LiveKit server, start none
 *   LOCAL_DATA_DIR        persisted data folder (default .local)
 *   LOCAL_APP_BOOT_SECONDS  how long the app may take to answer its health check (default 60, dev 120)
 *   LIVEKIT_API_KEY / LIVEKIT_API_SECRET
 *                         unset: the stack uses a key pair of its own, made on first start and
 *                         kept in the data folder (livekit-keys.json, and livekit-keys.yaml for
 *                         `livekit-server --key-file`); the public `--dev` pair is refused in the
 *                         production mode `npm start` runs in
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkConfig, formatProblem } from '#server/config/check.server';
import type { Registry } from '#server/config/registry.server';
import { envSchema, loadEnv, type Env } from '#server/env.server';
import { videoConfigFor, videoConfigProblems } from '#server/platform/video.server';
import { demoUsername, localPoolSettings } from './cognito';
import { localLivekitKeys } from './livekitKeys';
import { localRecordingKey } from './recordingKey';
import { startLocalLivekit } from './livekitServer';
import { startMediaProcessing, type MediaProcessing } from './mediaProcessing';
import { startSpeechWorkers, type SpeechWorkers } from './speechWorkers';
import { localIngestEnv, startIngestWorker } from './ingest';
import { createMediaQueue } from '#server/media/queue.server';

type StartedLivekit = Awaited<ReturnType<typeof startLocalLivekit>>;
import { assertPortFree, getFreePort, isPortFree, parsePort, PortInUseError } from './ports';
import { demoOrganizers, seedResources, seedSampleDecks, seedSampleShops } from './seed';
import { seedPlayerDemo } from './sampleVideo';
import { childNodeEnv, createLocalDatabase, createLocalStorage, quietAwsEnv, startLocalStack, type LocalStack } from './stack';

Object.assign(process.env, quietAwsEnv());

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const testMode = args.has('--test') || process.env.LOCAL_STACK_MODE === 'test';

const log = (message: string) => console.log(`[local] ${message}`);
const fail = (message: string): never => {
  console.error(`[local] ${message}`);
  process.exit(1);
};

function loadDotEnv() {
  const file = join(PROJECT_ROOT, '.env');
  if (!existsSync(file)) return;
  // Values already in the environment win over the file.
  process.loadEnvFile(file);
}

function validate(): { env: Env; registry: Registry } {
  let env: Env;
  try {
    env = loadEnv(process.env);
  } catch (e) {
    return fail((e as Error).message);
  }
  // The same checks and messages as the server's boot and `npm run tenants:check`.
  const { registry, problems } = checkConfig(env.CONFIG_ROOT, { rootDomain: env.PLATFORM_ROOT_DOMAIN, schemaFiles: false });
  if (problems.length || !registry) {
    return fail(`Invalid tenant or theme configuration:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  }
  const videoProblems = videoConfigProblems(env, registry.tenants.values());
  if (videoProblems.length) return fail(`Invalid video configuration:\n${videoProblems.map((p) => `  ${p}`).join('\n')}`);
  return { env, registry };
}

/** The app's own settings out of a child environment: envSchema's variables and the stack's (endpoints, credentials, files). */
function appSettings(env: NodeJS.ProcessEnv, stackEnv: object): Record<string, string> {
  const names = new Set([...Object.keys(envSchema.shape), ...Object.keys(stackEnv)]);
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => names.has(e[0]) && e[1] !== undefined));
}

async function waitForHealth(url: string, app: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) throw new Error(`the app server exited (code ${app.exitCode}) before it was healthy`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/** What the start banner says about video. */
function videoState(livekit: StartedLivekit, port: number | undefined): string {
  if (port === undefined) return ' (LIVEKIT_URL: a server of your own)';
  if (!livekit) return ' (no livekit-server: rooms say video is unavailable; see README, Events and live rooms)';
  return ` (livekit-server ${livekit.source === 'built' ? 'built in .local/bin' : `from ${livekit.source}`}, pid ${livekit.pid})`;
}

async function main() {
  const started = performance.now();
  loadDotEnv();
  const validated = validate();
  const { registry } = validated;
  let env = validated.env;

  const appPort = env.PORT;
  let dynamoPort: number;
  let s3Port: number;
  let cognitoPort: number;
  let hostedSignInPort: number;
  let testPayPort: number;
  let redisPort: number;
  let livekitPort: number | undefined;
  let livekitUdpStart = 0;
  let ingestRtmpPort: number;
  let ingestSrtPort: number;
  try {
    dynamoPort = parsePort(process.env.LOCAL_DYNAMODB_PORT, testMode ? await getFreePort() : 8000, 'LOCAL_DYNAMODB_PORT');
    s3Port = parsePort(process.env.LOCAL_S3_PORT, testMode ? await getFreePort() : 4569, 'LOCAL_S3_PORT');
    cognitoPort = parsePort(process.env.LOCAL_COGNITO_PORT, testMode ? await getFreePort() : 9229, 'LOCAL_COGNITO_PORT');
    hostedSignInPort = parsePort(process.env.LOCAL_HOSTED_SIGNIN_PORT, testMode ? await getFreePort() : 9230, 'LOCAL_HOSTED_SIGNIN_PORT');
    testPayPort = parsePort(process.env.LOCAL_TESTPAY_PORT, testMode ? await getFreePort() : 9240, 'LOCAL_TESTPAY_PORT');
    redisPort = parsePort(process.env.LOCAL_REDIS_PORT, testMode ? await getFreePort() : 6390, 'LOCAL_REDIS_PORT');
    ingestRtmpPort = parsePort(process.env.LOCAL_INGEST_RTMP_PORT, testMode ? await getFreePort() : 1935, 'LOCAL_INGEST_RTMP_PORT');
    ingestSrtPort = parsePort(process.env.LOCAL_INGEST_SRT_PORT, testMode ? 20_000 + (appPort % 400) * 20 : 9000, 'LOCAL_INGEST_SRT_PORT');
    // A LIVEKIT_URL of one's own means that server: none is started here.
    if (!process.env.LIVEKIT_URL) {
      livekitPort = parsePort(process.env.LOCAL_LIVEKIT_PORT, testMode ? await getFreePort() : 7880, 'LOCAL_LIVEKIT_PORT');
      livekitUdpStart = parsePort(process.env.LOCAL_LIVEKIT_UDP_START, testMode ? 40_000 + (livekitPort % 200) * 100 : 50_000, 'LOCAL_LIVEKIT_UDP_START');
    }
  } catch (e) {
    return fail((e as Error).message);
  }
  if (!(await isPortFree(appPort))) return fail(new PortInUseError(appPort, 'the app server', 'PORT').message);

  const nodeEnv = dev ? 'development' : 'production';
  if (nodeEnv === 'production' && !existsSync(join(PROJECT_ROOT, 'build/server/index.js'))) {
    return fail('build/server/index.js is missing: `npm start` builds it first (or run `npm run dev` for development).');
  }

  // LOCAL_TEST_DIR lets the browser tests find the demo accounts and the code outbox.
  const fixedTestDir = testMode && process.env.LOCAL_TEST_DIR ? resolve(PROJECT_ROOT, process.env.LOCAL_TEST_DIR) : undefined;
  if (fixedTestDir) {
    rmSync(fixedTestDir, { recursive: true, force: true });
    mkdirSync(fixedTestDir, { recursive: true });
  }
  const tempDir = testMode ? (fixedTestDir ?? mkdtempSync(join(tmpdir(), 'platform-stack-'))) : undefined;
  const dataDir = tempDir ?? resolve(PROJECT_ROOT, process.env.LOCAL_DATA_DIR ?? '.local');

  // LiveKit: the stack's own key pair unless one is given (the public --dev pair is refused in production).
  const livekitKeys = process.env.LIVEKIT_API_KEY || process.env.LIVEKIT_API_SECRET ? undefined : localLivekitKeys(dataDir);
  if (livekitKeys) env = { ...env, LIVEKIT_API_KEY: livekitKeys.pair.apiKey, LIVEKIT_API_SECRET: livekitKeys.pair.apiSecret };
  try {
    // The app server's own boot check, in the mode it will run in: fail here with its message.
    loadEnv({ ...process.env, NODE_ENV: nodeEnv, LIVEKIT_API_KEY: env.LIVEKIT_API_KEY, LIVEKIT_API_SECRET: env.LIVEKIT_API_SECRET });
  } catch (e) {
    if (tempDir && !fixedTestDir) rmSync(tempDir, { recursive: true, force: true });
    return fail((e as Error).message);
  }

  let stack: LocalStack | undefined;
  let livekit: StartedLivekit = null;
  let app: ChildProcess | undefined;
  let media: MediaProcessing | undefined;
  let speech: SpeechWorkers | undefined;
  let ingest: ReturnType<typeof startIngestWorker> | undefined;
  let stopping = false;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (app && app.exitCode === null && app.signalCode === null) {
      const exited = new Promise<void>((r) => app!.once('exit', () => r()));
      app.kill('SIGTERM');
      const timer = setTimeout(() => app!.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    }
    await ingest?.stop();
    await media?.stop();
    await speech?.stop();
    await livekit?.stop();
    await stack?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void shutdown(0);
    });
  }

  try {
    log(
      `starting DynamoDB Local on :${dynamoPort}, s3rver on :${s3Port} and cognito-local on :${cognitoPort} (${testMode ? 'isolated, in memory' : `data in ${dataDir}`})`,
    );
    const stackStart = performance.now();
    stack = await startLocalStack({
      dataDir,
      dynamoPort,
      s3Port,
      cognitoPort,
      hostedSignInPort,
      testPayPort,
      tenantIds: [...registry.tenants.keys()],
      poolSettings: localPoolSettings(registry.tenants.values()),
      persist: !testMode,
      table: env.DYNAMODB_TABLE,
      bucket: env.S3_BUCKET,
      region: env.AWS_REGION,
      appPort,
      portEnvVars: { dynamo: 'LOCAL_DYNAMODB_PORT', s3: 'LOCAL_S3_PORT', cognito: 'LOCAL_COGNITO_PORT', testPay: 'LOCAL_TESTPAY_PORT' },
    });
    if (tempDir) stack.removeFolderIfOrphaned(tempDir);
    log(`stack ready in ${((performance.now() - stackStart) / 1000).toFixed(1)} s`);

    const videoEnv: Record<string, string> = {};
    if (livekitPort !== undefined) {
      await assertPortFree(livekitPort, 'the LiveKit server', 'LOCAL_LIVEKIT_PORT');
      await assertPortFree(livekitPort + 1, 'the LiveKit server (ICE over TCP)', 'LOCAL_LIVEKIT_PORT');
      livekit = await startLocalLivekit({
        root: PROJECT_ROOT,
        dataDir,
        port: livekitPort,
        tcpPort: livekitPort + 1,
        udpStart: livekitUdpStart,
        udpPorts: 100,
        // Every pair a tenant's rooms may be signed with (the stack's own, and tenants' own pairs).
        keys: Object.fromEntries([...registry.tenants.values()].map((t) => videoConfigFor(env, t)).map((c) => [c.apiKey, c.apiSecret])),
        webhookKey: env.LIVEKIT_API_KEY,
        appPort,
        ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
        log,
      });
      if (livekit) stack.watch(livekit.pid);
      // Where nothing listens when there is no binary: the rooms then say video is unavailable.
      videoEnv.LIVEKIT_URL = livekit?.url ?? `ws://localhost:${livekitPort}`;
      videoEnv.LIVEKIT_API_URL = livekit?.apiUrl ?? `http://127.0.0.1:${livekitPort}`;
      videoEnv.LOCAL_LIVEKIT_SERVER = livekit ? 'running' : 'absent';
      env = { ...env, LIVEKIT_URL: videoEnv.LIVEKIT_URL };
    }

    const baseEnv = childNodeEnv({
      ...stack.env,
      ...videoEnv,
      NODE_ENV: nodeEnv,
      PORT: String(appPort),
      // Links the platform writes out (payment callbacks, mails, calendar files) point at http://<tenant>.localhost:<port> (docs/decisions/0062).
      PUBLIC_SCHEME: process.env.PUBLIC_SCHEME ?? 'http',
      PUBLIC_PORT: process.env.PUBLIC_PORT ?? String(appPort),
      PUBLIC_HOSTS: process.env.PUBLIC_HOSTS ?? 'localhost',
      LIVEKIT_API_KEY: env.LIVEKIT_API_KEY,
      LIVEKIT_API_SECRET: env.LIVEKIT_API_SECRET,
      // Restream stream keys are sealed with it (docs/decisions/0030): the stack's own unless set.
      RECORDING_KEY_SECRET: process.env.RECORDING_KEY_SECRET ?? localRecordingKey(dataDir),
      // Every tenant pays with the local test provider unless told otherwise (docs/decisions/0033).
      PAYMENTS_PROVIDER: process.env.PAYMENTS_PROVIDER ?? 'test',
      // Test stacks restream to a receiver on this machine (docs/decisions/0061); `npm start` never allows loopback.
      RESTREAM_TEST_ALLOW_LOOPBACK: testMode ? 'true' : 'false',
      // Webhooks may go to http and loopback receivers on the local stack only (docs/decisions/0088).
      WEBHOOK_ALLOW_LOCAL: 'true',
      // The demo platform admin (docs/decisions/0025): the first sample tenant's demo admin, unless set.
      PLATFORM_ADMIN_EMAILS: process.env.PLATFORM_ADMIN_EMAILS ?? (registry.tenants.size ? demoUsername([...registry.tenants.keys()][0]!, 'admin') : ''),
    });
    speech = await startSpeechWorkers({
      root: PROJECT_ROOT,
      count: Number(process.env.SPEECH_WORKERS ?? 1),
      firstPort: testMode && !process.env.LOCAL_SPEECH_PORT ? undefined : parsePort(process.env.LOCAL_SPEECH_PORT, 8790, 'LOCAL_SPEECH_PORT'),
      log,
      watch: (pid) => stack!.watch(pid),
    });
    Object.assign(baseEnv, speech.env);
    media = await startMediaProcessing({
      root: PROJECT_ROOT,
      dataDir,
      redisPort,
      redisUrl: env.MEDIA_QUEUE_REDIS_URL ?? env.REDIS_URL,
      workerEnv: baseEnv,
      log,
      watch: (pid) => stack!.watch(pid),
    });
    const ingestOptions = { root: PROJECT_ROOT, dataDir, rtmpPort: ingestRtmpPort, srtPortFirst: ingestSrtPort, srtPorts: 20, log, watch: (pid: number) => stack!.watch(pid) };
    const ingestEnv = localIngestEnv(ingestOptions);
    await assertPortFree(ingestRtmpPort, 'the ingest worker (RTMP)', 'LOCAL_INGEST_RTMP_PORT');
    ingest = startIngestWorker(ingestOptions, { ...baseEnv, ...media.env, ...ingestEnv });
    // Test stacks keep the runner's output as quiet as before: no access line per request (docs/decisions/0049).
    const appEnv: NodeJS.ProcessEnv = { ...baseEnv, ...media.env, ...ingestEnv, ...(testMode && !process.env.LOG_LEVEL ? { LOG_LEVEL: 'warn' } : {}) };
    // Test stacks record the app's settings, so a test can start another app instance on this
    // very stack (tests/security/instance.ts: the security suites run on their own instance).
    if (testMode) writeFileSync(join(dataDir, 'app-env.json'), JSON.stringify(appSettings(appEnv, { ...stack.env, ...videoEnv, ...media.env, ...ingestEnv })));
    app = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: PROJECT_ROOT,
      env: appEnv,
      stdio: 'inherit',
    });
    stack.watch(app.pid!);
    app.once('exit', (code, signal) => {
      if (stopping) return;
      log(`the app server stopped unexpectedly (code ${code}, signal ${signal})`);
      void shutdown(1);
    });

    // Seed while the app server boots.
    const db = createLocalDatabase(stack.env);
    const storage = createLocalStorage(stack.env);
    // The sample decks go to the worker through the same queue uploads use (none without Redis).
    const queue = createMediaQueue(media.env);
    try {
      const seeded = await seedResources(db, registry);
      log(`seeded text resources: ${seeded.total} written for ${Object.keys(seeded.written).length} tenant language(s)`);
      const decks = await seedSampleDecks({ db, storage }, registry, queue ? (job) => queue.enqueue(job) : undefined);
      if (decks.length) log(`seeded sample pitch decks: ${decks.join(', ')}${queue ? '' : ' (no media queue: they wait in processing)'}`);
      const shops = await seedSampleShops({ db }, registry, demoOrganizers(stack.env.IDENTITY_DEMO_ACCOUNTS_FILE));
      if (shops.length) log(`seeded sample shops: ${shops.join(', ')}`);
      const demo = await seedPlayerDemo({ db, storage }, queue ? (job) => queue.enqueue(job) : undefined);
      if (demo) log(`seeded the player demo's sample video: system/${demo}`);
    } finally {
      db.raw.destroy();
      storage.client.destroy();
      await queue?.close();
    }

    const health = `http://localhost:${appPort}/api/health`;
    const bootSeconds = Number(process.env.LOCAL_APP_BOOT_SECONDS) || (dev ? 120 : 60);
    await waitForHealth(`http://127.0.0.1:${appPort}/api/health`, app, bootSeconds * 1000);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const tenants = [...registry.tenants.values()];
    const width = Math.max(...tenants.map((t) => t.displayName.length), 10);
    console.log(
      [
        '',
        `  Live event platform is running (${nodeEnv}${testMode ? ', test stack' : ''}), ready in ${seconds} s`,
        '',
        ...tenants.map((t) => `  ${t.displayName.padEnd(width)}  http://${t.id}.localhost:${appPort}`),
        '',
        `  ${'Health'.padEnd(width)}  ${health}`,
        `  ${'DynamoDB'.padEnd(width)}  ${stack.env.DYNAMODB_ENDPOINT}`,
        `  ${'S3'.padEnd(width)}  ${stack.env.S3_ENDPOINT}/${stack.env.S3_BUCKET}`,
        `  ${'Cognito'.padEnd(width)}  ${stack.env.COGNITO_ENDPOINT}`,
        `  ${'Social sign-in'.padEnd(width)}  ${stack.env.HOSTED_SIGNIN_ENDPOINT}`,
        `  ${'Video'.padEnd(width)}  ${env.LIVEKIT_URL}${videoState(livekit, livekitPort)}`,
        `  ${'Media queue'.padEnd(width)}  ${media.describe()}`,
        `  ${'Live ingest'.padEnd(width)}  ${ingest.describe()}`,
        `  ${'Speech'.padEnd(width)}  ${speech?.describe() ?? 'none'}`,
        '',
        `  ${'Demo users'.padEnd(width)}  ${stack.env.IDENTITY_DEMO_ACCOUNTS_FILE}`,
        `  ${'Sent codes'.padEnd(width)}  ${stack.env.IDENTITY_OUTBOX_FILE}`,
        '',
        '  Press Ctrl-C to stop everything.',
        '',
      ].join('\n'),
    );
  } catch (e) {
    console.error(`[local] ${e instanceof PortInUseError ? e.message : (e as Error).stack ?? String(e)}`);
    await shutdown(1);
  }
}

void main();
