/**
 * Social sign-in state per tenant (docs/decisions/0009-social-sign-in.md): what the flow started
 * with (PKCE verifier, provider, mode, return address), kept until its callback takes it:
 *
 *   pk T#<t>#OAUTH#<state>   sk STATE   { verifier, provider, mode, redirectTo, expiresAt, ttl }
 *
 * A state is taken once: the callback deletes it as it reads it.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { isConditionFailure, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const stateKey = (tenantId: TenantId, state: string) => ({ pk: tenantKey(tenantId, 'OAUTH', state), sk: 'STATE' });

/** Stores a new state's record; it expires `expiresAt` (epoch ms), DynamoDB's TTL removes it later. */
export async function saveOAuthState(db: Database, tenantId: TenantId, state: string, record: Item & { expiresAt: number }): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...stateKey(tenantId, state), ...record, ttl: Math.ceil(record.expiresAt / 1000) } }));
}

/** Takes (and deletes) the state's record; null when there is none (unknown, or taken already). */
export async function takeOAuthState(db: Database, tenantId: TenantId, state: string): Promise<Item | null> {
  try {
    const out = await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: stateKey(tenantId, state), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes ?? null;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}
