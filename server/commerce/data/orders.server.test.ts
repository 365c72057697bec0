/**
 * Order moves and the sweeper's list of pending orders: a move out of pending drops the order from
 * the list, also when the delete runs beside the move (the caller knows the order), and a move that
 * fails without an answer leaves a still-pending order on the list.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '#app/lib/payments/model';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createOrder, getOrder, listStalePendingOrders, moveOrder } from './orders.server';

const db = testDatabase();
const later = () => new Date(Date.now() + 3_600_000).toISOString();

function newOrder(): Order {
  const orderId = `ord_${Math.random().toString(36).slice(2, 14)}`;
  return {
    orderId,
    buyerId: 'buyer-1',
    buyerEmail: 'buyer@example.com',
    buyerName: 'Buyer',
    currency: 'USD',
    lines: [{ kind: 'product', refId: 'p1', quantity: 1, title: 'P', unitAmount: 1000, sellerId: 's1' }],
    total: { amount: 1000, currency: 'USD' },
    applicationFee: { amount: 50, currency: 'USD' },
    refunded: { amount: 0, currency: 'USD' },
    status: 'pending',
    provider: 'test',
    returnPath: '/',
    createdAt: new Date().toISOString(),
  };
}

/** The same table, with every UpdateItem failing as a lost connection would (no answer, not a condition). */
function updatesFail(): Database {
  const broken = testDatabase();
  broken.raw.middlewareStack.add(
    (next, context) => async (args) => {
      if (/^Update(Item)?Command$/.test(context.commandName ?? '')) throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
      return next(args);
    },
    { step: 'initialize', name: 'failUpdates' },
  );
  return broken;
}

describe('order moves and the pending list', () => {
  it('a move out of pending drops the order from the list, with or without the known order; a second move changes nothing', async () => {
    const t = uniqueTenantId('ord');
    const [a, b] = [newOrder(), newOrder()];
    await createOrder(db, t, a, 'key-a');
    await createOrder(db, t, b, 'key-b');
    expect((await listStalePendingOrders(db, t, later())).sort()).toEqual([a.orderId, b.orderId].sort());

    const at = new Date().toISOString();
    const moved = await moveOrder(db, t, a.orderId, ['pending', 'authorized'], 'captured', { paidAt: at, fulfilledAt: at }, a);
    expect(moved).toMatchObject({ status: 'captured', paidAt: at, fulfilledAt: at });
    await moveOrder(db, t, b.orderId, ['pending'], 'canceled');
    expect(await listStalePendingOrders(db, t, later())).toEqual([]);

    expect(await moveOrder(db, t, a.orderId, ['pending', 'authorized'], 'captured', {}, a)).toBeNull();
    expect((await getOrder(db, t, a.orderId))?.fulfilledAt).toBe(at);
  });

  it('a move that fails without an answer leaves the pending order on the list', async () => {
    const t = uniqueTenantId('ord');
    const order = newOrder();
    await createOrder(db, t, order, 'key-c');
    await expect(moveOrder(updatesFail(), t, order.orderId, ['pending', 'authorized'], 'captured', {}, order)).rejects.toThrow('socket hang up');
    expect((await getOrder(db, t, order.orderId))?.status).toBe('pending');
    expect(await listStalePendingOrders(db, t, later())).toEqual([order.orderId]);
  });
});
