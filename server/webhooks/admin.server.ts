/**
 * What the Webhooks tab does (docs/decisions/0088), for a tenant admin: list, add, change, delete,
 * switch endpoints on and off, reveal and rotate the secret, send a test, resend a delivery with
 * its own id. Each answers a result the API route turns into JSON (field errors, 404, 409).
 */
import type { TenantData } from '#server/data/tenantData.server';
import { MAX_WEBHOOK_ENDPOINTS, type DeliveryRow, type EndpointRow, type UrlProblem, type WebhookRequest, type WebhooksOverview } from '#app/lib/webhooks/model';
import { resolveWithSystem, type ResolveAll } from '#server/platform/net/outsideAddress.server';
import type { EndpointRecord } from './data/webhooks.server';
import { payloadBody, queueDelivery } from './emit.server';
import { newEndpointId } from './ids.server';
import { webhookQueue } from './queue.server';
import { currentWebhookSettings } from './settings.server';
import { newWebhookSecret } from './signing.server';
import { checkWebhookUrl } from './urlRules.server';

export const endpointRow = (e: EndpointRecord): EndpointRow => ({
  endpointId: e.endpointId,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
  ...(e.disabledAt ? { disabledAt: e.disabledAt } : {}),
  failureStreak: e.failureStreak,
  createdAt: e.createdAt,
});

export async function webhooksOverview(data: TenantData): Promise<WebhooksOverview> {
  const [endpoints, deliveries] = await Promise.all([data.webhooks.listEndpoints(), data.webhooks.listDeliveries(50)]);
  return {
    endpoints: endpoints.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(endpointRow),
    deliveries: deliveries.map((d): DeliveryRow => ({ messageId: d.messageId, endpointId: d.endpointId, type: d.type, status: d.status, createdAt: d.createdAt, attempts: d.attempts })),
    available: webhookQueue() !== null,
  };
}

export type AdminResult =
  | { ok: true; endpoint?: EndpointRow; secret?: string; messageId?: string }
  | { ok: false; status: 400; fields: { url?: UrlProblem } }
  | { ok: false; status: 404 | 409; error: 'notFound' | 'tooMany' };

export interface AdminActor {
  sub: string;
  email?: string;
}

const notFound = { ok: false, status: 404, error: 'notFound' } as const;

export interface IntentOptions {
  /** How host names resolve (tests: a table). */
  resolve?: ResolveAll;
  /** Whether http and loopback URLs are accepted (default: WEBHOOK_ALLOW_LOCAL). */
  allowLocal?: boolean;
}

export async function runWebhookIntent(data: TenantData, actor: AdminActor, request: WebhookRequest, options: IntentOptions = {}): Promise<AdminResult> {
  const w = data.webhooks;
  const rule = { resolve: options.resolve ?? resolveWithSystem, allowLocal: options.allowLocal ?? currentWebhookSettings().allowLocal };
  const checkUrl = async (url: string) => checkWebhookUrl(url, rule);
  switch (request.intent) {
    case 'create': {
      const verdict = await checkUrl(request.url);
      if (!verdict.ok) return { ok: false, status: 400, fields: { url: verdict.problem } };
      if ((await w.listEndpoints()).length >= MAX_WEBHOOK_ENDPOINTS) return { ok: false, status: 409, error: 'tooMany' };
      const secret = newWebhookSecret();
      const record = await w.putEndpoint({
        endpointId: newEndpointId(),
        url: verdict.url.href,
        description: request.description,
        events: [...new Set(request.events)],
        secret,
        enabled: true,
        failureStreak: 0,
        createdAt: new Date().toISOString(),
        createdBy: actor.sub,
        ...(actor.email ? { notifyEmail: actor.email } : {}),
      });
      return { ok: true, endpoint: endpointRow(record), secret };
    }
    case 'update': {
      const verdict = await checkUrl(request.url);
      if (!verdict.ok) return { ok: false, status: 400, fields: { url: verdict.problem } };
      const record = await w.patchEndpoint(request.endpointId, { url: verdict.url.href, description: request.description, events: [...new Set(request.events)] });
      return record ? { ok: true, endpoint: endpointRow(record) } : notFound;
    }
    case 'delete':
      return (await w.deleteEndpoint(request.endpointId)) ? { ok: true } : notFound;
    case 'reveal': {
      const record = await w.getEndpoint(request.endpointId);
      return record ? { ok: true, endpoint: endpointRow(record), secret: record.secret } : notFound;
    }
    case 'rotate': {
      const secret = newWebhookSecret();
      const record = await w.patchEndpoint(request.endpointId, { secret });
      return record ? { ok: true, endpoint: endpointRow(record), secret } : notFound;
    }
    case 'enable': {
      const record = await w.patchEndpoint(request.endpointId, { enabled: true, failureStreak: 0 }, ['disabledReason', 'disabledAt']);
      return record ? { ok: true, endpoint: endpointRow(record) } : notFound;
    }
    case 'disable': {
      const record = await w.patchEndpoint(request.endpointId, { enabled: false, disabledReason: 'admin', disabledAt: new Date().toISOString() });
      return record ? { ok: true, endpoint: endpointRow(record) } : notFound;
    }
    case 'test': {
      const record = await w.getEndpoint(request.endpointId);
      if (!record) return notFound;
      const body = payloadBody('webhook.test', { endpointId: record.endpointId, message: 'A test event from the Webhooks tab.' });
      return { ok: true, messageId: await queueDelivery(w, data.tenantId, record.endpointId, 'webhook.test', body, 'once') };
    }
    case 'resend': {
      const delivery = await w.getDelivery(request.messageId);
      if (!delivery || delivery.endpointId !== request.endpointId || !(await w.getEndpoint(delivery.endpointId))) return notFound;
      const queue = webhookQueue();
      if (!queue) return { ok: false, status: 409, error: 'notFound' };
      await w.setDelivery(delivery.messageId, { status: 'pending' });
      // The same message, the same webhook-id and body: the receiver can tell it is a duplicate.
      await queue.enqueue({ tenantId: data.tenantId, messageId: delivery.messageId, mode: 'once' });
      return { ok: true, messageId: delivery.messageId };
    }
  }
}
