/**
 * Orders (app/lib/payments/model.ts) in the single table:
 *
 *   pk T#<t>#ORDER#<orderId>             sk ORDER        the order; gsi1 T#<t>#BUYER#<buyerId> / <createdAt>#<orderId>
 *   pk T#<t>#ORDERKEY#<buyerId>#<key>    sk KEY          idempotency key → orderId (a double submit finds the first order)
 *   pk T#<t>#PENDING                     sk <createdAt>#<orderId>   while the order is pending (the sweeper's list)
 *   pk T#<t>#PAYEVENT#<provider>#<id>    sk EVENT        a provider event already applied (duplicates change nothing)
 *
 * Every status move is a conditional write on the current status (moveOrder), so two webhooks,
 * a webhook and a return poll, or two server instances never move an order twice.
 */
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { ORDER_STATUSES, type Order, type OrderStatus } from '#app/lib/payments/model';
import { isConditionFailure, queryAll, queryPage, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';
import { batchedGet } from '#server/platform/dynamo/batched.server';

export const orderKey = (t: TenantId, orderId: string) => ({ pk: tenantKey(t, 'ORDER', orderId), sk: 'ORDER' });
const idempotencyKey = (t: TenantId, buyerId: string, key: string) => ({ pk: tenantKey(t, 'ORDERKEY', buyerId, key), sk: 'KEY' });
const pendingKey = (t: TenantId, order: Pick<Order, 'createdAt' | 'orderId'>) => ({ pk: tenantKey(t, 'PENDING'), sk: `${order.createdAt}#${order.orderId}` });
const buyerPartition = (t: TenantId, buyerId: string) => tenantKey(t, 'BUYER', buyerId);


const ORDER_FIELDS = [
  'orderId', 'buyerId', 'buyerEmail', 'buyerName', 'currency', 'lines', 'total', 'applicationFee', 'refunded', 'status', 'provider',
  'providerSessionId', 'providerPaymentId', 'destinationAccountId', 'language', 'returnPath', 'createdAt', 'paidAt', 'fulfilledAt',
  'refundClaimed', 'sellerClaimed', 'sellerRefunded', 'refundHolds', 'providerRefunded',
] as const;

export function toOrder(item: Item | undefined): Order | null {
  if (!item || typeof item.orderId !== 'string' || !ORDER_STATUSES.includes(item.status as OrderStatus)) return null;
  return Object.fromEntries(ORDER_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as Order;
}

export type CreateOrderResult = { created: true; order: Order } | { created: false; order: Order };

/**
 * Creates a pending order under the buyer's idempotency key. The same key again (a double click,
 * a retried request) gives back the first order instead of a second one.
 */
export async function createOrder(db: Database, t: TenantId, order: Order, key: string): Promise<CreateOrderResult> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...idempotencyKey(t, order.buyerId, key), orderId: order.orderId }, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: db.table,
              Item: { ...orderKey(t, order.orderId), ...order, tenantId: t, gsi1pk: buyerPartition(t, order.buyerId), gsi1sk: `${order.createdAt}#${order.orderId}` },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: db.table, Item: { ...pendingKey(t, order), orderId: order.orderId } } },
        ],
      }),
    );
    return { created: true, order };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const existing = await orderForKey(db, t, order.buyerId, key);
    if (!existing) throw e;
    return { created: false, order: existing };
  }
}

export async function orderForKey(db: Database, t: TenantId, buyerId: string, key: string): Promise<Order | null> {
  // Strongly consistent, with the other reads of this turn (batched.server.ts): buyers checking out at once share calls.
  const item = await batchedGet(db, idempotencyKey(t, buyerId, key), true);
  return typeof item?.orderId === 'string' ? getOrder(db, t, item.orderId) : null;
}

export async function getOrder(db: Database, t: TenantId, orderId: string): Promise<Order | null> {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(orderId)) return null;
  return toOrder(await batchedGet(db, orderKey(t, orderId), true));
}

/** Records the provider's checkout session on the order (set once). */
export async function setOrderSession(db: Database, t: TenantId, orderId: string, sessionId: string): Promise<Order | null> {
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, orderId),
        UpdateExpression: 'SET providerSessionId = :s',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(providerSessionId) OR providerSessionId = :s)',
        ExpressionAttributeValues: { ':s': sessionId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toOrder(out.Attributes);
  } catch (e) {
    if (isConditionFailure(e)) return getOrder(db, t, orderId);
    throw e;
  }
}

