/**
 * The speech workers of the local stack (docs/decisions/0098): SPEECH_WORKERS (default 1) resident
 * Python processes (server/platform/speech/local/whisper_worker.py) on loopback ports, each holding
 * Whisper base, restarted if one dies. The app and the media worker get their URLs as
 * SPEECH_WORKER_URLS. Without the environment `scripts/speech-worker.mjs` installs (or with
 * SPEECH_WORKERS=0) none is started and the local recogniser is pocketsphinx, English only.
 * The speech tests start theirs with the same function.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getFreePort } from './ports';

export interface SpeechWorkersOptions {
  root: string;
  /** How many worker processes (each one request at a time). */
  count: number;
  /** First port; the others follow. Free ports when absent. */
  firstPort?: number;
  /** CPU threads per worker (default 2: the machine's cores). */
  threads?: number;
  log(line: string): void;
  /** Hands each started process to the stack's reaper. */
  watch?(pid: number): void;
  /** How long a worker may take to load its model and answer /health (default 120 s). */
  bootSeconds?: number;
}

export interface SpeechWorkers {
  /** SPEECH_WORKER_URLS for the app and the media worker, or nothing when none runs. */
  env: Record<string, string>;
  urls: string[];
  describe(): string;
  /** Test hook: the pid of worker i (to kill it and see it come back). */
  pid(index: number): number | undefined;
  stop(): Promise<void>;
}

const RESTART_LIMIT = 5;

export const speechPythonOf = (root: string) => join(root, '.local', 'speech-venv', 'bin', 'python');
export const speechModelDirOf = (root: string) => join(root, '.local', 'speech-models', 'whisper-base');
export const speechWorkerScript = 'server/platform/speech/local/whisper_worker.py';

/** True when scripts/speech-worker.mjs has installed the environment and the model. */
export const speechWorkerInstalled = (root: string) => existsSync(speechPythonOf(root)) && existsSync(join(speechModelDirOf(root), 'model.bin'));

export async function waitForWorker(url: string, seconds: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the speech worker at ${url} exited while loading`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the speech worker at ${url} did not answer within ${seconds} s`);
}

export async function startSpeechWorkers(options: SpeechWorkersOptions): Promise<SpeechWorkers> {
  const none = (why: string): SpeechWorkers => ({ env: {}, urls: [], describe: () => why, pid: () => undefined, stop: async () => undefined });
  if (options.count <= 0) return none('none (SPEECH_WORKERS=0): pocketsphinx, English only');
  if (!speechWorkerInstalled(options.root)) {
    options.log('the speech worker is not installed (node scripts/ensure-deps.mjs installs it): the local recogniser is pocketsphinx, English only');
    return none('not installed: pocketsphinx, English only');
  }
  const ports: number[] = [];
  for (let i = 0; i < options.count; i++) ports.push(options.firstPort !== undefined ? options.firstPort + i : await getFreePort());
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const children: Array<ChildProcess | undefined> = [];
  let stopping = false;

  const restarts = ports.map(() => 0);
  const start = (index: number): ChildProcess => {
    const threads = String(options.threads ?? 2);
    const child = spawn(speechPythonOf(options.root), [speechWorkerScript, '--port', String(ports[index]), '--model', speechModelDirOf(options.root), '--threads', threads], {
      cwd: options.root,
      env: { ...process.env, PYTHONUNBUFFERED: '1', OMP_NUM_THREADS: threads },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    options.watch?.(child.pid!);
    child.once('exit', (code, signal) => {
      // Exit 0 is a worker asked to stop (SIGTERM or Ctrl-C reaching the whole group).
      if (stopping || code === 0) return;
      if (restarts[index]! >= RESTART_LIMIT) return options.log(`speech worker ${index} stopped (code ${code}, signal ${signal}) ${RESTART_LIMIT} times: it stays stopped`);
      restarts[index]!++;
      options.log(`speech worker ${index} stopped (code ${code}, signal ${signal}); starting another`);
      setTimeout(() => !stopping && start(index), 500).unref();
    });
    children[index] = child;
    return child;
  };

  for (let i = 0; i < options.count; i++) start(i);
  try {
    await Promise.all(urls.map((url, i) => waitForWorker(url, options.bootSeconds ?? 120, () => children[i]?.exitCode === null && children[i]?.signalCode === null)));
  } catch (e) {
    stopping = true;
    for (const c of children) c?.kill('SIGKILL');
    options.log(`${(e as Error).message}: the local recogniser is pocketsphinx, English only`);
    return none('failed to start: pocketsphinx, English only');
  }

  return {
    env: { SPEECH_WORKER_URLS: urls.join(',') },
    urls,
    describe: () => `${urls.length} × Whisper base (${urls.map((u, i) => `${u} pid ${children[i]?.pid}`).join(', ')})`,
    pid: (index) => children[index]?.pid,
    async stop() {
      stopping = true;
      await Promise.all(
        children.map(async (child) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
