/**
 * Reminders owed to the people holding a seat, ordered by the event's start so the sweeper reads
 * only the next day's (server/commerce/tickets/reminders.server.ts):
 *
 *   pk T#<tenant>#REMIND   sk <startsAt ISO>#<eventId>#<userId>   { email, name, sent_24h?, sent_15m? }
 *
 * Each stage is marked with a conditional write before its mail goes out, so two sweepers (two
 * server instances) never send the same reminder twice.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { batchedPut } from '#server/platform/dynamo/batched.server';

export const REMINDER_STAGES = ['24h', '15m'] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

export interface ReminderEntry {
  eventId: string;
  userId: string;
  email: string;
  name: string;
  /** The event's start when the entry was written (ISO UTC). */
  startsAt: string;
  sent: ReminderStage[];
}

const partition = (t: TenantId) => tenantKey(t, 'REMIND');
const key = (t: TenantId, e: Pick<ReminderEntry, 'startsAt' | 'eventId' | 'userId'>) => ({ pk: partition(t), sk: `${e.startsAt}#${e.eventId}#${e.userId}` });

/** Writes (or rewrites) the reminder entry of one seat. */
export async function addReminder(db: Database, t: TenantId, entry: Omit<ReminderEntry, 'sent'> & { sent?: ReminderStage[] }): Promise<void> {
  const sent = Object.fromEntries((entry.sent ?? []).map((s) => [`sent_${s}`, true]));
  // Unconditional: written with the other puts of this turn (batched.server.ts), as tickets granted together add theirs.
  await batchedPut(db, { ...key(t, entry), tenantId: t, eventId: entry.eventId, userId: entry.userId, email: entry.email, name: entry.name, startsAt: entry.startsAt, ...sent });
}

export async function removeReminder(db: Database, t: TenantId, entry: Pick<ReminderEntry, 'startsAt' | 'eventId' | 'userId'>): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: key(t, entry) }));
}

/** Entries of events starting in [from, to) (ISO UTC), soonest first. */
export async function remindersBetween(db: Database, t: TenantId, from: string, to: string): Promise<ReminderEntry[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition(t), ':from': from, ':to': to },
  });
  return items
    .filter((item) => item.tenantId === t)
    .map((item) => ({
      eventId: String(item.eventId),
      userId: String(item.userId),
      email: String(item.email ?? ''),
      name: String(item.name ?? ''),
      startsAt: String(item.startsAt),
      sent: REMINDER_STAGES.filter((s) => item[`sent_${s}`] === true),
    }));
}

/** Claims one stage of one entry; true for the single caller that may send it. */
export async function claimReminder(db: Database, t: TenantId, entry: Pick<ReminderEntry, 'startsAt' | 'eventId' | 'userId'>, stage: ReminderStage): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key(t, entry),
        UpdateExpression: 'SET #stage = :true',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#stage)',
        ExpressionAttributeNames: { '#stage': `sent_${stage}` },
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
