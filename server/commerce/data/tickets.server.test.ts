import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { queryAll, tenantKey } from '#server/platform/dynamo/dynamo.server';
import { getTicket, grantTicket, listTickets, registerFree, releaseSeats, reserveSeats, revokeTicket, seatsSold } from './tickets.server';

const db = testDatabase();
const EVENT = 'tick3tsevent';

describe('seats and tickets', () => {
  it('sells exactly the last 10 seats to 100 parallel buyers', async () => {
    const t = uniqueTenantId();
    const capacity = 50;
    // 40 seats gone already: 10 left.
    expect(await reserveSeats(db, t, { eventId: EVENT, orderId: 'earlier', quantity: 40, capacity })).toBe(true);
    const buyers = Array.from({ length: 100 }, (_, i) => `order${i}`);
    const results = await Promise.all(buyers.map((orderId) => reserveSeats(db, t, { eventId: EVENT, orderId, quantity: 1, capacity })));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await seatsSold(db, t, EVENT)).toBe(capacity);
  }, 120_000);

  it('reserves and releases idempotently per order', async () => {
    const t = uniqueTenantId();
    const hold = { eventId: EVENT, orderId: 'o1', quantity: 2, capacity: 3 };
    expect(await reserveSeats(db, t, hold)).toBe(true);
    expect(await reserveSeats(db, t, hold)).toBe(true);
    expect(await seatsSold(db, t, EVENT)).toBe(2);
    expect(await reserveSeats(db, t, { ...hold, orderId: 'o2' })).toBe(false);
    expect(await reserveSeats(db, t, { ...hold, orderId: 'o3', quantity: 9 })).toBe(false);
    expect(await releaseSeats(db, t, hold)).toBe(true);
    expect(await releaseSeats(db, t, hold)).toBe(false);
    expect(await seatsSold(db, t, EVENT)).toBe(0);
    expect(await reserveSeats(db, t, { ...hold, orderId: 'o2' })).toBe(true);
  });

  it('turns a hold into a ticket once, keeps the seat on release after that, and frees it on revoke', async () => {
    const t = uniqueTenantId();
    await reserveSeats(db, t, { eventId: EVENT, orderId: 'o1', quantity: 1, capacity: 1 });
    const grant = { eventId: EVENT, userId: 'u1', orderId: 'o1', kind: 'ticket' as const };
    expect(await grantTicket(db, t, grant)).toBe(true);
    expect(await grantTicket(db, t, grant)).toBe(true);
    expect(await releaseSeats(db, t, { eventId: EVENT, orderId: 'o1' })).toBe(false);
    expect(await seatsSold(db, t, EVENT)).toBe(1);
    expect((await getTicket(db, t, EVENT, 'u1'))?.orderId).toBe('o1');
    // Another order of the same person grants nothing more.
    expect(await grantTicket(db, t, { ...grant, orderId: 'o2' })).toBe(false);
    expect(await revokeTicket(db, t, grant)).toBe(true);
    expect(await revokeTicket(db, t, grant)).toBe(false);
    expect(await getTicket(db, t, EVENT, 'u1')).toBeNull();
    expect(await seatsSold(db, t, EVENT)).toBe(0);
  });

  it('registers free attendees under the capacity, once each', async () => {
    const t = uniqueTenantId();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => registerFree(db, t, { eventId: EVENT, userId: `u${i}`, capacity: 5 })),
    );
    expect(results.filter((r) => r === 'registered')).toHaveLength(5);
    expect(results.filter((r) => r === 'soldOut')).toHaveLength(7);
    const holder = (await listTickets(db, t, EVENT))[0]!;
    expect(await registerFree(db, t, { eventId: EVENT, userId: holder.userId, capacity: 5 })).toBe('already');
    expect(await seatsSold(db, t, EVENT)).toBe(5);
    expect(await registerFree(db, t, { eventId: EVENT, userId: 'unlimited', capacity: null })).toBe('registered');
  }, 60_000);

  it("never shows one tenant's tickets to another", async () => {
    const a = uniqueTenantId();
    const b = uniqueTenantId();
    await registerFree(db, a, { eventId: EVENT, userId: 'u1', capacity: null });
    expect(await getTicket(db, b, EVENT, 'u1')).toBeNull();
    expect(await listTickets(db, b, EVENT)).toEqual([]);
    expect(await seatsSold(db, b, EVENT)).toBe(0);
  });
});

describe('the holder\'s own list (My events)', () => {
  it('a registration or a granted ticket adds the event to the holder\'s ATTENDS refs, a refund takes it away', async () => {
    const t = uniqueTenantId();
    const attends = async (userId: string) => {
      const items = await queryAll(db, {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': tenantKey(t, 'USER', userId), ':prefix': 'ATTENDS#' },
      });
      return items.map((item) => item.eventId);
    };
    expect(await registerFree(db, t, { eventId: 'freeevent001', userId: 'u1', capacity: null })).toBe('registered');
    expect(await grantTicket(db, t, { eventId: 'paidevent001', userId: 'u1', orderId: 'o9', kind: 'ticket' })).toBe(true);
    expect((await attends('u1')).sort()).toEqual(['freeevent001', 'paidevent001']);
    expect(await attends('u2')).toEqual([]);
    expect(await revokeTicket(db, t, { eventId: 'paidevent001', userId: 'u1', orderId: 'o9', kind: 'ticket' })).toBe(true);
    expect(await attends('u1')).toEqual(['freeevent001']);
  });
});
