/**
 * An event's breakout rooms (docs/decisions/0084): one item per event under the event's partition,
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk BREAKOUTS   { state (JSON), version }
 *
 * Writes are optimistic: a change is written only if the stored version is still the one it was
 * computed from (a clash is tried again by the service). The key leads with the tenant, so nothing
 * here reaches another tenant's event.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { breakoutIdSchema, closedBreakouts, type BreakoutState } from '#app/lib/breakouts/model';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export const breakoutsKey = (tenantId: TenantId, eventId: string) => ({ pk: tenantKey(tenantId, 'EVENT', eventId), sk: 'BREAKOUTS' });

/** What is read back is checked like input: a damaged item reads as no breakouts. */
const storedSchema = z.object({
  eventId: z.string(),
  version: z.number().int().min(0),
  open: z.boolean(),
  rooms: z.array(z.object({ id: breakoutIdSchema, name: z.string() })),
  members: z.array(z.object({ userId: z.string(), name: z.string(), roomId: breakoutIdSchema })),
  endsAt: z.string().nullable(),
  allowChoose: z.boolean(),
  message: z.object({ text: z.string(), at: z.string(), from: z.string() }).nullable(),
  updatedAt: z.string(),
});

/** The event's breakouts (a closed state when it never had any). */
export async function getBreakouts(db: Database, tenantId: TenantId, eventId: string): Promise<BreakoutState> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: breakoutsKey(tenantId, eventId), ConsistentRead: true }));
  if (!out.Item || typeof out.Item.state !== 'string') return closedBreakouts(eventId);
  try {
    const parsed = storedSchema.safeParse(JSON.parse(out.Item.state));
    return parsed.success && parsed.data.eventId === eventId ? parsed.data : closedBreakouts(eventId);
  } catch {
    return closedBreakouts(eventId);
  }
}

/**
 * Writes `next` (whose version must be one more than the stored one). False when someone else
 * changed the breakouts meanwhile: nothing was written.
 */
export async function putBreakouts(db: Database, tenantId: TenantId, next: BreakoutState): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...breakoutsKey(tenantId, next.eventId), tenantId, eventId: next.eventId, version: next.version, state: JSON.stringify(next) },
        ConditionExpression: 'attribute_not_exists(pk) OR version = :previous',
        ExpressionAttributeValues: { ':previous': next.version - 1 },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** The tenant's binding (server/data/tenantData.server.ts: `data.breakouts`). */
export const breakoutsSection = (db: Database, tenantId: TenantId) => ({
  get: (eventId: string) => getBreakouts(db, tenantId, eventId),
  put: (next: BreakoutState) => putBreakouts(db, tenantId, next),
});