/**
 * Moves an order from one of `from` to `to` (with extra fields), or does nothing and answers null
 * when it is not in one of those states any more: the conditional write every move goes through.
 * A move out of pending drops the order from the sweeper's list; when the caller knows the order's
 * `createdAt` (it has just read the order), that delete runs beside the move (an order that is not
 * in `from`, pending among them, is not pending, so its row is gone either way).
 */
export async function moveOrder(
  db: Database,
  t: TenantId,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  fields: Partial<Pick<Order, 'paidAt' | 'providerPaymentId' | 'fulfilledAt'>> = {},
  known?: Pick<Order, 'createdAt' | 'orderId'>,
): Promise<Order | null> {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':to': to };
  from.forEach((status, i) => (values[`:f${i}`] = status));
  const sets = ['#s = :to'];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  const leavesPending = to !== 'pending' && from.includes('pending');
  const early = leavesPending && known?.orderId === orderId ? pendingKey(t, known) : null;
  const dropEarly = early ? db.doc.send(new DeleteCommand({ TableName: db.table, Key: early })) : null;
  dropEarly?.catch(() => {});
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, orderId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND #s IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const order = toOrder(out.Attributes);
    if (dropEarly) await dropEarly;
    else if (order && to !== 'pending') await db.doc.send(new DeleteCommand({ TableName: db.table, Key: pendingKey(t, order) }));
    return order;
  } catch (e) {
    if (isConditionFailure(e)) return null;
    // The move failed without an answer: once the delete beside it has ended, an order still pending is listed for the sweeper again.
    if (early) {
      await dropEarly?.catch(() => {});
      await relistPending(db, t, orderId, early).catch(() => {});
    }
    throw e;
  }
}

/** Puts the order's row back on the sweeper's list, provided the order is still pending. */
async function relistPending(db: Database, t: TenantId, orderId: string, key: { pk: string; sk: string }): Promise<void> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName: db.table, Key: orderKey(t, orderId), ConditionExpression: '#s = :pending', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':pending': 'pending' } } },
          { Put: { TableName: db.table, Item: { ...key, orderId } } },
        ],
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/** Claims the order's fulfilment (fulfilledAt set once): true for the one caller that fulfils it. */
export async function claimFulfilment(db: Database, t: TenantId, orderId: string, at: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, orderId),
        UpdateExpression: 'SET fulfilledAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(fulfilledAt) AND #s = :captured',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':at': at, ':captured': 'captured' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Gives the fulfilment claim back after fulfilling failed, so the provider's retry fulfils the order. */
export async function releaseFulfilment(db: Database, t: TenantId, orderId: string): Promise<void> {
  await db.doc.send(new UpdateCommand({ TableName: db.table, Key: orderKey(t, orderId), UpdateExpression: 'REMOVE fulfilledAt', ConditionExpression: 'attribute_exists(pk)' }));
}

/** Marks a provider event as applied; false when it was already (a duplicated webhook). */
export async function claimPaymentEvent(db: Database, t: TenantId, provider: string, eventId: string): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { pk: tenantKey(t, 'PAYEVENT', provider, eventId), sk: 'EVENT', at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Gives an event back when applying it failed, so the provider's retry applies it. */
export async function releasePaymentEvent(db: Database, t: TenantId, provider: string, eventId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: tenantKey(t, 'PAYEVENT', provider, eventId), sk: 'EVENT' } }));
}

/** The buyer's orders, newest first. */
export async function listBuyerOrders(db: Database, t: TenantId, buyerId: string, limit = 100): Promise<Order[]> {
  const page = await queryPage(
    db,
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': buyerPartition(t, buyerId) }, ScanIndexForward: false },
    { limit, read: (item) => toOrder(item) },
  );
  return page.items;
}

/** Orders still pending that were created before `before` (ISO time): the sweeper cancels them. */
export async function listStalePendingOrders(db: Database, t: TenantId, before: string): Promise<string[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :p AND sk < :before',
    ExpressionAttributeValues: { ':p': tenantKey(t, 'PENDING'), ':before': before },
  });
  return items.map((item) => String(item.orderId));
}
