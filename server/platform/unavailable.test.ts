/**
 * Outages of DynamoDB, storage and identity, end to end through server/app.ts on a stack of the
 * test's own (tests/support/outageStack.ts): the service is killed (connection refused), the app
 * answers 503 naming it in the visitor's language, /api/health names it, and once the service is
 * started again on the same port with the same data the app recovers without a restart.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { ServerBuild } from '@remix-run/node';
import { testTenantId } from '#tests/support/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutageStack, type OutageStack } from '#tests/support/outageStack';
import { loadRegistry } from '#server/config/registry.server';
import { createApp } from '#server/app';
import type { AppContext } from '#server/context';
import { tenantKey } from './dynamo/dynamo.server';
import { loadEnv } from '#server/env.server';
import { createServices } from '#server/compose.server';
import type { Services } from '#server/services';
import { putObject, tenantObjectKey } from './storage.server';
import { testServerBuild } from '#tests/support/serverBuild';

type Args = { request: Request; context: AppContext };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Routes that read and write through the app's own services, as the real screens do. */
function probeBuild(): ServerBuild {
  return testServerBuild({
    'api-probe': {
      path: 'api/probe',
      module: {
        loader: async ({ context }: Args) => {
          const { db } = context.services;
          const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: tenantKey(context.tenant.id, 'PROBE'), sk: 'ITEM' } }));
          return json({ value: out.Item?.value ?? null });
        },
      },
    },
    'forms-probe': {
      path: 'forms/probe',
      module: {
        action: async ({ request, context }: Args) => {
          const form = await request.formData();
          const { db } = context.services;
          await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: tenantKey(context.tenant.id, 'PROBE'), sk: 'ITEM', value: String(form.get('message')) } }));
          return json({ saved: true });
        },
      },
    },
    'api-file': {
      path: 'api/probe-file',
      module: {
        loader: async ({ context }: Args) => {
          const { storage } = context.services;
          const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: tenantObjectKey(context.tenant.id, 'probe.txt') }));
          return json({ bytes: head.ContentLength });
        },
      },
    },
  });
}

let outage: OutageStack;
let services: Services;
let server: Server;
let base: string;
let pool: { appClientId: string };
let demo: { username: string; password: string };

beforeAll(async () => {
  outage = await startOutageStack(['aurora', 'solana']);
  const env = loadEnv({ ...process.env, ...outage.stack.env, NODE_ENV: 'test', PLATFORM_ROOT_DOMAIN: 'localhost', RENDER_CACHE_SECONDS: '0', FORM_RATE_LIMIT_PER_HOUR: '1000' });
  const { registry } = loadRegistry(process.cwd());
  services = createServices(env, registry);
  server = createServer(createApp({ env, registry, services, build: probeBuild() }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  pool = JSON.parse(readFileSync(outage.stack.env.IDENTITY_POOLS_FILE!, 'utf8')).aurora;
  const accounts = JSON.parse(readFileSync(outage.stack.env.IDENTITY_DEMO_ACCOUNTS_FILE!, 'utf8')) as Array<{ tenant: string; username: string; password: string }>;
  demo = accounts.find((a) => a.tenant === 'aurora')!;
  await putObject(services.storage, { tenantId: testTenantId('aurora'), key: 'probe.txt', body: 'hello', contentType: 'text/plain' });
}, 120_000);

afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  services?.db.raw.destroy();
  services?.storage.client.destroy();
  await outage?.stop();
}, 60_000);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An HTTP request with a Host header of our choosing (fetch does not let one be set). */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: async () => JSON.parse(text) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 30 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

const get = (path: string, tenant = 'aurora', headers: Record<string, string> = {}) => send(`${base}${path}`, { headers: { Host: `${tenant}.localhost`, ...headers } });
const postForm = (path: string, fields: Record<string, string>, tenant = 'aurora') =>
  send(`${base}${path}`, { method: 'POST', headers: { Host: `${tenant}.localhost`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const signIn = () =>
  send(`${base}/api/identity`, {
    method: 'POST',
    headers: { Host: 'aurora.localhost', 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: demo.username, PASSWORD: demo.password } }),
  });
const health = async () => (await get('/api/health')).json() as Promise<{ status: string; message: string; dependencies: Array<{ name: string; up: boolean }> }>;
const downNames = async () => (await health()).dependencies.filter((d) => !d.up).map((d) => d.name);

/** Seconds until `ok` holds, polling; fails past 30 s (the recovery target). */
async function recoveryTime(ok: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await ok().catch(() => false))) {
    if (Date.now() - started > 30_000) throw new Error('no recovery within 30 s of the service’s return');
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - started) / 1000;
}

