/**
 * Sign-in requests of embeds (docs/decisions/0089): a frame that cannot use the site's own
 * cookies (another site frames it, third-party cookies blocked) asks the signed-in person, in a
 * first-party window, to let it in; the grant waits here for the frame to collect it, once.
 *
 *   pk T#<tenant>#EMBEDPAIR#<sha256(pair)>   sk GRANT   { user, expiresAt, ttl }
 *
 * The pair secret itself is never stored (only its hash); a grant lives two minutes and is
 * deleted when taken. Every key carries the tenant id.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import { tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export const GRANT_TTL_MS = 2 * 60_000;

const pairKey = (t: TenantId, pair: string) => ({ pk: tenantKey(t, 'EMBEDPAIR', createHash('sha256').update(pair).digest('base64url')), sk: 'GRANT' });

export const sessionUserSchema = z.object({
  sub: z.string().min(1),
  username: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  groups: z.array(z.string()),
  givenName: z.string().nullable().optional(),
  familyName: z.string().nullable().optional(),
  fullName: z.string().nullable().optional(),
});

/** Records that the signed-in `user` lets the frame holding `pair` in (replacing an earlier grant). */
export async function grantPair(db: Database, t: TenantId, pair: string, user: SessionUser, now = Date.now()): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...pairKey(t, pair), tenantId: t, user: sessionUserSchema.parse(user), expiresAt: now + GRANT_TTL_MS, ttl: Math.ceil((now + GRANT_TTL_MS) / 1000) },
    }),
  );
}

/** The user a grant for `pair` names, deleting it (it is good once); null while none is waiting or it expired. */
export async function takePair(db: Database, t: TenantId, pair: string, now = Date.now()): Promise<SessionUser | null> {
  const out = await db.doc.send(new DeleteCommand({ TableName: db.table, Key: pairKey(t, pair), ReturnValues: 'ALL_OLD' }));
  const item = out.Attributes as { tenantId?: string; user?: unknown; expiresAt?: number } | undefined;
  if (!item || item.tenantId !== t || typeof item.expiresAt !== 'number' || item.expiresAt <= now) return null;
  const user = sessionUserSchema.safeParse(item.user);
  return user.success ? user.data : null;
}

export const embedPairsSection = (db: Database, t: TenantId) => ({
  grant: grantPair.bind(null, db, t),
  take: takePair.bind(null, db, t),
});
