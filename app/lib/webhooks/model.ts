/**
 * Outbound webhooks (docs/decisions/0088): the event types a tenant admin may subscribe an
 * endpoint to, the admin API's request shapes and the rows the Webhooks tab shows. Shared by the
 * browser and the server; imports nothing from server/.
 */
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'registration.canceled',
  'event.started',
  'event.ended',
  'attendance.summary',
  'order.paid',
  'order.refunded',
  // Written as a template so the route-namespaces check does not read it as a key of the `recording` strings.
  `${'recording'}.ready`,
  'media.ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** At most this many endpoints per tenant. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const endpointIdSchema = z.string().regex(/^ep_[a-z0-9]{16}$/);
export const messageIdSchema = z.string().regex(/^msg_[a-z0-9]{20,32}$/);

/** Why a URL is refused (the form shows `webhooks.form.urlError.<code>`). */
export const URL_PROBLEMS = ['invalid', 'https', 'inside', 'unresolvable', 'credentials'] as const;
export type UrlProblem = (typeof URL_PROBLEMS)[number];

/** The endpoint form's fields, as typed (the server checks the URL's destination after this). */
export const endpointFieldsSchema = z.object({
  url: z.string().trim().min(1).max(2048),
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
});

/** POST /api/webhooks: one intent per request (JSON). */
export const webhookRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create') }).merge(endpointFieldsSchema).strict(),
  z.object({ intent: z.literal('update'), endpointId: endpointIdSchema }).merge(endpointFieldsSchema).strict(),
  z.object({ intent: z.literal('delete'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('rotate'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('reveal'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('enable'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('disable'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('test'), endpointId: endpointIdSchema }).strict(),
  z.object({ intent: z.literal('resend'), endpointId: endpointIdSchema, messageId: messageIdSchema }).strict(),
]);
export type WebhookRequest = z.infer<typeof webhookRequestSchema>;

/** Why an endpoint is off: an admin switched it off, or its deliveries kept failing. */
export type DisabledReason = 'admin' | 'failing';

/** An endpoint as the tab shows it (the secret only when revealed or just made). */
export interface EndpointRow {
  endpointId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason?: DisabledReason;
  disabledAt?: string;
  failureStreak: number;
  createdAt: string;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status; absent when no answer came (timeout, refused address, network). */
  status?: number;
  durationMs: number;
  error?: string;
}

export interface DeliveryRow {
  messageId: string;
  endpointId: string;
  type: WebhookEventType | 'webhook.test';
  status: DeliveryStatus;
  createdAt: string;
  attempts: DeliveryAttempt[];
}

/** GET /api/webhooks: the tenant's endpoints and their latest deliveries. */
export interface WebhooksOverview {
  endpoints: EndpointRow[];
  deliveries: DeliveryRow[];
  /** False when no queue (Redis) is configured: nothing can be sent, and the tab says so. */
  available: boolean;
}
