/**
 * A second app server on the browser tests' own stack, for the security suites: the production
 * build (NODE_ENV=production tsx server/index.ts) with exactly the settings the test stack gave
 * its app (local/stack/start.ts writes them to <stack dir>/app-env.json), on a port of its own.
 * Fuzz traffic then meets its own rate limiters and render cache, and the specs running in
 * parallel against the shared server never see it. Form limits are lifted so every fuzzed form
 * reaches its parsing code instead of the limiter; the room-expiry sweeper is left to the shared
 * server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E_PORT, E2E_STACK_DIR } from '../e2e/stack';

const STACK_DIR = resolve(process.env.E2E_STACK_DIR_OVERRIDE ?? E2E_STACK_DIR);
export const STACK_PORT = Number(process.env.E2E_PORT ?? E2E_PORT);

export interface AppInstance {
  port: number;
  /** "aurora.localhost:<port>" */
  host(tenant: string): string;
  /** "http://aurora.localhost:<port>" */
  origin(tenant: string): string;
  /** The server's output so far (stack traces of any 5xx land here). */
  output(): string;
  stop(): Promise<void>;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function startAppInstance(port: number, bootTimeoutMs = 90_000): Promise<AppInstance> {
  const settings = JSON.parse(readFileSync(join(STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string>;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settings,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    FORM_RATE_LIMIT_PER_HOUR: '1000000',
    ROOM_EXPIRY_SWEEP_SECONDS: '3600',
    // The matrices open every caller's captions socket at once to test who is admitted; the cap on
    // captioned speakers per worker (a capacity limit, tested in cap.server.test.ts) must not
    // refuse them for room.
    SPEECH_CAPTION_SPEAKERS_PER_WORKER: '64',
  };
  delete env.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // If this worker goes away without stopping it, the instance goes too.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);

  const deadline = Date.now() + bootTimeoutMs;
  while (!(await healthy(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the security app instance exited at boot:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      kill();
      throw new Error(`the security app instance was not healthy on :${port} within ${bootTimeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    port,
    host: (tenant) => `${tenant}.localhost:${port}`,
    origin: (tenant) => `http://${tenant}.localhost:${port}`,
    output: () => output,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: tsx relays it to the server, which closes gracefully.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
