/**
 * The webhook worker (docs/decisions/0088): a BullMQ Worker on the webhooks queue, run inside each
 * app instance (started with the sweepers, server/compose.server.ts). Each job is one attempt of
 * one delivery: it reads the delivery and its endpoint, sends, records the attempt (time, status
 * code, duration, error) and, while the schedule lasts, throws so that BullMQ tries again after the
 * schedule's next delay. A message that fails its whole schedule counts against its endpoint; at
 * WEBHOOK_DISABLE_AFTER such messages in a row (default 1) the endpoint is switched off and the
 * admin who made it is mailed. A success resets the count.
 */
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Tenant } from '#app/lib/config/tenant';
import { sendMail } from '#server/platform/mail.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { getFixedT } from '#server/i18n.server';
import { webhooksSection, type EndpointRecord } from './data/webhooks.server';
import { WEBHOOK_BACKOFF, WEBHOOK_QUEUE_NAME, webhookJobSchema, type WebhookJob } from './queue.server';
import { backoffMs } from './schedule.server';
import { sendOnce, succeeded } from './send.server';
import type { WebhookSettings } from './settings.server';

export interface WebhookWorkerOptions {
  db: Database;
  resolveTenant(tenantId: string): Tenant | null;
  settings: WebhookSettings;
  concurrency?: number;
  /** How long a job waits after this instance could not read the store (default 3 s). */
  storeRetryMs?: number;
  log?(line: string): void;
}

/** The store could not be read before sending: not an attempt of the delivery (another instance, or this one later, takes it). */
export class WebhookStoreUnavailable extends Error {}

const STORE_RETRY_MS = 3000;

async function readOrDefer<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    throw new WebhookStoreUnavailable(e instanceof Error ? e.message : String(e));
  }
}

/** One attempt of a job; throws to ask BullMQ for the next one. Exported for tests. */
export async function runWebhookJob(options: Omit<WebhookWorkerOptions, 'concurrency'>, job: WebhookJob, attempt: { made: number; of: number }): Promise<void> {
  const tenant = options.resolveTenant(job.tenantId);
  if (!tenant) throw new UnrecoverableError(`unknown tenant "${job.tenantId}"`);
  const data = webhooksSection(options.db, tenant.id);
  const delivery = await readOrDefer(data.getDelivery(job.messageId));
  if (!delivery) return;
  const endpoint = await readOrDefer(data.getEndpoint(delivery.endpointId));
  const at = new Date().toISOString();
  if (!endpoint) {
    await data.recordAttempt(job.messageId, { at, durationMs: 0, error: 'the endpoint was deleted' }, 'failed');
    return;
  }
  if (!endpoint.enabled && job.mode === 'scheduled') {
    await data.recordAttempt(job.messageId, { at, durationMs: 0, error: 'the endpoint is disabled' }, 'failed');
    return;
  }
  const result = await sendOnce({ url: endpoint.url, secret: endpoint.secret, messageId: delivery.messageId, body: delivery.body, allowLocal: options.settings.allowLocal });
  if (succeeded(result)) {
    await data.recordAttempt(job.messageId, result, 'delivered');
    if (endpoint.failureStreak > 0) await data.patchEndpoint(endpoint.endpointId, { failureStreak: 0 });
    return;
  }
  const last = job.mode === 'once' || attempt.made + 1 >= attempt.of;
  await data.recordAttempt(job.messageId, result, last ? 'failed' : 'retrying');
  if (!last) throw new Error(result.error ?? 'delivery failed');
  if (job.mode === 'scheduled' && delivery.type !== 'webhook.test') await countFailure(options, tenant, endpoint);
}

async function countFailure(options: Omit<WebhookWorkerOptions, 'concurrency'>, tenant: Tenant, endpoint: EndpointRecord) {
  const data = webhooksSection(options.db, tenant.id);
  const streak = await data.addFailure(endpoint.endpointId);
  if (streak === null || streak < options.settings.disableAfter) return;
  const disabled = await data.patchEndpoint(endpoint.endpointId, { enabled: false, disabledReason: 'failing', disabledAt: new Date().toISOString() });
  if (!disabled || !endpoint.enabled) return;
  options.log?.(`webhooks: endpoint ${endpoint.endpointId} of ${tenant.id} disabled after ${streak} failed message(s)`);
  if (endpoint.notifyEmail) await mailDisabled(tenant, endpoint).catch(() => undefined);
}

async function mailDisabled(tenant: Tenant, endpoint: EndpointRecord) {
  const t = await getFixedT(tenant.languages.default ?? tenant.languages.supported[0] ?? 'en');
  await sendMail(tenant, {
    to: endpoint.notifyEmail!,
    subject: t('webhooks.mail.disabledSubject', { site: tenant.displayName }),
    text: t('webhooks.mail.disabledBody', { url: endpoint.url, site: tenant.displayName }),
    purpose: 'webhook-disabled',
  });
}

export function createWebhookWorker(options: WebhookWorkerOptions, redisUrl: string): Worker {
  const worker = new Worker(
    WEBHOOK_QUEUE_NAME,
    async (job: Job, token?: string) => {
      const parsed = webhookJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError('not a webhook job');
      try {
        await runWebhookJob(options, parsed.data, { made: job.attemptsMade, of: job.opts.attempts ?? 1 });
      } catch (e) {
        // An instance that cannot reach the store puts the job back unspent (a delayed job keeps its attempts).
        if (!(e instanceof WebhookStoreUnavailable) || !token) throw e;
        options.log?.(`webhooks: ${job.id} put back, the store could not be read: ${e.message}`);
        await job.moveToDelayed(Date.now() + (options.storeRetryMs ?? STORE_RETRY_MS), token);
        throw new DelayedError();
      }
    },
    {
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      concurrency: options.concurrency ?? 8,
      settings: { backoffStrategy: (attemptsMade: number, type?: string) => (type === WEBHOOK_BACKOFF ? backoffMs(options.settings.retryDelaysMs, attemptsMade) : 1000) },
    },
  );
  worker.on('error', (e) => options.log?.(`webhooks worker: ${e.message}`));
  return worker;
}

/** Starts the worker when a Redis is configured; `stop` closes it (finishing the running attempts). */
export function startWebhookWorker(options: WebhookWorkerOptions): { stop(): Promise<void> } {
  const url = options.settings.redisUrl;
  if (!url) return { stop: async () => undefined };
  const worker = createWebhookWorker(options, url);
  return { stop: () => worker.close() };
}

