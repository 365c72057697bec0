/**
 * Seats and tickets per event (issue 15, docs/decisions/0035-tickets-and-consultations.md):
 *
 *   pk T#<tenant>#EVENT#<eventId>   sk SEATS              { sold }                    the seat counter
 *   pk T#<tenant>#EVENT#<eventId>   sk HOLD#<orderId>     { quantity, state }        seats held while paying
 *   pk T#<tenant>#EVENT#<eventId>   sk TICKET#<userId>    { userId, orderId, kind, createdAt }
 *   pk T#<tenant>#EVENT#<eventId>   sk REPLAY#<userId>    { userId, orderId, kind, createdAt }
 *   pk T#<tenant>#USER#<userId>     sk ATTENDS#<eventId>  { eventId }   the holder's own list (My events), written with the ticket
 *
 * Capacity is enforced by one conditional update of the counter per seat taken
 * (`sold <= capacity − q`, the same as `sold + q <= capacity`): never read-then-write, so
 * parallel buyers cannot oversell. Holds are keyed by orderId and written in the same
 * transaction as the counter, which makes reserve and release idempotent per order. A free
 * registration takes its seat the same way, keyed by the user (orderId 'free').
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { addReminder, claimReminder, remindersBetween, removeReminder } from './ticketReminders.server';
import { failedConditions, withConflictRetry } from '#server/platform/dynamo/transactions.server';
import { FREE_ORDER, type TicketKind } from '#app/lib/tickets/kinds';


export interface TicketRow {
  eventId: string;
  userId: string;
  /** The order that paid for it, or 'free' for a registration. */
  orderId: string;
  kind: TicketKind;
  createdAt: string;
}

const partition = (t: TenantId, eventId: string) => tenantKey(t, 'EVENT', eventId);
const seatsKey = (t: TenantId, eventId: string) => ({ pk: partition(t, eventId), sk: 'SEATS' });
const holdKey = (t: TenantId, eventId: string, orderId: string) => ({ pk: partition(t, eventId), sk: `HOLD#${orderId}` });
const rowKey = (t: TenantId, eventId: string, kind: TicketKind, userId: string) => ({
  pk: partition(t, eventId),
  sk: `${kind === 'ticket' ? 'TICKET' : 'REPLAY'}#${userId}`,
});

/** The counter update that takes `quantity` seats, refused when that would pass `capacity` (null: unlimited). */
function takeSeats(db: Database, t: TenantId, eventId: string, quantity: number, capacity: number | null) {
  // A request larger than the whole capacity can never fit: -1 makes the condition fail every time.
  const limit = capacity === null ? 0 : quantity > capacity ? -1 : capacity - quantity;
  return {
    Update: {
      TableName: db.table,
      Key: seatsKey(t, eventId),
      UpdateExpression: 'SET tenantId = :t, eventId = :e ADD sold :q',
      ...(capacity === null
        ? {}
        : { ConditionExpression: limit < 0 ? 'sold < :limit' : 'attribute_not_exists(sold) OR sold <= :limit' }),
      ExpressionAttributeValues: {
        ':t': t,
        ':e': eventId,
        ':q': quantity,
        ...(capacity === null ? {} : { ':limit': limit }),
      },
    },
  };
}

function giveSeats(db: Database, t: TenantId, eventId: string, quantity: number) {
  return {
    Update: {
      TableName: db.table,
      Key: seatsKey(t, eventId),
      UpdateExpression: 'ADD sold :minus',
      ConditionExpression: 'sold >= :q',
      ExpressionAttributeValues: { ':minus': -quantity, ':q': quantity },
    },
  };
}

/** Seats taken (held or sold) for the event. Single-item reads here are strongly consistent and go with the other reads of their turn (batched.server.ts). */
export async function seatsSold(db: Database, t: TenantId, eventId: string): Promise<number> {
  const item = await batchedGet(db, seatsKey(t, eventId), true);
  return item?.tenantId === t ? Number(item.sold ?? 0) : 0;
}

/**
 * Holds `quantity` seats for a pending order. True when held (now or by an earlier call for the
 * same order: idempotent), false when the seats left are fewer.
 */
