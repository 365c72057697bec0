/**
 * The webhooks' settings, read once from the process environment (the same variables
 * server/env.server.ts validates at start): the Redis of the queue, the retry schedule and whether
 * local destinations are allowed. Read here rather than passed along because the features that
 * emit (requests, the media worker) reach emitWebhook from many places that hold no Env.
 */
import { z } from 'zod';
import { RETRY_SCHEDULE_PATTERN, retryDelaysMs } from './schedule.server';

export interface WebhookSettings {
  redisUrl: string | undefined;
  retryDelaysMs: number[];
  /** The local stack (WEBHOOK_ALLOW_LOCAL): http and loopback destinations are accepted. */
  allowLocal: boolean;
  /** Messages in a row that failed after their whole schedule before the endpoint is switched off. */
  disableAfter: number;
}

const schema = z.object({
  MEDIA_QUEUE_REDIS_URL: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  WEBHOOK_RETRY_SCHEDULE: z.string().regex(RETRY_SCHEDULE_PATTERN).optional(),
  WEBHOOK_ALLOW_LOCAL: z.enum(['true', 'false', '1', '0']).optional(),
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(100).default(1),
});

export function webhookSettings(source: Record<string, string | undefined>): WebhookSettings {
  const env = schema.parse(source);
  return {
    redisUrl: env.MEDIA_QUEUE_REDIS_URL ?? env.REDIS_URL,
    retryDelaysMs: retryDelaysMs(env.WEBHOOK_RETRY_SCHEDULE),
    allowLocal: env.WEBHOOK_ALLOW_LOCAL === 'true' || env.WEBHOOK_ALLOW_LOCAL === '1',
    disableAfter: env.WEBHOOK_DISABLE_AFTER,
  };
}

let cached: WebhookSettings | undefined;
export const currentWebhookSettings = () => (cached ??= webhookSettings(process.env));
