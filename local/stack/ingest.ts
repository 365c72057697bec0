/**
 * Live ingest in the local stack (`npm start`, the browser-test stack; docs/decisions/0029): the
 * ingest settings the app and the worker share, and one ingest worker process
 * (server/broadcast/ingest/worker.ts) beside the app, restarted if it dies.
 *
 *   INGEST_KEY_SECRET  unset: made once and kept in the data folder (ingest-key-secret, 0600)
 *   LOCAL_INGEST_RTMP_PORT  RTMP port (default 1935; test stacks a free port)
 *   LOCAL_INGEST_SRT_PORT   first of 20 SRT ports (default 9000; test stacks derive it from the app port)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface IngestOptions {
  root: string;
  dataDir: string;
  rtmpPort: number;
  srtPortFirst: number;
  srtPorts: number;
  log(line: string): void;
  watch(pid: number): void;
}

/** The key secret kept in the data folder, made on first use. */
export function localIngestSecret(dataDir: string): string {
  const file = join(dataDir, 'ingest-key-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The settings the app and the worker read (server/broadcast/ingest/config.server.ts). */
export function localIngestEnv(options: Pick<IngestOptions, 'dataDir' | 'rtmpPort' | 'srtPortFirst' | 'srtPorts'>): Record<string, string> {
  return {
    INGEST_KEY_SECRET: process.env.INGEST_KEY_SECRET ?? localIngestSecret(options.dataDir),
    INGEST_RTMP_URL: process.env.INGEST_RTMP_URL ?? `rtmp://localhost:${options.rtmpPort}/live`,
    INGEST_SRT_HOST: process.env.INGEST_SRT_HOST ?? 'localhost',
    INGEST_SRT_PORT_FIRST: String(options.srtPortFirst),
    INGEST_SRT_PORTS: String(options.srtPorts),
  };
}

const RESTART_LIMIT = 5;

/** Starts the worker with `env` (the app's, with the ingest settings); returns how to stop it. */
export function startIngestWorker(options: IngestOptions, env: NodeJS.ProcessEnv) {
  let worker: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  const tmp = join(options.dataDir, 'ingest-work');
  mkdirSync(tmp, { recursive: true });
  const start = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/broadcast/ingest/worker.ts'], {
      cwd: options.root,
      env: { ...env, INGEST_RTMP_PORT: String(options.rtmpPort), INGEST_BIND: '127.0.0.1', INGEST_WORKER_TMP: tmp },
      stdio: 'inherit',
    });
    options.watch(child.pid!);
    child.once('exit', (code, signal) => {
      if (stopping || code === 0) return;
      if (restarts >= RESTART_LIMIT) return options.log(`the ingest worker stopped ${RESTART_LIMIT} times: live ingest is stopped`);
      restarts++;
      options.log(`the ingest worker stopped (code ${code}, signal ${signal}); starting another`);
      setTimeout(() => !stopping && (worker = start()), 1000).unref();
    });
    return child;
  };
  worker = start();
  return {
    describe: () => `rtmp://localhost:${options.rtmpPort}/live, srt://localhost:${options.srtPortFirst}-${options.srtPortFirst + options.srtPorts - 1}, worker pid ${worker?.pid}`,
    async stop() {
      stopping = true;
      const current = worker;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((r) => current.once('exit', () => r()));
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
