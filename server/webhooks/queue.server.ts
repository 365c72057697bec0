/**
 * The webhook delivery queue (docs/decisions/0088): durable BullMQ jobs on the Redis the media
 * queue uses (MEDIA_QUEUE_REDIS_URL, else REDIS_URL). One job per delivery; a scheduled one is
 * tried at most once per entry of the retry schedule (custom backoff, worker.server.ts), a resend
 * or a test once. The job carries only the tenant and the message id; the worker reads the rest.
 */
import { Queue } from 'bullmq';
import { z } from 'zod';
import { messageIdSchema } from '#app/lib/webhooks/model';
import { attemptsFor } from './schedule.server';
import { currentWebhookSettings } from './settings.server';

export const WEBHOOK_QUEUE_NAME = 'webhooks';
/** The backoff type whose delays the worker's strategy takes from the schedule. */
export const WEBHOOK_BACKOFF = 'webhook-schedule';

export const webhookJobSchema = z
  .object({
    tenantId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    messageId: messageIdSchema,
    /** scheduled: the whole retry schedule; once: a resend or a test, one attempt. */
    mode: z.enum(['scheduled', 'once']),
  })
  .strict();
export type WebhookJob = z.infer<typeof webhookJobSchema>;

export interface WebhookQueue {
  enqueue(job: WebhookJob): Promise<void>;
  close(): Promise<void>;
}

const ENQUEUE_TIMEOUT_MS = 5_000;

export class BullWebhookQueue implements WebhookQueue {
  private queue: Queue;
  constructor(
    url: string,
    private retryDelaysMs: number[],
  ) {
    this.queue = new Queue(WEBHOOK_QUEUE_NAME, { connection: { url, enableOfflineQueue: false, maxRetriesPerRequest: 2 } });
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: WebhookJob): Promise<void> {
    const data = webhookJobSchema.parse(job);
    // BullMQ refuses ':' in ids; a resend gets an id of its own (the message's earlier job may still be kept).
    const jobId = `${data.tenantId}/${data.messageId}/${data.mode === 'scheduled' ? 'first' : Date.now().toString(36)}`;
    const options =
      data.mode === 'scheduled'
        ? { jobId, attempts: attemptsFor(this.retryDelaysMs), backoff: { type: WEBHOOK_BACKOFF } }
        : { jobId, attempts: 1 };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the webhook queue did not answer')), ENQUEUE_TIMEOUT_MS)));
    try {
      await Promise.race([this.queue.add(data.mode, data, { ...options, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } }), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

let shared: WebhookQueue | null | undefined;

/** The process's webhook queue (null without a Redis for it: nothing can be sent). Made on first use. */
export function webhookQueue(): WebhookQueue | null {
  if (shared !== undefined) return shared;
  const settings = currentWebhookSettings();
  shared = settings.redisUrl ? new BullWebhookQueue(settings.redisUrl, settings.retryDelaysMs) : null;
  return shared;
}

/** Tests: use this queue instead (null: none). */
export function setWebhookQueue(queue: WebhookQueue | null | undefined) {
  shared = queue;
}
