/**
 * Refunds serialised per order (docs/decisions/0057), on the order item itself:
 *
 *   refundClaimed            refunded + reserved; a reservation is one conditional write that holds
 *                            only while refundClaimed + amount <= total (and per seller the same)
 *   refundHolds.<holdId>     a reservation waiting for the provider: confirmed into `refunded` when
 *                            the provider refunded, or given back when it refused
 *   sellerClaimed / sellerRefunded   the same per seller (a seller refunds their own lines)
 *   providerRefunded         the provider's running total from its webhooks; what it holds beyond
 *                            refunded + reserved was refunded outside the platform and is booked
 *
 * DynamoDB conditions cannot add, so each condition compares with a limit computed from the total
 * (which never changes): `refundClaimed <= total - amount` is `refundClaimed + amount <= total`.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Order, OrderStatus, RefundHold } from '#app/lib/payments/model';
import { allocate, sellerTotals } from '#app/lib/payments/shares';
import { getOrder, orderKey, toOrder } from './orders.server';
import { isConditionFailure, type Database } from '#server/platform/dynamo/dynamo.server';

const REFUNDABLE: readonly OrderStatus[] = ['captured', 'partially_refunded'];
/** Attempts before giving up on an order that keeps changing under us (each failed attempt means another refund moved it). */
const ATTEMPTS = 25;

export type ReserveRefundResult =
  | { ok: true; order: Order; holdId: string; hold: RefundHold }
  | { ok: false; problem: 'not_found' | 'not_refundable' | 'over_refund'; max: number };

/** A confirmed step: the order before and after, and the amount of it per seller. */
export interface RefundStep {
  before: Order;
  after: Order;
  parts: Record<string, number>;
}

const holdsTotal = (order: Order) => Object.values(order.refundHolds ?? {}).reduce((t, h) => t + h.amount, 0);
const statusFor = (order: Order, refunded: number): OrderStatus => (refunded >= order.total.amount ? 'refunded' : 'partially_refunded');

/** Names and values for "per seller" map updates: #s0 → seller, :p0 → part. */
function perSeller(parts: Record<string, number>) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const entries = Object.entries(parts).filter(([, p]) => p > 0);
  entries.forEach(([sellerId, part], i) => {
    names[`#s${i}`] = sellerId;
    values[`:p${i}`] = part;
  });
  return { names, values, entries };
}

/**
 * Orders refunded before reservations existed (or never refunded) get their counters once,
 * from what they hold: the refunded amount, split per seller in proportion.
 */
async function withRefundState(db: Database, t: TenantId, order: Order): Promise<Order | null> {
  if (order.refundClaimed !== undefined && order.sellerClaimed && order.sellerRefunded && order.refundHolds) return order;
  const totals = sellerTotals(order);
  const sellers = [...totals.keys()];
  const split = allocate(order.refunded.amount, sellers.map((s) => totals.get(s)!));
  const perSellerRefunded = Object.fromEntries(sellers.map((s, i) => [s, split[i]!]));
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, order.orderId),
        UpdateExpression: 'SET refundClaimed = :r, sellerClaimed = :sr, sellerRefunded = :sr, refundHolds = :none',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(refundClaimed) AND #rf.#am = :r',
        ExpressionAttributeNames: { '#rf': 'refunded', '#am': 'amount' },
        ExpressionAttributeValues: { ':r': order.refunded.amount, ':sr': perSellerRefunded, ':none': {} },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toOrder(out.Attributes);
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return getOrder(db, t, order.orderId);
  }
}

/** The order with its refund counters, read consistently. */
async function readForRefund(db: Database, t: TenantId, orderId: string): Promise<Order | null> {
  const order = await getOrder(db, t, orderId);
  return order ? withRefundState(db, t, order) : null;
}

/** What can still be reserved: of the whole order, or of one seller's lines. */
export function refundableLeft(order: Order, sellerId?: string): number {
  if (sellerId === undefined) return order.total.amount - (order.refundClaimed ?? order.refunded.amount);
  const gross = sellerTotals(order).get(sellerId) ?? 0;
  return gross - (order.sellerClaimed?.[sellerId] ?? 0);
}

