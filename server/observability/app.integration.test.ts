/**
 * Logs and metrics on a real app (createApp) with the local stack's services: request ids and
 * tenants on every line of a request, secrets kept out of the log, /metrics counting requests
 * and render-cache hits, served only on the platform's own address (docs/decisions/0049).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '#app/route-table.js';
import { loadRegistry } from '../config/registry.server';
import { createApp } from '../app';
import { loadEnv } from '../env.server';
import { createServices } from '#server/compose.server';
import type { Services } from '#server/services';
import { captureLogs, log, type LogRecord } from './log.server';
import { exposition, sampleValue } from './exposition.testing';

const { registry } = loadRegistry(process.cwd());
const TENANT = 'aurora';
const SECRETS = { cookie: 'sid=cookie-value-7f3a9', jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwZXJzb24ifQ.c2lnbmF0dXJlLXZhbHVl', email: 'someone.private@example.org', queryValue: 'query-value-51c2' };

/**
 * The smallest Remix build that renders a page: its document handler and its action log from
 * deep inside the request, as route code does.
 */
const build = {
  mode: 'test',
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers) => {
        log.warn('rendering a page', { url: request.url, headers: Object.fromEntries(request.headers), email: SECRETS.email });
        headers.set('Content-Type', 'text/html; charset=utf-8');
        return new Response(`<!doctype html><html><body><h1>${new URL(request.url).pathname}</h1></body></html>`, { status, headers });
      },
    },
  },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => null,
      },
    },
    // Every screen of the route table renders; any other path is an unknown page (404).
    page: {
      id: 'page',
      parentId: 'root',
      path: '*',
      module: {
        default: () => null,
        loader: ({ request }: { request: Request }) => {
          if (!ROUTES.some((r) => r.path === new URL(request.url).pathname)) throw new Response('Not found', { status: 404 });
          return null;
        },
        action: async ({ request }: { request: Request }) => {
          const form = await request.formData();
          log.warn(`form posted by ${SECRETS.email}`, { fields: [...form.keys()] });
          return new Response(null, { status: 204 });
        },
      },
    },
  },
  assets: { entry: { module: '/assets/entry.js', imports: [] }, routes: { root: { id: 'root', path: '', module: '/assets/root.js', hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false }, page: { id: 'page', parentId: 'root', path: '*', module: '/assets/page.js', hasAction: true, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false } }, url: '/assets/manifest.js', version: 'test' },
  publicPath: '/assets/',
  assetsBuildDirectory: 'build/client',
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

interface RunningApp {
  port: number;
  services: Services;
  server: Server;
}

async function startApp(settings: Record<string, string> = {}): Promise<RunningApp> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'test', ...(process.env.REDIS_TEST_URL ? { MEDIA_QUEUE_REDIS_URL: process.env.REDIS_TEST_URL } : {}), ...settings });
  const services = createServices(env, registry);
  const server = createApp({ env, registry, services, build }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, services, server };
}

