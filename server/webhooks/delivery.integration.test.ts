/**
 * Deliveries end to end (docs/decisions/0088): DynamoDB Local, the real BullMQ queue on Redis, the
 * worker, and a receiver on 127.0.0.1 that records what arrives and answers as each test tells it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue, type Worker } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import { createDatabase } from '#server/platform/dynamo/dynamo.server';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { runWebhookIntent } from './admin.server';
import { emitWebhook } from './emit.server';
import { BullWebhookQueue, setWebhookQueue, WEBHOOK_QUEUE_NAME } from './queue.server';
import { createWebhookWorker } from './worker.server';
import type { WebhookSettings } from './settings.server';

function redisUrl(): string {
  const url = process.env.REDIS_TEST_URL;
  // A database of its own (the media tests use 1 to 3).
  if (url) return `${url}/6`;
  throw new Error(`No Redis for the webhook tests: ${process.env.REDIS_TEST_PROBLEM ?? 'REDIS_TEST_URL is not set'}`);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** The receiver: every request recorded; `answers[path]` says what each successive request gets (the last repeats). */
const received: Received[] = [];
const answers: Record<string, number[]> = {};
let receiver: Server;
let base = '';

const db = testDatabase();
/** Each test its own tenant, so one test's endpoints never receive another's messages. */
let data = tenantData({ db }, uniqueTenantId('wh'));
const tenantOf = (id: string) => ({ id, displayName: 'Hooks', domains: [], languages: { supported: ['en'] } }) as unknown as Tenant;
const settings: WebhookSettings = { redisUrl: redisUrl(), retryDelaysMs: [300, 600], allowLocal: true, disableAfter: 1 };
const queue = new BullWebhookQueue(redisUrl(), settings.retryDelaysMs);
let worker: Worker;
const admin = { sub: 'admin-1' };
const resolve = { resolve: async () => ['127.0.0.1'], allowLocal: true };

const arrivals = (path: string) => received.filter((r) => r.path === path);
async function until<T>(what: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; deliveries: ${JSON.stringify(await data.webhooks.listDeliveries())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function endpoint(path: string, events: Array<'registration.created' | 'order.paid'> = ['registration.created']) {
  const made = await runWebhookIntent(data, admin, { intent: 'create', url: `${base}${path}`, description: path, events }, resolve);
  if (!made.ok || !made.endpoint || !made.secret) throw new Error(`not made: ${JSON.stringify(made)}`);
  return { endpointId: made.endpoint.endpointId, secret: made.secret };
}

const healthyWorker = () => createWebhookWorker({ db, settings, resolveTenant: (id) => (id.startsWith('wh-') ? tenantOf(id) : null) }, redisUrl());

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = arrivals(path).length;
      received.push({ path, headers: req.headers, body, at: Date.now() });
      const list = answers[path] ?? [200];
      res.statusCode = list[Math.min(n, list.length - 1)]!;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  setWebhookQueue(queue);
  worker = healthyWorker();
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker.close();
  setWebhookQueue(undefined);
  const inspect = new Queue(WEBHOOK_QUEUE_NAME, { connection: { url: redisUrl() } });
  await inspect.obliterate({ force: true });
  await Promise.all([inspect.close(), queue.close()]);
  await new Promise((r) => receiver.close(r));
});

