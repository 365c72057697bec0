/**
 * Outbound webhooks' stored state (docs/decisions/0088), keyed by the tenant:
 *
 *   pk T#<t>#WEBHOOKS     sk EP#<endpointId>   { url, description, events, secret, enabled, disabledReason?, disabledAt?, failureStreak, createdAt, createdBy, notifyEmail? }
 *   pk T#<t>#WEBHOOKLOG   sk D#<messageId>     { endpointId, type, body, status, createdAt, attempts[] }
 *
 * Message ids begin with the time in base 36, so the log reads newest first in key order. A
 * delivery keeps the exact body it was first signed with: retries and resends send the same bytes.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { WEBHOOK_EVENT_TYPES, type DeliveryAttempt, type DeliveryStatus } from '#app/lib/webhooks/model';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const endpointKey = (t: TenantId, endpointId: string) => ({ pk: tenantKey(t, 'WEBHOOKS'), sk: `EP#${endpointId}` });
const deliveryKey = (t: TenantId, messageId: string) => ({ pk: tenantKey(t, 'WEBHOOKLOG'), sk: `D#${messageId}` });

/** Attempts kept per delivery (the schedule's eight and resends); older ones give way. */
export const MAX_ATTEMPTS_KEPT = 40;

const endpointSchema = z.object({
  tenantId: z.string(),
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secret: z.string(),
  enabled: z.boolean(),
  disabledReason: z.enum(['admin', 'failing']).optional(),
  disabledAt: z.string().optional(),
  failureStreak: z.number().int().min(0),
  createdAt: z.string(),
  createdBy: z.string(),
  notifyEmail: z.string().optional(),
});
export type EndpointRecord = z.infer<typeof endpointSchema>;

const attemptSchema = z.object({ at: z.string(), status: z.number().int().optional(), durationMs: z.number(), error: z.string().optional() });
const deliverySchema = z.object({
  tenantId: z.string(),
  messageId: z.string(),
  endpointId: z.string(),
  type: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal('webhook.test')]),
  body: z.string(),
  status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  createdAt: z.string(),
  attempts: z.array(attemptSchema),
});
export type DeliveryRecord = z.infer<typeof deliverySchema>;

const readEndpoint = (t: TenantId, item: unknown): EndpointRecord | null => {
  const parsed = endpointSchema.safeParse(item);
  return parsed.success && parsed.data.tenantId === t ? parsed.data : null;
};
const readDelivery = (t: TenantId, item: unknown): DeliveryRecord | null => {
  const parsed = deliverySchema.safeParse(item);
  return parsed.success && parsed.data.tenantId === t ? parsed.data : null;
};

export async function listEndpoints(db: Database, t: TenantId): Promise<EndpointRecord[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ep)', ExpressionAttributeValues: { ':pk': tenantKey(t, 'WEBHOOKS'), ':ep': 'EP#' }, ConsistentRead: true });
  return items.map((item) => readEndpoint(t, item)).filter((e): e is EndpointRecord => e !== null);
}

export async function getEndpoint(db: Database, t: TenantId, endpointId: string): Promise<EndpointRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: endpointKey(t, endpointId), ConsistentRead: true }));
  return Item ? readEndpoint(t, Item) : null;
}

export async function putEndpoint(db: Database, t: TenantId, record: Omit<EndpointRecord, 'tenantId'>): Promise<EndpointRecord> {
  const item = { ...record, tenantId: t };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...endpointKey(t, record.endpointId), ...item } }));
  return item;
}

/** Changes some fields of an existing endpoint; null when there is none. */
export async function patchEndpoint(db: Database, t: TenantId, endpointId: string, fields: Partial<Omit<EndpointRecord, 'tenantId' | 'endpointId'>>, remove: Array<'disabledReason' | 'disabledAt'> = []): Promise<EndpointRecord | null> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      names[`#${k}`] = k;
      values[`:${k}`] = v;
      return `#${k} = :${k}`;
    });
  for (const k of remove) names[`#${k}`] = k;
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', remove.length ? `REMOVE ${remove.map((k) => `#${k}`).join(', ')}` : ''].filter(Boolean).join(' ');
  if (!expression) return getEndpoint(db, t, endpointId);
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: endpointKey(t, endpointId),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ...(sets.length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return readEndpoint(t, out.Attributes);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** Adds one to the endpoint's run of failed messages and returns the new count (null: no such endpoint). */
export async function addFailure(db: Database, t: TenantId, endpointId: string): Promise<number | null> {
  try {
    const out = await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: endpointKey(t, endpointId), UpdateExpression: 'ADD failureStreak :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW' }),
    );
    return Number(out.Attributes?.failureStreak ?? 0);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

