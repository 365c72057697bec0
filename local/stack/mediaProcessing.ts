/**
 * Media processing in the local stack (`npm start`, the browser-test stack): Debian's redis-server
 * for the queue (loopback, append-only so jobs survive its restart) and one media worker process
 * (server/media/worker.ts) beside the app, restarted if it dies. With a Redis of one's own
 * (MEDIA_QUEUE_REDIS_URL or REDIS_URL) none is started; without redis-server the stack runs on and
 * the upload screens say processing is unavailable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertPortFree } from './ports';
import { REDIS_SERVER, startRedis, type LocalRedis } from './redis';

export interface MediaProcessingOptions {
  root: string;
  /** Where Redis keeps its append-only file and workers their work folders. */
  dataDir: string;
  redisPort: number;
  /** A Redis of one's own: start none. */
  redisUrl?: string;
  /** The environment of the worker (the app's, with the stack's endpoints). */
  workerEnv: NodeJS.ProcessEnv;
  log(line: string): void;
  /** Hands each started process to the stack's reaper. */
  watch(pid: number): void;
}

export interface MediaProcessing {
  /** MEDIA_QUEUE_REDIS_URL for the app, or nothing when processing is unavailable. */
  env: Record<string, string>;
  /** What the start banner says. */
  describe(): string;
  stop(): Promise<void>;
}

const RESTART_LIMIT = 5;

export async function startMediaProcessing(options: MediaProcessingOptions): Promise<MediaProcessing> {
  let redis: LocalRedis | undefined;
  let url = options.redisUrl;
  if (!url) {
    if (!existsSync(REDIS_SERVER)) {
      options.log(`${REDIS_SERVER} is missing: media processing is unavailable (node scripts/ensure-deps.mjs installs it)`);
      return { env: {}, describe: () => 'unavailable (no redis-server)', stop: async () => undefined };
    }
    await assertPortFree(options.redisPort, 'redis-server (media queue)', 'LOCAL_REDIS_PORT');
    const dir = join(options.dataDir, 'redis');
    mkdirSync(dir, { recursive: true });
    // Always append-only: queued jobs survive a Redis restart (the test stack's data folder is a
    // temporary one, removed with the stack). docs/decisions/0052.
    redis = await startRedis({ port: options.redisPort, dir, persist: true });
    options.watch(redis.pid);
    url = redis.url;
  }

  let worker: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  const start = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/media/worker.ts'], {
      cwd: options.root,
      env: { ...options.workerEnv, MEDIA_QUEUE_REDIS_URL: url, MEDIA_WORKER_TMP: join(options.dataDir, 'media-work') },
      stdio: 'inherit',
    });
    mkdirSync(join(options.dataDir, 'media-work'), { recursive: true });
    options.watch(child.pid!);
    child.once('exit', (code, signal) => {
      // Exit 0 is a worker asked to stop (SIGINT/SIGTERM, e.g. Ctrl-C reaching the whole group).
      if (stopping || code === 0) return;
      if (restarts >= RESTART_LIMIT) {
        options.log(`the media worker stopped (code ${code}, signal ${signal}) ${RESTART_LIMIT} times: media processing is stopped`);
        return;
      }
      restarts++;
      options.log(`the media worker stopped (code ${code}, signal ${signal}); starting another (its unfinished job is taken over)`);
      setTimeout(() => !stopping && (worker = start()), 1000).unref();
    });
    return child;
  };
  worker = start();

  return {
    env: { MEDIA_QUEUE_REDIS_URL: url },
    describe: () => `${url}${redis ? ` (redis-server pid ${redis.pid})` : ''}, worker pid ${worker?.pid}`,
    async stop() {
      stopping = true;
      const current = worker;
      if (current && current.exitCode === null && current.signalCode === null) {
        const exited = new Promise<void>((r) => current.once('exit', () => r()));
        current.kill('SIGTERM');
        const timer = setTimeout(() => current.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      await redis?.stop();
    },
  };
}
