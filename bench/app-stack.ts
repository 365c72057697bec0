/**
 * A benchmark's temporary local stack (in-memory DynamoDB, s3rver, optionally cognito-local) in a
 * folder of its own, and the production app started on it. Everything is stopped and the folder
 * removed when the benchmark's work ends, whether it succeeded or not.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childNodeEnv, startLocalStack, type LocalStack, type LocalStackOptions } from '#local/stack/stack';
import { startProcess, stopProcess } from './lib';

export interface BenchStack {
  stack: LocalStack;
  /** Starts the production app (`tsx server/index.ts`) on the stack at the stack's app port; `env` adds to its environment. */
  startApp(env?: Record<string, string>): ChildProcess;
}

export async function withBenchStack<T>(
  name: string,
  options: Omit<LocalStackOptions, 'dataDir' | 'persist'> & { appPort: number },
  work: (bench: BenchStack) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  let stack: LocalStack | undefined;
  const apps: ChildProcess[] = [];
  try {
    stack = await startLocalStack({ ...options, dataDir: dir, persist: false });
    stack.removeFolderIfOrphaned(dir);
    const started = stack;
    const startApp = (env: Record<string, string> = {}) => {
      const appEnv = childNodeEnv({ ...started.env, NODE_ENV: 'production', PORT: String(options.appPort), HOST: '127.0.0.1', ...env });
      // BENCH_APP_NODE_ARGS: node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a benchmark's time goes.
      const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean);
      const app = nodeArgs?.length
        ? startProcess('node', [...nodeArgs, '--import', 'tsx', 'server/index.ts'], appEnv as Record<string, string>)
        : startProcess('node_modules/.bin/tsx', ['server/index.ts'], appEnv as Record<string, string>);
      started.watch(app.pid!);
      apps.push(app);
      return app;
    };
    return await work({ stack: started, startApp });
  } finally {
    for (const app of apps) await stopProcess(app);
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
