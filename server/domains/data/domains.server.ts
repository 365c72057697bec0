/**
 * The verification state of a tenant's custom domains (docs/decisions/0076). One item per domain,
 * keyed by the tenant that lists it in tenant.json:
 *
 *   pk T#<t>#DOMAIN#<domain>   sk DOMAIN   { token, createdAt, verifiedAt?, verifiedBy?, askedAt?, certificate?, lastCheck? }
 *
 * The token is made once, at random, the first time the domain is shown, and never changes: the
 * admin may already have published it.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { DOMAIN_FAILURES } from '#app/lib/domains/domain';
import { tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const SK = 'DOMAIN';
export const domainKey = (tenantId: TenantId, domain: string) => ({ pk: tenantKey(tenantId, 'DOMAIN', domain), sk: SK });

const storedSchema = z.object({
  tenantId: z.string(),
  domain: z.string(),
  token: z.string().regex(/^[a-z0-9]{32}$/),
  createdAt: z.string(),
  verifiedAt: z.string().optional(),
  verifiedBy: z.enum(['http', 'dns']).optional(),
  askedAt: z.string().optional(),
  certificate: z.object({ issuer: z.string(), notAfter: z.string(), seenAt: z.string() }).optional(),
  lastCheck: z.object({ at: z.string(), ok: z.boolean(), failure: z.enum(DOMAIN_FAILURES).optional(), detail: z.string().max(300).optional() }).optional(),
});
export type DomainRecord = z.infer<typeof storedSchema>;

/** The domain's record, or null when it was never shown (or the item is not this tenant's). */
export async function getDomainRecord(db: Database, tenantId: TenantId, domain: string): Promise<DomainRecord | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: domainKey(tenantId, domain), ConsistentRead: true }));
  if (!Item || Item.tenantId !== tenantId) return null;
  const parsed = storedSchema.safeParse(Item);
  return parsed.success ? parsed.data : null;
}

/** The domain's record, made with a fresh random token when there is none (two first views keep the first one's token). */
export async function ensureDomainRecord(db: Database, tenantId: TenantId, domain: string): Promise<DomainRecord> {
  const found = await getDomainRecord(db, tenantId, domain);
  if (found) return found;
  const fresh: DomainRecord = { tenantId, domain, token: randomBytes(16).toString('hex'), createdAt: new Date().toISOString() };
  try {
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...domainKey(tenantId, domain), ...fresh }, ConditionExpression: 'attribute_not_exists(pk)' }));
    return fresh;
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    return (await getDomainRecord(db, tenantId, domain)) ?? fresh;
  }
}

/** What a check found: fields to set (undefined leaves a field as it is). */
export type DomainCheckResult = Pick<DomainRecord, 'lastCheck'> & Partial<Pick<DomainRecord, 'verifiedAt' | 'verifiedBy' | 'certificate'>>;

/** Stores a check's outcome on an existing record and returns the record as it now is. */
export async function saveDomainCheck(db: Database, tenantId: TenantId, domain: string, result: DomainCheckResult): Promise<DomainRecord | null> {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  for (const [field, value] of Object.entries(result)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (sets.length === 0) return getDomainRecord(db, tenantId, domain);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: domainKey(tenantId, domain),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return getDomainRecord(db, tenantId, domain);
}

/** Notes that the certificate front (Caddy's on-demand TLS) was told yes for this domain. */
export async function markDomainAsked(db: Database, tenantId: TenantId, domain: string, at = new Date().toISOString()): Promise<void> {
  await db.doc.send(
    new UpdateCommand({ TableName: db.table, Key: domainKey(tenantId, domain), UpdateExpression: 'SET askedAt = :at', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':at': at } }),
  );
}
