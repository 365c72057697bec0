import { describe, expect, it } from 'vitest';
import type { Order } from './model';
import { allocate, feeBackFor, sellerFees, sellerNetDue, sellerRefundedOf } from './shares';

const order = (over: Partial<Order> = {}): Pick<Order, 'lines' | 'applicationFee' | 'refunded' | 'sellerRefunded'> => ({
  lines: [
    { kind: 'product', refId: 'p1', quantity: 1, title: 'A', unitAmount: 2000, sellerId: 'a' },
    { kind: 'product', refId: 'p2', quantity: 3, title: 'B', unitAmount: 333, sellerId: 'b' },
  ],
  applicationFee: { amount: 150, currency: 'USD' },
  refunded: { amount: 0, currency: 'USD' },
  ...over,
});

describe('sellers’ shares of an order', () => {
  it('splits in whole minor units that add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('gives each seller their part of the fee, and the whole fee back after a full refund', () => {
    const fees = sellerFees(order());
    expect([...fees.values()].reduce((a, b) => a + b, 0)).toBe(150);
    expect(fees.get('a')).toBe(100);
    expect(feeBackFor(100, 2000, 2000)).toBe(100);
    expect(feeBackFor(100, 2000, 1000)).toBe(50);
    expect(feeBackFor(100, 2000, 5000)).toBe(100);
  });

  it('owes each seller their net less what was refunded of it', () => {
    expect(sellerNetDue(order(), 'a')).toBe(1900);
    expect(sellerNetDue(order({ sellerRefunded: { a: 1000 } }), 'a')).toBe(950);
    expect(sellerNetDue(order({ sellerRefunded: { a: 2000 } }), 'a')).toBe(0);
    expect(sellerNetDue(order({ sellerRefunded: { a: 2000 } }), 'b')).toBe(999 - 50);
  });

  it('reads an older order’s refunded amount as split in proportion', () => {
    const older = order({ refunded: { amount: 2999, currency: 'USD' } });
    expect(sellerRefundedOf(older, 'a') + sellerRefundedOf(older, 'b')).toBe(2999);
    expect(sellerRefundedOf(older, 'a')).toBe(2000);
  });
});
