import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { localStackEnv, testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { loadEnv } from '#server/env.server';
import { checkDependencies, createServices } from '#server/compose.server';
import { putObject } from '#server/platform/storage.server';
import { getFreePort, PortInUseError } from './ports';
import { corsConfigurationXml, createLocalDatabase, startLocalStack } from './stack';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the test stack from tests/setup/global-setup.ts', () => {
  it('reaches the workers through process.env and inject()', () => {
    const env = localStackEnv();
    expect(process.env.DYNAMODB_ENDPOINT).toBe(env.DYNAMODB_ENDPOINT);
    expect(process.env.S3_ENDPOINT).toBe(env.S3_ENDPOINT);
    expect(process.env.S3_FORCE_PATH_STYLE).toBe('true');
    expect(process.env.AWS_ACCESS_KEY_ID).toBe(env.AWS_ACCESS_KEY_ID);
  });

  it('serves the app services built from loadEnv(process.env): health is all up', async () => {
    const env = loadEnv(process.env);
    const services = createServices(env, { tenants: new Map(), themes: new Map(), domains: new Map(), rootDir: '.' });
    const deps = await checkDependencies(services);
    expect(deps.map((d) => [d.name, d.up, d.error])).toEqual([
      ['dynamodb', true, undefined],
      ['s3', true, undefined],
    ]);
  });

  it('paginates S3 listings (s3rver runs with the OpenSSL legacy provider)', async () => {
    const storage = testStorage();
    const tenantId = uniqueTenantId();
    for (const n of [1, 2, 3]) await putObject(storage, { tenantId, key: `list/${n}.txt`, body: String(n), contentType: 'text/plain' });
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await storage.client.send(
        new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `tenants/${tenantId}/list/`, MaxKeys: 2, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    expect(keys).toEqual([1, 2, 3].map((n) => `tenants/${tenantId}/list/${n}.txt`));
  });

  it('replaces an object atomically: a read during an overwrite gets the old or the new bytes whole (local/stack/s3rver-atomic.mjs)', async () => {
    const storage = testStorage();
    const tenantId = uniqueTenantId();
    const key = 'atomic/photo.bin';
    const versions = ['a', 'b'].map((c, i) => Buffer.alloc((i + 1) * 3 * 1024 * 1024, c));
    await putObject(storage, { tenantId, key, body: versions[0]!, contentType: 'application/octet-stream' });
    const read = async () => {
      const answer = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: `tenants/${tenantId}/${key}` }));
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return { declared: answer.ContentLength, bytes };
    };
    const writes = Array.from({ length: 6 }, (_, i) => putObject(storage, { tenantId, key, body: versions[(i + 1) % 2]!, contentType: 'application/octet-stream' }));
    const reads = await Promise.all(Array.from({ length: 12 }, read));
    await Promise.all(writes);
    for (const { declared, bytes } of reads) {
      expect(bytes.length).toBe(declared);
      expect(versions.some((v) => v.equals(bytes))).toBe(true);
    }
  });
});

describe('startLocalStack', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a port in use with a clear message, starting nothing', async () => {
    const blocker = createServer();
    const port = await getFreePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'stack-test-'));
      dirs.push(dataDir);
      const attempt = startLocalStack({ dataDir, dynamoPort: port, s3Port: await getFreePort(), persist: false, portEnvVars: { dynamo: 'LOCAL_DYNAMODB_PORT' } });
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
      await expect(attempt).rejects.toThrow(`Port ${port} for DynamoDB Local is already in use`);
      await expect(attempt).rejects.toThrow('LOCAL_DYNAMODB_PORT');
    } finally {
      blocker.close();
    }
  });

  it('persists DynamoDB data and user pools across restarts and stop() leaves no process behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stack-test-'));
    dirs.push(dataDir);
    const options = {
      dataDir,
      dynamoPort: await getFreePort(),
      s3Port: await getFreePort(),
      cognitoPort: await getFreePort(),
      tenantIds: ['persist-t'],
      persist: true,
      table: 'persist-test',
    };

    const first = await startLocalStack(options);
    expect(first.pids).toHaveLength(4);
    const poolsBefore = readFileSync(first.env.IDENTITY_POOLS_FILE!, 'utf8');
    const db = createLocalDatabase(first.env);
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: 'T#x#K', sk: '1', v: 'kept' } }));
    db.raw.destroy();
    await first.stop();
    await first.stop(); // idempotent
    for (const pid of first.pids) expect(alive(pid), `pid ${pid} still running`).toBe(false);

    const second = await startLocalStack(options);
    try {
      const db2 = createLocalDatabase(second.env);
      const out = await db2.doc.send(new GetCommand({ TableName: db2.table, Key: { pk: 'T#x#K', sk: '1' } }));
      expect(out.Item?.v).toBe('kept');
      db2.raw.destroy();
      // Provisioning is idempotent: the same pool and app client, found by name.
      expect(readFileSync(second.env.IDENTITY_POOLS_FILE!, 'utf8')).toBe(poolsBefore);
    } finally {
      await second.stop();
    }
    for (const pid of second.pids) expect(alive(pid)).toBe(false);
  }, 180_000); // two whole stack starts: a Java database and the identity service, on a loaded machine

  it('builds a CORS configuration s3rver accepts (one wildcard per origin)', () => {
    const xml = corsConfigurationXml(['http://*.localhost:3000', 'http://localhost:3000']);
    expect(xml).toContain('<AllowedOrigin>http://*.localhost:3000</AllowedOrigin>');
    expect(xml).toContain('<AllowedMethod>PUT</AllowedMethod>');
  });
});
