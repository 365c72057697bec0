/**
 * Attendance per event, written from LiveKit's signed webhooks (app/routes/api/livekitWebhook.ts):
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk ATT#<identity>#<iso>#<webhookId>   { identity, name, action joined|left, at }
 *   pk T#<tenant>#EVENT#<eventId>   sk ROOM#<iso>#<webhookId>              { action room_finished, at }
 *
 * The webhook id in the key makes a redelivered webhook overwrite its own item instead of
 * counting twice. Every key is built from the tenant id.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export type AttendanceAction = 'joined' | 'left';

export interface AttendanceRecord {
  identity: string;
  name: string;
  action: AttendanceAction;
  /** ISO time LiveKit reported. */
  at: string;
  webhookId: string;
}

const eventPartition = (tenantId: TenantId, eventId: string) => tenantKey(tenantId, 'EVENT', eventId);

export async function recordAttendance(db: Database, tenantId: TenantId, eventId: string, record: AttendanceRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: eventPartition(tenantId, eventId),
        sk: `ATT#${record.identity}#${record.at}#${record.webhookId}`,
        tenantId,
        eventId,
        ...record,
      },
    }),
  );
}

/** Notes that LiveKit closed the event's room (everyone left, or the room was deleted). */
export async function recordRoomFinished(db: Database, tenantId: TenantId, eventId: string, at: string, webhookId: string): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { pk: eventPartition(tenantId, eventId), sk: `ROOM#${at}#${webhookId}`, tenantId, eventId, action: 'room_finished', at, webhookId },
    }),
  );
}

async function queryPrefix(db: Database, tenantId: TenantId, eventId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': eventPartition(tenantId, eventId), ':prefix': prefix },
  });
  return items.filter((item) => item.tenantId === tenantId);
}

/** Every join and leave of the event, in time order (or of one participant when `identity` is given). */
export async function listAttendance(db: Database, tenantId: TenantId, eventId: string, identity?: string): Promise<AttendanceRecord[]> {
  const items = await queryPrefix(db, tenantId, eventId, identity ? `ATT#${identity}#` : 'ATT#');
  return items
    .map((i) => ({
      identity: String(i.identity),
      name: String(i.name ?? i.identity),
      action: i.action === 'left' ? ('left' as const) : ('joined' as const),
      at: String(i.at),
      webhookId: String(i.webhookId ?? ''),
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** When LiveKit reported the event's room finished, in time order. */
export async function listRoomFinished(db: Database, tenantId: TenantId, eventId: string): Promise<string[]> {
  const items = await queryPrefix(db, tenantId, eventId, 'ROOM#');
  return items.map((i) => String(i.at)).sort();
}

/** The last display name each of these participants was seen with (those never seen are left out). */
export async function attendeeNames(db: Database, tenantId: TenantId, eventId: string, identities: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    identities.map(async (identity) => {
      const records = await listAttendance(db, tenantId, eventId, identity);
      const last = records.at(-1);
      if (last) names.set(identity, last.name);
    }),
  );
  return names;
}