export async function reserveSeats(
  db: Database,
  t: TenantId,
  { eventId, orderId, quantity, capacity }: { eventId: string; orderId: string; quantity: number; capacity: number | null },
  now = new Date(),
): Promise<boolean> {
  return withConflictRetry(async () => {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: db.table,
                Item: { ...holdKey(t, eventId, orderId), tenantId: t, eventId, orderId, quantity, state: 'held', createdAt: now.toISOString() },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            takeSeats(db, t, eventId, quantity, capacity),
          ],
        }),
      );
      return true;
    } catch (e) {
      const failed = failedConditions(e);
      // The hold exists already: this order holds its seats (a retried reserve).
      return failed.includes(0);
    }
  });
}

/** Gives back the seats an order held (payment failed or abandoned). Idempotent; a fulfilled hold is kept. */
export async function releaseSeats(db: Database, t: TenantId, { eventId, orderId }: { eventId: string; orderId: string }): Promise<boolean> {
  const hold = await db.doc.send(new GetCommand({ TableName: db.table, Key: holdKey(t, eventId, orderId), ConsistentRead: true }));
  if (!hold.Item || hold.Item.tenantId !== t || hold.Item.state !== 'held') return false;
  const quantity = Number(hold.Item.quantity);
  return withConflictRetry(async () => {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: db.table,
                Key: holdKey(t, eventId, orderId),
                ConditionExpression: '#state = :held',
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: { ':held': 'held' },
              },
            },
            giveSeats(db, t, eventId, quantity),
          ],
        }),
      );
      return true;
    } catch (e) {
      failedConditions(e);
      return false;
    }
  });
}

async function getRow(db: Database, t: TenantId, eventId: string, kind: TicketKind, userId: string): Promise<TicketRow | null> {
  const item = await batchedGet(db, rowKey(t, eventId, kind, userId), true);
  if (!item || item.tenantId !== t) return null;
  return { eventId, userId, orderId: String(item.orderId), kind, createdAt: String(item.createdAt) };
}

export const getTicket = (db: Database, t: TenantId, eventId: string, userId: string) => getRow(db, t, eventId, 'ticket', userId);
export const getReplay = (db: Database, t: TenantId, eventId: string, userId: string) => getRow(db, t, eventId, 'replay', userId);

/** The ticket holder's reference to the event, for their own upcoming events (server/events/data/myEvents.server.ts); no condition, so it never changes which write failed. */
const attendsKey = (t: TenantId, eventId: string, userId: string) => ({ pk: tenantKey(t, 'USER', userId), sk: `ATTENDS#${eventId}` });
const attendsPut = (db: Database, t: TenantId, eventId: string, userId: string) => ({
  Put: { TableName: db.table, Item: { ...attendsKey(t, eventId, userId), tenantId: t, eventId } },
});

const rowPut = (db: Database, t: TenantId, row: TicketRow) => ({
  Put: {
    TableName: db.table,
    Item: { ...rowKey(t, row.eventId, row.kind, row.userId), tenantId: t, ...row },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export type RegisterResult = 'registered' | 'already' | 'soldOut';

/** A free registration: one ticket row per person and one seat, taken under the capacity like a purchase. */
export async function registerFree(
  db: Database,
  t: TenantId,
  { eventId, userId, capacity }: { eventId: string; userId: string; capacity: number | null },
  now = new Date(),
): Promise<RegisterResult> {
  const row: TicketRow = { eventId, userId, orderId: FREE_ORDER, kind: 'ticket', createdAt: now.toISOString() };
  return withConflictRetry(async () => {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: [rowPut(db, t, row), takeSeats(db, t, eventId, 1, capacity), attendsPut(db, t, eventId, userId)] }));
      return 'registered';
    } catch (e) {
      const failed = failedConditions(e);
      return failed.includes(0) ? 'already' : 'soldOut';
    }
  });
}

/**
 * Grants what an order paid for. A ticket converts the order's hold into the buyer's ticket
 * (seats already counted); without a hold (a seat not reserved first) it takes one seat past
 * any capacity check, since the money is already captured. Idempotent per order: a second call
 * finds the row with the same orderId and does nothing. False when the person already held one
 * from another order (nothing is written).
 */