async function stopApp(app: RunningApp | undefined) {
  if (!app) return;
  app.server.closeAllConnections();
  await new Promise((resolve) => app.server.close(resolve));
  await app.services.mediaQueue?.close();
  await app.services.chat.close();
  app.services.db.raw.destroy();
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request to the app on 127.0.0.1 with a Host header (fetch may not set one). */
function send(target: RunningApp, path: string, options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path, method: options.method ?? 'GET', headers: { Host: options.host ?? `${TENANT}.localhost`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const get = (target: RunningApp, path: string, headers: Record<string, string> = {}) => send(target, path, { headers });
const post = (target: RunningApp, path: string, body: string, headers: Record<string, string> = {}) =>
  send(target, path, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });

let app: RunningApp;
let lines: Array<{ line: string; record: LogRecord }> = [];
let restore: () => void;

beforeAll(async () => {
  restore = captureLogs((line, record) => lines.push({ line, record }), 'debug');
  app = await startApp();
});
afterAll(async () => {
  restore?.();
  await stopApp(app);
});

describe('structured logs of a request', () => {
  it('gives every line of a request its id and tenant, from the access line to route code', async () => {
    lines = [];
    const res = await get(app, '/aboutUs', { 'X-Request-Id': 'edge-7d1c0a' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-7d1c0a');
    const mine = lines.filter((l) => l.record.requestId === 'edge-7d1c0a');
    expect(mine.map((l) => l.record.msg)).toEqual(['rendering a page', 'request']);
    for (const { line, record } of mine) {
      expect(JSON.parse(line)).toEqual(record);
      expect(record).toMatchObject({ tenant: TENANT, level: expect.any(String), time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    }
    expect(mine[1].record).toMatchObject({ method: 'GET', route: '/aboutUs', path: '/aboutUs', status: 200, bytes: expect.any(Number), ms: expect.any(Number) });
    expect(lines.filter((l) => l.record.requestId !== 'edge-7d1c0a')).toEqual([]);
  });

  it('logs a page answered from the render cache with the same fields, and sends it with every security header', async () => {
    expect((await get(app, '/features')).headers['x-render-cache']).toBe('MISS');
    lines = [];
    const res = await get(app, '/features', { 'X-Request-Id': 'cached-9', 'Accept-Encoding': 'identity' });
    expect(res.headers['x-render-cache']).toBe('HIT');
    expect(res.text).toContain('<h1>/features</h1>');
    expect(res.headers['x-request-id']).toBe('cached-9');
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy']) expect(res.headers[header], header).toBeTruthy();
    // No render ran: the access line is the request's only line.
    expect(lines.map((l) => l.record.msg)).toEqual(['request']);
    expect(lines[0]!.record).toMatchObject({ requestId: 'cached-9', tenant: TENANT, method: 'GET', route: '/features', path: '/features', status: 200, bytes: expect.any(Number), ms: expect.any(Number) });
    expect(lines[0]!.record.bytes).toBeGreaterThan(Buffer.byteLength(res.text));
  });

  it('keeps the request context through the body reader (a form post)', async () => {
    lines = [];
    const res = await post(app, '/contactUs', 'name=x&message=hello', { 'X-Request-Id': 'post-42' });
    expect(res.status).toBe(204);
    const posted = lines.find((l) => l.record.msg.startsWith('form posted by'));
    expect(posted?.record).toMatchObject({ requestId: 'post-42', tenant: TENANT, fields: ['name', 'message'] });
  });

  it('replaces an incoming X-Request-Id that is not a short safe token', async () => {
    for (const unsafe of ['<script>alert(1)</script>', 'a b', 'x'.repeat(65), '"quoted"', '../etc']) {
      lines = [];
      const res = await get(app, '/aboutUs', { 'X-Request-Id': unsafe });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.length).toBeGreaterThan(0);
      for (const { line, record } of lines) {
        expect(record.requestId).toBe(id);
        expect(line).not.toContain(unsafe);
      }
    }
  });

  it('never writes cookies, tokens, email addresses or query strings', async () => {
    lines = [];
    await get(app, `/aboutUs?email=${encodeURIComponent(SECRETS.email)}&code=${SECRETS.queryValue}`, { Cookie: SECRETS.cookie, Authorization: `Bearer ${SECRETS.jwt}`, 'X-Request-Id': 'secrets-1' });
    await post(app, `/contactUs?token=${SECRETS.queryValue}`, `email=${encodeURIComponent(SECRETS.email)}`, { Cookie: SECRETS.cookie });
    const all = lines.map((l) => l.line).join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const secret of [...Object.values(SECRETS), 'cookie-value-7f3a9', encodeURIComponent(SECRETS.email)]) expect(all).not.toContain(secret);
    expect(all).toContain('[email]');
  });
});

describe('/metrics', () => {
  const scrape = async (target = app, headers: Record<string, string> = {}) => {
    const res = await send(target, '/metrics', { host: `127.0.0.1:${target.port}`, headers });
    return { status: res.status, type: res.headers['content-type'], text: res.text };
  };

  it('answers valid exposition text on the platform address, counting requests per route, status and tenant', async () => {
    const labels = { method: 'GET', route: '/company', status: '2xx', tenant: TENANT };
    const before = await scrape();
    expect(before.status).toBe(200);
    expect(before.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(exposition(before.text)).toEqual([]);
    await get(app, '/company', { Cookie: 'lng=en' });
    const after = await scrape();
    expect(exposition(after.text)).toEqual([]);
    expect(sampleValue(after.text, 'http_requests_total', labels)).toBe((sampleValue(before.text, 'http_requests_total', labels) ?? 0) + 1);
    expect(sampleValue(after.text, 'http_request_duration_seconds_count', labels)).toBe((sampleValue(before.text, 'http_request_duration_seconds_count', labels) ?? 0) + 1);
    // The services the health check probes, and the process itself.
    expect(sampleValue(after.text, 'dependency_up', { dependency: 'dynamodb' })).toBe(1);
    expect(sampleValue(after.text, 'dependency_up', { dependency: 's3' })).toBe(1);
    expect(after.text).toMatch(/^process_cpu_seconds_total \d/m);
    if (process.env.REDIS_TEST_URL) expect(sampleValue(after.text, 'media_queue_jobs', { state: 'waiting' })).toEqual(expect.any(Number));
  });

  it('counts a render-cache hit', async () => {
    const labels = { tenant: TENANT, result: 'hit' };
    const before = sampleValue((await scrape()).text, 'render_cache_requests_total', labels) ?? 0;
    expect((await get(app, '/pricing')).headers['x-render-cache']).toBe('MISS');
    expect((await get(app, '/pricing')).headers['x-render-cache']).toBe('HIT');
    expect(sampleValue((await scrape()).text, 'render_cache_requests_total', labels)).toBe(before + 1);
  });

  it('is an unknown page on a tenant host', async () => {
    const res = await get(app, '/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_requests_total');
  });

  it('refuses a request relayed by a proxy when no token is set', async () => {
    const res = await scrape(app, { 'X-Forwarded-For': '203.0.113.9' });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('http_requests_total');
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await startApp({ METRICS_TOKEN: token });
    try {
      expect((await scrape(guarded)).status).toBe(401);
      expect((await scrape(guarded, { Authorization: 'Bearer wrong-token-0123456789abcdef' })).status).toBe(401);
      const ok = await scrape(guarded, { Authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      expect(exposition(ok.text)).toEqual([]);
    } finally {
      await stopApp(guarded);
    }
  });
});
