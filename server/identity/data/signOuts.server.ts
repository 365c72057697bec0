/**
 * Session cut-offs per tenant (docs/decisions/0008-identity-gateway.md), read and written by the
 * identity service (server/identity/identity.server.ts, which caches the sign-out cut-off):
 *
 *   global sign-out       pk T#<t>#USER#<sub>          sk SIGNOUT   { signedOutAt }    epoch ms
 *   refresh revocation    pk T#<t>#REFRESH#<username>  sk REVOKED   { revokedBefore }  epoch ms
 *
 * Neither cut-off ever moves backwards.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const signOutKey = (tenantId: TenantId, sub: string) => ({ pk: tenantKey(tenantId, 'USER', sub), sk: 'SIGNOUT' });
const revocationKey = (tenantId: TenantId, username: string) => ({ pk: tenantKey(tenantId, 'REFRESH', username), sk: 'REVOKED' });

/** Moves a cut-off forward to `at`; a later one already stored stays. */
async function raise(db: Database, key: { pk: string; sk: string }, attribute: 'signedOutAt' | 'revokedBefore', at: number): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: `SET ${attribute} = :at`,
        ConditionExpression: `attribute_not_exists(${attribute}) OR ${attribute} < :at`,
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** The user's last global sign-out (epoch ms), 0 when there was none. */
export async function readSignedOutAt(db: Database, tenantId: TenantId, sub: string): Promise<number> {
  // Every signed-in person's first request reads it: batched with the other reads of this turn.
  const item = await batchedGet(db, signOutKey(tenantId, sub), false);
  return typeof item?.signedOutAt === 'number' ? item.signedOutAt : 0;
}

export const writeSignedOutAt = (db: Database, tenantId: TenantId, sub: string, at: number) => raise(db, signOutKey(tenantId, sub), 'signedOutAt', at);

/** Before when (epoch ms) the user's refresh tokens are revoked, 0 when none is. */
export async function readRevokedBefore(db: Database, tenantId: TenantId, username: string): Promise<number> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: revocationKey(tenantId, username), ConsistentRead: true }));
  return typeof out.Item?.revokedBefore === 'number' ? out.Item.revokedBefore : 0;
}

export const writeRevokedBefore = (db: Database, tenantId: TenantId, username: string, at: number) => raise(db, revocationKey(tenantId, username), 'revokedBefore', at);
