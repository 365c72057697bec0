/**
 * Public API keys and the answers to idempotent writes (docs/decisions/0087-public-api.md):
 *
 *   key     pk T#<t>#APIKEYS             sk KEY#<keyId>        name, SHA-256 hash of the secret, prefix,
 *                                                              scopes, creator (the organizer of events
 *                                                              created with it), created, last used, revoked
 *   answer  pk T#<t>#APIIDEM#<keyId>     sk IDEM#<sha256(key)>  the request's fingerprint, the answer
 *                                                              (status and body) once made, expiry
 *
 * The secret itself is never stored. Every item carries the tenant id and every read checks it, so
 * a key can only be found under its own tenant's partition.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { apiScopeSchema, type ApiKeyRow } from '#app/lib/publicApi/scopes';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const keysPk = (t: TenantId) => tenantKey(t, 'APIKEYS');
const keyKey = (t: TenantId, keyId: string) => ({ pk: keysPk(t), sk: `KEY#${keyId}` });
const answerKey = (t: TenantId, keyId: string, idemHash: string) => ({ pk: tenantKey(t, 'APIIDEM', keyId), sk: `IDEM#${idemHash}` });

const keyRecordSchema = z.object({
  tenantId: z.string(),
  keyId: z.string(),
  name: z.string(),
  hash: z.string(),
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdBy: z.object({ sub: z.string(), name: z.string(), email: z.string(), language: z.string() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().catch(null),
  revokedAt: z.string().nullable().catch(null),
});
export type ApiKeyRecord = z.infer<typeof keyRecordSchema>;

function toRecord(t: TenantId, item: Record<string, unknown> | undefined): ApiKeyRecord | null {
  if (!item || item.tenantId !== t) return null;
  const parsed = keyRecordSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
}

export const keyRow = (r: ApiKeyRecord): ApiKeyRow => ({
  keyId: r.keyId,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  createdAt: r.createdAt,
  createdByName: r.createdBy.name,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

export async function putKey(db: Database, t: TenantId, record: Omit<ApiKeyRecord, 'tenantId'>): Promise<ApiKeyRecord> {
  const full: ApiKeyRecord = { ...record, tenantId: t };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keyKey(t, record.keyId), ...full }, ConditionExpression: 'attribute_not_exists(pk)' }));
  return full;
}

export async function getKey(db: Database, t: TenantId, keyId: string): Promise<ApiKeyRecord | null> {
  if (!/^[a-z0-9]{12}$/.test(keyId)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: keyKey(t, keyId) }));
  return toRecord(t, out.Item);
}

/** Every key of the tenant, newest first. */
export async function listKeys(db: Database, t: TenantId): Promise<ApiKeyRecord[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)', ExpressionAttributeValues: { ':pk': keysPk(t), ':k': 'KEY#' } }, 500);
  return items
    .map((i) => toRecord(t, i))
    .filter((r): r is ApiKeyRecord => r !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Marks the key revoked (once: a second revoke keeps the first time); null when there is no such key. */
export async function revokeKey(db: Database, t: TenantId, keyId: string, now = new Date()): Promise<ApiKeyRecord | null> {
  const current = await getKey(db, t, keyId);
  if (!current || current.revokedAt) return current;
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keyKey(t, keyId),
        UpdateExpression: 'SET revokedAt = :now',
        ConditionExpression: 'tenantId = :t',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':t': t },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(t, out.Attributes);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

/** Notes a use of the key (the caller writes it at most once a minute). */
export async function touchKey(db: Database, t: TenantId, keyId: string, now = new Date()): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keyKey(t, keyId),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'tenantId = :t',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':t': t },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

const answerSchema = z.object({
  tenantId: z.string(),
  fingerprint: z.string(),
  state: z.enum(['pending', 'done']),
  status: z.number().int().optional(),
  body: z.string().optional(),
  expiresAt: z.number(),
});
export type StoredAnswer = z.infer<typeof answerSchema>;

/**
 * Claims an idempotency key for a request with this fingerprint: null when the claim is new (the
 * request runs), else what is stored under it (a pending or finished request). An expired answer
 * is replaced.
 */
export async function claimAnswer(db: Database, t: TenantId, keyId: string, idemHash: string, fingerprint: string, ttlMs: number, now = Date.now()): Promise<StoredAnswer | null> {
  const Key = answerKey(t, keyId, idemHash);
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...Key, tenantId: t, fingerprint, state: 'pending', expiresAt: now + ttlMs },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
    return null;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key, ConsistentRead: true }));
  const parsed = out.Item?.tenantId === t ? answerSchema.safeParse(out.Item) : null;
  // Unreadable: treat as a request still running rather than run it twice.
  return parsed?.success ? parsed.data : { tenantId: t, fingerprint, state: 'pending', expiresAt: now + ttlMs };
}

export async function saveAnswer(db: Database, t: TenantId, keyId: string, idemHash: string, fingerprint: string, status: number, body: string, ttlMs: number, now = Date.now()): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...answerKey(t, keyId, idemHash), tenantId: t, fingerprint, state: 'done', status, body, expiresAt: now + ttlMs } }));
}

/** Frees a claim whose request failed, so a retry runs it again. */
export async function dropAnswer(db: Database, t: TenantId, keyId: string, idemHash: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: answerKey(t, keyId, idemHash) }));
}

/** The tenantData section `apiKeys` (server/data/tenantData.server.ts): these functions bound to one tenant. */
export const apiKeysSection = (db: Database, t: TenantId) => ({
  put: putKey.bind(null, db, t),
  get: getKey.bind(null, db, t),
  list: listKeys.bind(null, db, t),
  revoke: revokeKey.bind(null, db, t),
  touch: touchKey.bind(null, db, t),
  claimAnswer: claimAnswer.bind(null, db, t),
  saveAnswer: saveAnswer.bind(null, db, t),
  dropAnswer: dropAnswer.bind(null, db, t),
});