describe('webhook deliveries', () => {
  beforeEach(() => {
    data = tenantData({ db }, uniqueTenantId('wh'));
  });

  it('delivers a signed registration.created that the standardwebhooks library verifies', async () => {
    const { secret } = await endpoint('/ok');
    const ids = await emitWebhook(data, 'registration.created', { eventId: 'e1', attendee: { userId: 'u1' } });
    expect(ids).toHaveLength(1);
    const got = await until(() => arrivals('/ok')[0]);
    const payload = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: unknown };
    expect(payload.type).toBe('registration.created');
    expect(payload.data).toEqual({ eventId: 'e1', attendee: { userId: 'u1' } });
    expect(got.headers['webhook-id']).toBe(ids[0]);
    const delivery = await until(async () => {
      const d = await data.webhooks.getDelivery(ids[0]!);
      return d?.status === 'delivered' ? d : null;
    });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]!.status).toBe(200);
  });

  it('sends only what the endpoint chose, and nothing to a disabled endpoint', async () => {
    const { endpointId } = await endpoint('/orders-only', ['order.paid']);
    await emitWebhook(data, 'registration.created', { eventId: 'e2' });
    await runWebhookIntent(data, admin, { intent: 'disable', endpointId }, resolve);
    expect(await emitWebhook(data, 'order.paid', { orderId: 'o1' })).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(arrivals('/orders-only')).toHaveLength(0);
  });

  it('retries a 500 after the schedule’s delay, with the same id and body, and records the attempts in order', async () => {
    answers['/flaky'] = [500, 200];
    const { secret } = await endpoint('/flaky');
    const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e3' });
    const delivery = await until(async () => {
      const d = await data.webhooks.getDelivery(id!);
      return d?.status === 'delivered' ? d : null;
    });
    const [first, second] = arrivals('/flaky');
    expect(first!.headers['webhook-id']).toBe(id);
    expect(second!.headers['webhook-id']).toBe(id);
    expect(second!.body).toBe(first!.body);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(250);
    new Webhook(secret).verify(second!.body, second!.headers as Record<string, string>);
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(delivery.attempts[0]!.at <= delivery.attempts[1]!.at).toBe(true);
    expect(delivery.attempts[0]!.error).toBe('HTTP 500');
  });

  it('an instance that cannot read the store puts the job back without spending an attempt', async () => {
    answers['/after-outage'] = [200];
    await endpoint('/after-outage');
    // Another instance whose store is down (an outage test's instance on the same Redis, or a real outage).
    const down = createDatabase({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', DYNAMODB_TABLE: 'nowhere' });
    let bounced = 0;
    const sick = createWebhookWorker({ db: down, settings, storeRetryMs: 50, resolveTenant: (id) => (id.startsWith('wh-') ? tenantOf(id) : null), log: (line) => line.includes('put back') && bounced++ }, redisUrl());
    await worker.close();
    try {
      await sick.waitUntilReady();
      const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e-outage' });
      // More bounces than the schedule has attempts (3): none of them may count.
      await until(() => bounced >= 4);
      await sick.close();
      worker = healthyWorker();
      const delivery = await until(async () => {
        const d = await data.webhooks.getDelivery(id!);
        return d?.status === 'delivered' ? d : null;
      });
      expect(delivery.attempts.map((a) => a.status)).toEqual([200]);
      expect(arrivals('/after-outage')).toHaveLength(1);
    } finally {
      if (!sick.closing) await sick.close();
      if (worker.closing) worker = healthyWorker();
    }
  });

  it('resends a delivery with the same webhook-id', async () => {
    const { endpointId } = await endpoint('/resend');
    const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e4' });
    await until(() => arrivals('/resend').length === 1);
    await until(async () => (await data.webhooks.getDelivery(id!))?.status === 'delivered');
    const again = await runWebhookIntent(data, admin, { intent: 'resend', endpointId, messageId: id! }, resolve);
    expect(again).toEqual({ ok: true, messageId: id });
    await until(() => arrivals('/resend').length === 2);
    const [first, second] = arrivals('/resend');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const d = await until(async () => {
      const found = await data.webhooks.getDelivery(id!);
      return found && found.attempts.length === 2 ? found : null;
    });
    expect(d.status).toBe('delivered');
  });

  it('disables an endpoint whose message fails its whole schedule, and says why', async () => {
    answers['/down'] = [503];
    const { endpointId } = await endpoint('/down');
    const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e5' });
    const failed = await until(async () => {
      const d = await data.webhooks.getDelivery(id!);
      return d?.status === 'failed' ? d : null;
    });
    expect(failed.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(arrivals('/down')).toHaveLength(3);
    const stored = await until(async () => {
      const e = await data.webhooks.getEndpoint(endpointId);
      return e && !e.enabled ? e : null;
    });
    expect(stored.disabledReason).toBe('failing');
    expect(stored.failureStreak).toBe(1);
    // Re-enabled, it receives again and its count starts over.
    answers['/down'] = [200];
    await runWebhookIntent(data, admin, { intent: 'enable', endpointId }, resolve);
    expect((await data.webhooks.getEndpoint(endpointId))?.failureStreak).toBe(0);
  });

  it('refuses at send time an endpoint whose name now points inside (DNS rebinding)', async () => {
    const { endpointId } = await endpoint('/rebind');
    // As if the name had passed the form's check and later resolved to a private address.
    await data.webhooks.patchEndpoint(endpointId, { url: 'http://10.255.255.1:9/rebind' });
    const [id] = await emitWebhook(data, 'registration.created', { eventId: 'e6' });
    const failed = await until(async () => {
      const d = await data.webhooks.getDelivery(id!);
      return d?.status === 'failed' ? d : null;
    });
    expect(failed.attempts.every((a) => a.error === 'address not allowed' && a.status === undefined)).toBe(true);
  });

  it('answers field errors for URLs that may not be used, and keeps tenants apart', async () => {
    expect(await runWebhookIntent(data, admin, { intent: 'create', url: 'http://10.0.0.1/x', description: '', events: ['order.paid'] }, resolve)).toEqual({ ok: false, status: 400, fields: { url: 'inside' } });
    const other = tenantData({ db }, uniqueTenantId('wh'));
    const { endpointId } = await endpoint('/mine');
    expect(await runWebhookIntent(other, admin, { intent: 'reveal', endpointId }, resolve)).toEqual({ ok: false, status: 404, error: 'notFound' });
    expect(await other.webhooks.listEndpoints()).toEqual([]);
  });
});
