/**
 * emitWebhook (docs/decisions/0088): what a feature calls at the one point where something
 * happened. Each of the tenant's enabled endpoints that chose the type gets a delivery of its own
 * (its own msg_ id, stored with the exact body first), then a job on the durable queue. It never
 * throws into the caller: a registration must not fail because a webhook could not be queued (the
 * delivery is then logged as failed, with the reason).
 */
import type { TenantData } from '#server/data/tenantData.server';
import type { WebhookEventType } from '#app/lib/webhooks/model';
import type { EndpointRecord } from './data/webhooks.server';
import { log } from '#server/observability/log.server';
import { newMessageId } from './ids.server';
import { webhookQueue } from './queue.server';

/** What one delivery's body is: the Standard Webhooks shape. */
export interface WebhookPayload {
  type: WebhookEventType | 'webhook.test';
  timestamp: string;
  data: Record<string, unknown>;
}

export const payloadBody = (type: WebhookPayload['type'], data: Record<string, unknown>, now = new Date()): string => JSON.stringify({ type, timestamp: now.toISOString(), data } satisfies WebhookPayload);

/** Stores one delivery to one endpoint and queues it; the delivery's id. */
export async function queueDelivery(webhooks: TenantData['webhooks'], tenantId: string, endpointId: string, type: WebhookPayload['type'], body: string, mode: 'scheduled' | 'once'): Promise<string> {
  const messageId = newMessageId();
  await webhooks.putDelivery({ messageId, endpointId, type, body, status: 'pending', createdAt: new Date().toISOString(), attempts: [] });
  const queue = webhookQueue();
  try {
    if (!queue) throw new Error('no webhook queue is configured');
    await queue.enqueue({ tenantId, messageId, mode });
  } catch (e) {
    await webhooks.recordAttempt(messageId, { at: new Date().toISOString(), durationMs: 0, error: `not queued: ${(e as Error).message}`.slice(0, 200) }, 'failed');
  }
  return messageId;
}

/** Sends one event type with its data to every enabled endpoint of the tenant that chose it; the message ids queued. */
export type EmitWebhook = (type: WebhookEventType, payload: Record<string, unknown>) => Promise<string[]>;

async function emitTo(data: TenantData, endpointsOf: () => Promise<EndpointRecord[]>, type: WebhookEventType, payload: Record<string, unknown>): Promise<string[]> {
  try {
    const endpoints = (await endpointsOf()).filter((e) => e.enabled && e.events.includes(type));
    if (endpoints.length === 0) return [];
    const body = payloadBody(type, payload);
    return await Promise.all(endpoints.map((e) => queueDelivery(data.webhooks, data.tenantId, e.endpointId, type, body, 'scheduled')));
  } catch (e) {
    log.warn(`webhooks: ${type} of ${data.tenantId} not emitted`, { error: (e as Error).message });
    return [];
  }
}

/** Sends `type` with `data` to every enabled endpoint of the tenant that chose it. Resolves to the message ids queued. */
export function emitWebhook(data: TenantData, type: WebhookEventType, payload: Record<string, unknown>): Promise<string[]> {
  return emitTo(data, () => data.webhooks.listEndpoints(), type, payload);
}

/**
 * Emits of one piece of work that happen together (an order's fulfilment: `order.paid` and each
 * ticket's `registration.created`): the tenant's endpoints are read once, when the first emit
 * asks, and that read serves the others. Made per piece of work, never kept.
 */
export function webhookBatch(data: TenantData): EmitWebhook {
  let endpoints: Promise<EndpointRecord[]> | undefined;
  return (type, payload) => emitTo(data, () => (endpoints ??= data.webhooks.listEndpoints()), type, payload);
}
