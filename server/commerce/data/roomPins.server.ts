/**
 * The pinned sale of a live room (issue 15, part 7): one item per event,
 *
 *   pk T#<t>#ROOMSALE#<eventId>   sk PIN   { pin: PinnedSale | null, version }
 *
 * `version` (ms) only grows, so browsers that hear of changes out of order (a notice and a GET
 * crossing) keep the newest. Unpinning keeps the item with pin null.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { PinnedSale, PinState } from '#app/lib/roomSales/model';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

const pinKey = (t: TenantId, eventId: string) => ({ pk: tenantKey(t, 'ROOMSALE', eventId), sk: 'PIN' });

export async function getPin(db: Database, t: TenantId, eventId: string): Promise<PinState> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: pinKey(t, eventId), ConsistentRead: true }));
  return { pin: (out.Item?.pin as PinnedSale | null | undefined) ?? null, version: Number(out.Item?.version ?? 0) };
}

async function write(db: Database, t: TenantId, eventId: string, pin: PinnedSale | null, now: number): Promise<PinState> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = attempt === 0 ? null : await getPin(db, t, eventId);
    const version = Math.max(now, (current?.version ?? 0) + 1);
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: pinKey(t, eventId),
          UpdateExpression: 'SET tenantId = :t, eventId = :e, pin = :pin, version = :v',
          ConditionExpression: 'attribute_not_exists(version) OR version < :v',
          ExpressionAttributeValues: { ':t': t, ':e': eventId, ':pin': pin, ':v': version },
        }),
      );
      return { pin, version };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new Error('the pin kept changing under this write');
}

export function savePin(db: Database, t: TenantId, eventId: string, pin: PinnedSale, now = Date.now()): Promise<PinState> {
  return write(db, t, eventId, pin, now);
}

export function clearPin(db: Database, t: TenantId, eventId: string, now = Date.now()): Promise<PinState> {
  return write(db, t, eventId, null, now);
}