/** The reservation's split: all of it to the one seller, or over the sellers in proportion to what each has left. */
function partsOf(order: Order, amount: number, sellerId?: string): Record<string, number> {
  if (sellerId !== undefined) return { [sellerId]: amount };
  const sellers = [...sellerTotals(order).keys()];
  const split = allocate(amount, sellers.map((s) => refundableLeft(order, s)));
  return Object.fromEntries(sellers.map((s, i) => [s, split[i]!]));
}

/**
 * Reserves `amount` of the order (or of one seller's lines) for a refund: one conditional write
 * that holds only while it fits, so of simultaneous refunds exactly those that fit succeed.
 * Without an amount, all that is left. `holdId` names the reservation, `key` is the provider's
 * idempotency key for it.
 */
export async function reserveRefund(
  db: Database,
  t: TenantId,
  orderId: string,
  input: { amount?: number; sellerId?: string; holdId: string; key: string },
): Promise<ReserveRefundResult> {
  let max = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const order = await readForRefund(db, t, orderId);
    if (!order) return { ok: false, problem: 'not_found', max: 0 };
    max = Math.max(0, refundableLeft(order, input.sellerId));
    if (!REFUNDABLE.includes(order.status) || max === 0) return { ok: false, problem: 'not_refundable', max };
    const amount = input.amount ?? max;
    if (amount > max) return { ok: false, problem: 'over_refund', max };
    const holdId = input.holdId;
    const parts = partsOf(order, amount, input.sellerId);
    const hold: RefundHold = { amount, parts, key: input.key, at: new Date().toISOString() };
    const seller = perSeller(parts);
    const limits = Object.fromEntries(seller.entries.map(([s, p], i) => [`:l${i}`, (sellerTotals(order).get(s) ?? 0) - p]));
    try {
      const out = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: orderKey(t, orderId),
          UpdateExpression: [
            'SET refundClaimed = refundClaimed + :a, refundHolds.#h = :hold',
            ...seller.entries.map((_, i) => `sellerClaimed.#s${i} = if_not_exists(sellerClaimed.#s${i}, :zero) + :p${i}`),
          ].join(', '),
          ConditionExpression: [
            '#st IN (:captured, :partial) AND refundClaimed <= :limit AND attribute_not_exists(refundHolds.#h)',
            ...seller.entries.map((_, i) => `(attribute_not_exists(sellerClaimed.#s${i}) OR sellerClaimed.#s${i} <= :l${i})`),
          ].join(' AND '),
          ExpressionAttributeNames: { '#st': 'status', '#h': holdId, ...seller.names },
          ExpressionAttributeValues: {
            ':a': amount,
            ':hold': hold,
            ':zero': 0,
            ':limit': order.total.amount - amount,
            ':captured': 'captured',
            ':partial': 'partially_refunded',
            ...seller.values,
            ...limits,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, order: toOrder(out.Attributes)!, holdId, hold };
    } catch (e) {
      // Another refund moved the order first: read it again and see whether this one still fits.
      if (!isConditionFailure(e)) throw e;
    }
  }
  return { ok: false, problem: 'over_refund', max };
}