describe('a DynamoDB outage', () => {
  it('answers 503 naming the event data, in the visitor’s language, keeps the form, and recovers once DynamoDB is back', async () => {
    expect((await postForm('/forms/probe', { message: 'before' })).status).toBe(200);
    expect(await (await get('/api/probe')).json()).toEqual({ value: 'before' });
    expect((await health()).status).toBe('ok');

    await outage.stopService('dynamodb');

    const refused = await get('/api/probe');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: 'serviceUnavailable', service: 'database', message: 'Our event data is unavailable right now. Nothing you did was lost. Please try again in a moment.' });

    const spanish = await get('/api/probe', 'solana', { 'Accept-Language': 'es-MX' });
    expect(spanish.status).toBe(503);
    expect((await spanish.json()).message).toBe('Los datos de nuestros eventos no están disponibles en este momento. No se perdió nada de lo que hiciste. Vuelve a intentarlo en un momento.');

    // A refused form post comes back with what was typed, so the screen can offer it again.
    const form = await postForm('/forms/probe', { message: 'typed during the outage', password: 'never echoed' });
    expect(form.status).toBe(503);
    expect(await form.json()).toMatchObject({ error: 'serviceUnavailable', service: 'database', values: { message: 'typed during the outage' } });

    const down = await health();
    expect(down.status).toBe('down');
    expect(down.message).toContain('dynamodb');
    expect(await downNames()).toEqual(['dynamodb']);

    await outage.startService('dynamodb');
    const seconds = await recoveryTime(async () => (await get('/api/probe')).status === 200);
    expect(seconds).toBeLessThan(30);
    // The write acknowledged before the outage is still there; the refused one was not half-made.
    expect(await (await get('/api/probe')).json()).toEqual({ value: 'before' });
    expect((await health()).status).toBe('ok');
  }, 120_000);
});

describe('a storage outage', () => {
  it('answers 503 naming files and media, health names s3, and recovers once storage is back', async () => {
    expect(await (await get('/api/probe-file')).json()).toEqual({ bytes: 5 });
    await outage.stopService('s3');
    const refused = await get('/api/probe-file');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: 'serviceUnavailable', service: 'storage', message: expect.stringMatching(/^Files and media are unavailable right now\./) });
    expect(await downNames()).toEqual(['s3']);
    await outage.startService('s3');
    await recoveryTime(async () => (await get('/api/probe-file')).status === 200);
    expect(await (await get('/api/probe-file')).json()).toEqual({ bytes: 5 });
    expect((await health()).status).toBe('ok');
  }, 120_000);
});

describe('an identity outage', () => {
  it('answers sign-in with a 503 ServiceUnavailableException, health names cognito, and sign-in works again once it is back', async () => {
    expect((await signIn()).status).toBe(200);
    await outage.stopService('cognito');
    const refused = await signIn();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await refused.json()).__type).toBe('ServiceUnavailableException');
    expect(await downNames()).toEqual(['cognito']);
    await outage.startService('cognito');
    await recoveryTime(async () => (await signIn()).status === 200);
    expect((await health()).status).toBe('ok');
  }, 120_000);
});

describe('a DynamoDB that accepts connections and never answers', () => {
  let silent: TcpServer;
  const sockets: Socket[] = [];
  afterAll(() => {
    sockets.forEach((s) => s.destroy());
    silent?.close();
  });

  it('fails the request within seconds with a 503 instead of holding it open', async () => {
    silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const env = loadEnv({ ...process.env, ...outage.stack.env, DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`, NODE_ENV: 'test', PLATFORM_ROOT_DOMAIN: 'localhost', RENDER_CACHE_SECONDS: '0' });
    const { registry } = loadRegistry(process.cwd());
    const hung = createServices(env, registry);
    const app = createServer(createApp({ env, registry, services: hung, build: probeBuild() }));
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    try {
      const started = Date.now();
      const res = await send(`http://127.0.0.1:${(app.address() as { port: number }).port}/api/probe`, { headers: { Host: 'aurora.localhost' } });
      expect(res.status).toBe(503);
      expect((await res.json()).service).toBe('database');
      expect(Date.now() - started).toBeLessThan(13_000);
    } finally {
      await new Promise((r) => app.close(r));
      hung.db.raw.destroy();
    }
  }, 60_000);
});
