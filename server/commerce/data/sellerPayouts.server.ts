/**
 * What each seller is owed per order and how it was paid (app/lib/payments/payouts.ts,
 * docs/decisions/0058):
 *
 *   pk T#<t>#SELLERPAY#<sellerId>   sk O#<orderId>            the seller's payout of the order
 *   pk T#<t>#UNSETTLED              sk <sellerId>#<orderId>   while money is still to move: held (owed,
 *                                                              not transferred) or a reversal still to make
 *
 * The payout is created once per order and seller; its transfer is recorded once (conditional on
 * no transfer yet) and each reversal once (conditional on the reversed amount it read), so a
 * webhook delivered twice or two instances paying at once move the money once.
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { SellerPayout } from '#app/lib/payments/payouts';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

const payoutKey = (t: TenantId, sellerId: string, orderId: string) => ({ pk: tenantKey(t, 'SELLERPAY', sellerId), sk: `O#${orderId}` });
const unsettledKey = (t: TenantId, sellerId: string, orderId: string) => ({ pk: tenantKey(t, 'UNSETTLED'), sk: `${sellerId}#${orderId}` });

/** Absent attributes read as null (and conditions test absence, not a stored NULL). */
const withoutNulls = (record: SellerPayout) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null));
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

function toPayout(item: Item | undefined): SellerPayout | null {
  if (!item || typeof item.orderId !== 'string' || typeof item.sellerId !== 'string') return null;
  return {
    orderId: item.orderId,
    sellerId: item.sellerId,
    currency: String(item.currency),
    net: num(item.net),
    due: num(item.due),
    transferId: strOrNull(item.transferId),
    transferred: num(item.transferred),
    reversed: num(item.reversed),
    accountId: strOrNull(item.accountId),
    createdAt: String(item.createdAt),
    transferredAt: strOrNull(item.transferredAt),
    problem: strOrNull(item.problem),
  };
}

export async function getSellerPayout(db: Database, t: TenantId, sellerId: string, orderId: string): Promise<SellerPayout | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: payoutKey(t, sellerId, orderId), ConsistentRead: true }));
  return toPayout(out.Item);
}

/**
 * Creates the seller's payout of an order once (held while owed, so listed as unsettled when
 * anything is due); the existing one when it was created before. `created`: this call made it.
 */
export async function ensureSellerPayout(db: Database, t: TenantId, payout: Pick<SellerPayout, 'orderId' | 'sellerId' | 'currency' | 'net'>): Promise<{ payout: SellerPayout; created: boolean }> {
  const record: SellerPayout = { ...payout, due: payout.net, transferId: null, transferred: 0, reversed: 0, accountId: null, createdAt: new Date().toISOString(), transferredAt: null, problem: null };
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: { ...payoutKey(t, payout.sellerId, payout.orderId), tenantId: t, ...withoutNulls(record) }, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...(record.due > 0 ? [{ Put: { TableName: db.table, Item: { ...unsettledKey(t, payout.sellerId, payout.orderId), sellerId: payout.sellerId, orderId: payout.orderId } } }] : []),
        ],
      }),
    );
    return { payout: record, created: true };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const existing = await getSellerPayout(db, t, payout.sellerId, payout.orderId);
    if (!existing) throw e;
    return { payout: existing, created: false };
  }
}

/** Records what the seller is owed now (after a refund). */
export async function setSellerPayoutDue(db: Database, t: TenantId, sellerId: string, orderId: string, due: number): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: payoutKey(t, sellerId, orderId),
      UpdateExpression: 'SET due = :due',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':due': due },
    }),
  );
}

/** Records the provider's transfer, once; false when a transfer was recorded already (another instance, a second delivery). */
export async function recordSellerTransfer(db: Database, t: TenantId, sellerId: string, orderId: string, transfer: { transferId: string; amount: number; accountId: string; at: string }): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: payoutKey(t, sellerId, orderId),
        UpdateExpression: 'SET transferId = :id, transferred = :amount, accountId = :account, transferredAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(transferId)',
        ExpressionAttributeValues: { ':id': transfer.transferId, ':amount': transfer.amount, ':account': transfer.accountId, ':at': transfer.at },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Raises the reversed amount from `previous` to `reversed`, once; false when another reversal was recorded first. */
export async function recordSellerReversal(db: Database, t: TenantId, sellerId: string, orderId: string, previous: number, reversed: number): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: payoutKey(t, sellerId, orderId),
        UpdateExpression: 'SET reversed = :r',
        ConditionExpression: 'attribute_exists(pk) AND reversed = :prev',
        ExpressionAttributeValues: { ':r': reversed, ':prev': previous },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/**
 * After an attempt to move the money: whether some is still to move (listed for the next attempt)
 * and why it did not move (null: nothing went wrong).
 */
export async function markSellerPayout(db: Database, t: TenantId, sellerId: string, orderId: string, state: { unsettled: boolean; problem: string | null }): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: payoutKey(t, sellerId, orderId),
        ...(state.problem === null ? { UpdateExpression: 'REMOVE problem' } : { UpdateExpression: 'SET problem = :p', ExpressionAttributeValues: { ':p': state.problem } }),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return;
  }
  if (state.unsettled) await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...unsettledKey(t, sellerId, orderId), sellerId, orderId } }));
  else await db.doc.send(new DeleteCommand({ TableName: db.table, Key: unsettledKey(t, sellerId, orderId) }));
}

/** The seller's payouts, newest first (at most 500). */
export async function listSellerPayouts(db: Database, t: TenantId, sellerId: string): Promise<SellerPayout[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': tenantKey(t, 'SELLERPAY', sellerId) } }, 500);
  return items
    .map(toPayout)
    .filter((p): p is SellerPayout => p !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Payouts with money still to move: the seller's, or every seller's of the tenant. */
export async function listUnsettledPayouts(db: Database, t: TenantId, sellerId?: string): Promise<{ sellerId: string; orderId: string }[]> {
  const items = await queryAll(
    db,
    sellerId === undefined
      ? { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': tenantKey(t, 'UNSETTLED') } }
      : { KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': tenantKey(t, 'UNSETTLED'), ':s': `${sellerId}#` } },
    1000,
  );
  return items.filter((i) => typeof i.sellerId === 'string' && typeof i.orderId === 'string').map((i) => ({ sellerId: String(i.sellerId), orderId: String(i.orderId) }));
}