/** The provider refunded a reservation: it becomes refunded (once; null when it was already confirmed or given back). */
export async function confirmRefund(db: Database, t: TenantId, orderId: string, holdId: string): Promise<RefundStep | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const before = await getOrder(db, t, orderId);
    const hold = before?.refundHolds?.[holdId];
    if (!before || !hold) return null;
    const refunded = before.refunded.amount + hold.amount;
    const seller = perSeller(hold.parts);
    try {
      const out = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: orderKey(t, orderId),
          UpdateExpression: [
            'REMOVE refundHolds.#h SET #rf.#am = :r, #st = :status',
            ...seller.entries.map((_, i) => `sellerRefunded.#s${i} = if_not_exists(sellerRefunded.#s${i}, :zero) + :p${i}`),
          ].join(', '),
          ConditionExpression: 'attribute_exists(refundHolds.#h) AND #rf.#am = :prev',
          ExpressionAttributeNames: { '#h': holdId, '#rf': 'refunded', '#am': 'amount', '#st': 'status', ...seller.names },
          ExpressionAttributeValues: { ':r': refunded, ':prev': before.refunded.amount, ':status': statusFor(before, refunded), ':zero': 0, ...seller.values },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { before, after: toOrder(out.Attributes)!, parts: hold.parts };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new Error(`the refund ${holdId} of ${orderId} could not be confirmed: the order kept changing`);
}

/** The provider refused a reservation: give it back (once). */
export async function releaseRefund(db: Database, t: TenantId, orderId: string, holdId: string): Promise<Order | null> {
  const order = await getOrder(db, t, orderId);
  const hold = order?.refundHolds?.[holdId];
  if (!hold) return order;
  const seller = perSeller(hold.parts);
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, orderId),
        UpdateExpression: ['REMOVE refundHolds.#h SET refundClaimed = refundClaimed - :a', ...seller.entries.map((_, i) => `sellerClaimed.#s${i} = sellerClaimed.#s${i} - :p${i}`)].join(', '),
        ConditionExpression: 'attribute_exists(refundHolds.#h)',
        ExpressionAttributeNames: { '#h': holdId, ...seller.names },
        ExpressionAttributeValues: { ':a': hold.amount, ...seller.values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toOrder(out.Attributes);
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return getOrder(db, t, orderId);
  }
}

/** Records the provider's running refunded total (only ever raised: webhooks may arrive out of order). */
export async function observeProviderRefunded(db: Database, t: TenantId, orderId: string, total: number): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: orderKey(t, orderId),
        UpdateExpression: 'SET providerRefunded = :t',
        ConditionExpression: 'attribute_exists(pk) AND #tot.#am >= :t AND (attribute_not_exists(providerRefunded) OR providerRefunded < :t)',
        ExpressionAttributeNames: { '#tot': 'total', '#am': 'amount' },
        ExpressionAttributeValues: { ':t': total },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/**
 * Books what the provider refunded beyond what the platform refunded or has under way (a refund
 * made at the provider directly), split over the sellers by what each has left; null when nothing
 * is unexplained. Refunds under way are left to their own confirmation.
 */
export async function bookOutsideRefund(db: Database, t: TenantId, orderId: string): Promise<RefundStep | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const before = await readForRefund(db, t, orderId);
    if (!before || !REFUNDABLE.includes(before.status)) return null;
    const outside = (before.providerRefunded ?? 0) - before.refunded.amount - holdsTotal(before);
    if (outside <= 0) return null;
    const parts = partsOf(before, outside);
    const seller = perSeller(parts);
    const refunded = before.refunded.amount + outside;
    try {
      const out = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: orderKey(t, orderId),
          UpdateExpression: [
            'SET #rf.#am = :r, refundClaimed = :claimed, #st = :status',
            ...seller.entries.map((_, i) => `sellerRefunded.#s${i} = if_not_exists(sellerRefunded.#s${i}, :zero) + :p${i}, sellerClaimed.#s${i} = if_not_exists(sellerClaimed.#s${i}, :zero) + :p${i}`),
          ].join(', '),
          ConditionExpression: '#rf.#am = :prev AND refundClaimed = :prevClaimed',
          ExpressionAttributeNames: { '#rf': 'refunded', '#am': 'amount', '#st': 'status', ...seller.names },
          ExpressionAttributeValues: {
            ':r': refunded,
            ':prev': before.refunded.amount,
            ':claimed': before.refundClaimed! + outside,
            ':prevClaimed': before.refundClaimed,
            ':status': statusFor(before, refunded),
            ':zero': 0,
            ...seller.values,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { before, after: toOrder(out.Attributes)!, parts };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return null;
}