export async function deleteEndpoint(db: Database, t: TenantId, endpointId: string): Promise<boolean> {
  const out = await db.doc.send(new DeleteCommand({ TableName: db.table, Key: endpointKey(t, endpointId), ReturnValues: 'ALL_OLD' }));
  return Boolean(out.Attributes);
}

export async function putDelivery(db: Database, t: TenantId, record: Omit<DeliveryRecord, 'tenantId'>): Promise<DeliveryRecord> {
  const item = { ...record, tenantId: t };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...deliveryKey(t, record.messageId), ...item } }));
  return item;
}

export async function getDelivery(db: Database, t: TenantId, messageId: string): Promise<DeliveryRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: deliveryKey(t, messageId), ConsistentRead: true }));
  return Item ? readDelivery(t, Item) : null;
}

/** Appends one attempt and sets the delivery's status (the list keeps the last MAX_ATTEMPTS_KEPT). */
export async function recordAttempt(db: Database, t: TenantId, messageId: string, attempt: DeliveryAttempt, status: DeliveryStatus): Promise<DeliveryRecord | null> {
  const current = await getDelivery(db, t, messageId);
  if (!current) return null;
  const attempts = [...current.attempts, attempt].slice(-MAX_ATTEMPTS_KEPT);
  return setDelivery(db, t, messageId, { attempts, status });
}

export async function setDelivery(db: Database, t: TenantId, messageId: string, fields: Partial<Pick<DeliveryRecord, 'status' | 'attempts'>>): Promise<DeliveryRecord | null> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v]) => {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    return `#${k} = :${k}`;
  });
  if (sets.length === 0) return getDelivery(db, t, messageId);
  try {
    const out = await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: deliveryKey(t, messageId), UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW' }),
    );
    return readDelivery(t, out.Attributes);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** The latest deliveries, newest first. */
export async function listDeliveries(db: Database, t: TenantId, limit = 50): Promise<DeliveryRecord[]> {
  const out = await db.doc.send(
    new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)', ExpressionAttributeValues: { ':pk': tenantKey(t, 'WEBHOOKLOG'), ':d': 'D#' }, ScanIndexForward: false, Limit: limit, ConsistentRead: true }),
  );
  return (out.Items ?? []).map((item) => readDelivery(t, item)).filter((d): d is DeliveryRecord => d !== null);
}

/** Binds the module to one tenant: `context.data.webhooks` (server/data/tenantData.server.ts). */
export const webhooksSection = (db: Database, t: TenantId) => ({
  listEndpoints: () => listEndpoints(db, t),
  getEndpoint: (endpointId: string) => getEndpoint(db, t, endpointId),
  putEndpoint: (record: Omit<EndpointRecord, 'tenantId'>) => putEndpoint(db, t, record),
  patchEndpoint: (endpointId: string, fields: Partial<Omit<EndpointRecord, 'tenantId' | 'endpointId'>>, remove?: Array<'disabledReason' | 'disabledAt'>) => patchEndpoint(db, t, endpointId, fields, remove),
  addFailure: (endpointId: string) => addFailure(db, t, endpointId),
  deleteEndpoint: (endpointId: string) => deleteEndpoint(db, t, endpointId),
  putDelivery: (record: Omit<DeliveryRecord, 'tenantId'>) => putDelivery(db, t, record),
  getDelivery: (messageId: string) => getDelivery(db, t, messageId),
  recordAttempt: (messageId: string, attempt: DeliveryAttempt, status: DeliveryStatus) => recordAttempt(db, t, messageId, attempt, status),
  setDelivery: (messageId: string, fields: Partial<Pick<DeliveryRecord, 'status' | 'attempts'>>) => setDelivery(db, t, messageId, fields),
  listDeliveries: (limit?: number) => listDeliveries(db, t, limit),
});
export type TenantWebhooks = ReturnType<typeof webhooksSection>;
