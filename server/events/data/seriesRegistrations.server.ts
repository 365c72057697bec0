/**
 * Whole-series registrations (docs/decisions/0085): one item per person who registered for every
 * occurrence of a series, beside the series item:
 *
 *   pk T#<t>#SERIES#<seriesId>   sk REG#<userId>   { tenantId, seriesId, userId, createdAt }
 *
 * Each occurrence still holds its own seat (a free ticket row, server/commerce/data/tickets.server.ts);
 * this item is what lets an occurrence added later admit the person too (the admission takes their
 * seat there under its capacity). Read by series and person, never listed.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { eventIdSchema } from '#app/lib/events/model';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export interface SeriesRegistration {
  seriesId: string;
  userId: string;
  createdAt: string;
}

const registrationKey = (tenantId: TenantId, seriesId: string, userId: string) => ({ pk: tenantKey(tenantId, 'SERIES', seriesId), sk: `REG#${userId}` });

/** The person's whole-series registration, or null (also for an id that is not a series id). */
export async function getSeriesRegistration(db: Database, tenantId: TenantId, seriesId: string, userId: string): Promise<SeriesRegistration | null> {
  if (!eventIdSchema.safeParse(seriesId).success || !userId) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: registrationKey(tenantId, seriesId, userId), ConsistentRead: true }));
  if (!out.Item || out.Item.tenantId !== tenantId) return null;
  return { seriesId, userId, createdAt: String(out.Item.createdAt) };
}

/** Records the whole-series registration; idempotent (a second call keeps the first record). */
export async function putSeriesRegistration(db: Database, tenantId: TenantId, seriesId: string, userId: string, now = new Date()): Promise<'registered' | 'already'> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...registrationKey(tenantId, seriesId, userId), tenantId, seriesId, userId, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'registered';
  } catch (e) {
    if (isConditionFailure(e)) return 'already';
    throw e;
  }
}