export async function grantTicket(
  db: Database,
  t: TenantId,
  { eventId, userId, orderId, kind }: { eventId: string; userId: string; orderId: string; kind: TicketKind },
  now = new Date(),
): Promise<boolean> {
  // The person's row and the order's seat hold are read together (a replay holds no seat).
  const [existing, hold] = await Promise.all([
    getRow(db, t, eventId, kind, userId),
    kind === 'replay' ? null : batchedGet(db, holdKey(t, eventId, orderId), true),
  ]);
  if (existing) return existing.orderId === orderId;
  const row: TicketRow = { eventId, userId, orderId, kind, createdAt: now.toISOString() };
  if (kind === 'replay') {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: [rowPut(db, t, row)] }));
      return true;
    } catch (e) {
      failedConditions(e);
      return (await getRow(db, t, eventId, kind, userId))?.orderId === orderId;
    }
  }
  const held = hold?.tenantId === t && hold.state === 'held';
  return withConflictRetry(async () => {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            rowPut(db, t, row),
            held
              ? {
                  Update: {
                    TableName: db.table,
                    Key: holdKey(t, eventId, orderId),
                    UpdateExpression: 'SET #state = :granted',
                    ConditionExpression: '#state = :held',
                    ExpressionAttributeNames: { '#state': 'state' },
                    ExpressionAttributeValues: { ':granted': 'granted', ':held': 'held' },
                  },
                }
              : takeSeats(db, t, eventId, 1, null),
            attendsPut(db, t, eventId, userId),
          ],
        }),
      );
      return true;
    } catch (e) {
      failedConditions(e);
      return (await getRow(db, t, eventId, kind, userId))?.orderId === orderId;
    }
  });
}

/** Takes back what an order granted (a refund): the row goes and a ticket's seat is free again. Idempotent. */
export async function revokeTicket(
  db: Database,
  t: TenantId,
  { eventId, userId, orderId, kind }: { eventId: string; userId: string; orderId: string; kind: TicketKind },
): Promise<boolean> {
  const removeRow = {
    Delete: {
      TableName: db.table,
      Key: rowKey(t, eventId, kind, userId),
      ConditionExpression: 'orderId = :o',
      ExpressionAttributeValues: { ':o': orderId },
    },
  };
  return withConflictRetry(async () => {
    try {
      await db.doc.send(
        new TransactWriteCommand({
          TransactItems:
            kind === 'ticket'
              ? [
                  removeRow,
                  giveSeats(db, t, eventId, 1),
                  { Delete: { TableName: db.table, Key: holdKey(t, eventId, orderId) } },
                  { Delete: { TableName: db.table, Key: attendsKey(t, eventId, userId) } },
                ]
              : [removeRow],
        }),
      );
      return true;
    } catch (e) {
      failedConditions(e);
      return false;
    }
  });
}

/** Every ticket holder of the event (reminders, the organizer's list). */
export async function listTickets(db: Database, t: TenantId, eventId: string): Promise<TicketRow[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(t, eventId), ':prefix': 'TICKET#' },
  });
  return items
    .filter((item) => item.tenantId === t)
    .map((item) => ({ eventId, userId: String(item.userId), orderId: String(item.orderId), kind: 'ticket' as const, createdAt: String(item.createdAt) }));
}

/** The tenantData section `tickets` (server/data/tenantData.server.ts): these functions bound to one tenant. */
export const ticketsSection = (db: Database, t: TenantId) => ({
  sold: seatsSold.bind(null, db, t),
  reserve: reserveSeats.bind(null, db, t),
  release: releaseSeats.bind(null, db, t),
  registerFree: registerFree.bind(null, db, t),
  grant: grantTicket.bind(null, db, t),
  revoke: revokeTicket.bind(null, db, t),
  ticket: getTicket.bind(null, db, t),
  replay: getReplay.bind(null, db, t),
  list: listTickets.bind(null, db, t),
  /** Reminder entries per seat (server/commerce/data/ticketReminders.server.ts). */
  addReminder: addReminder.bind(null, db, t),
  removeReminder: removeReminder.bind(null, db, t),
  remindersBetween: remindersBetween.bind(null, db, t),
  claimReminder: claimReminder.bind(null, db, t),
});
