/**
 * Vitest global setup: one isolated local stack (in-memory DynamoDB Local, s3rver and
 * cognito-local with a user pool per sample tenant in a temporary folder, free ports) for the
 * whole run, stopped in teardown. The identity files (pools, demo accounts, outbox) live in
 * that folder; their paths are in the stack's env (IDENTITY_*_FILE).
 *
 * The stack's endpoints reach the tests two ways:
 *  - process.env, set here before any worker starts; workers inherit it (verified by
 *    local/stack/stack.test.ts), so createServices(loadEnv()) just works in tests;
 *  - inject('localStack') (vitest provide/inject), typed below.
 *
 * Set VITEST_LOCAL_STACK=off to skip it (tests that need it then fail with a clear message).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadRegistry } from '#server/config/registry.server';
import { localPoolSettings } from '#local/stack/cognito';
import { getFreePort } from '#local/stack/ports';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { quietAwsEnv, startLocalStack, type LocalStack, type LocalStackEnv } from '#local/stack/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackEnv | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  Object.assign(process.env, quietAwsEnv());
  if (process.env.VITEST_LOCAL_STACK === 'off') {
    project.provide('localStack', null);
    return async () => {};
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vitest-stack-'));
  const { registry } = loadRegistry(process.cwd());
  const tenantIds = [...registry.tenants.keys()];
  let stack: LocalStack | undefined;
  const started = performance.now();
  // A free port can be taken between the probe and the bind by a parallel run: retry once.
  for (let attempt = 1; !stack; attempt++) {
    try {
      stack = await startLocalStack({
        dataDir,
        dynamoPort: await getFreePort(),
        s3Port: await getFreePort(),
        cognitoPort: await getFreePort(),
        tenantIds,
        poolSettings: localPoolSettings(registry.tenants.values()),
        persist: false,
        table: 'platform-test',
        bucket: 'platform-test',
        timeoutMs: 30_000,
      });
    } catch (e) {
      if (attempt >= 2) {
        rmSync(dataDir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  stack.removeFolderIfOrphaned(dataDir);
  Object.assign(process.env, stack.env);
  process.env.LOCAL_STACK_STARTUP_MS = String(Math.round(performance.now() - started));
  project.provide('localStack', stack.env);

  // Redis for the multi-instance chat tests only: REDIS_TEST_URL, never REDIS_URL (every other
  // test keeps the in-process bus). Without redis-server those tests fail with this message.
  let redis: LocalRedis | undefined;
  try {
    redis = await startRedis({ port: await getFreePort(), dir: dataDir });
    stack.watch(redis.pid);
    process.env.REDIS_TEST_URL = redis.url;
  } catch (e) {
    process.env.REDIS_TEST_PROBLEM = (e as Error).message;
  }

  return async () => {
    await redis?.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
