import { describe, expect, it } from 'vitest';
import type { LineRequest } from '#app/lib/payments/model';
import { mergeLineRequests, refusalsOfRequested } from './checkoutLines.server';

const product = (refId: string, quantity = 1): LineRequest => ({ kind: 'product', refId, quantity });

describe('the lines a checkout prices and holds', () => {
  it('makes one line of each product with the quantities added, in the order they first appear', () => {
    const merged = mergeLineRequests([product('a'), product('b', 2), product('a', 3), { kind: 'ticket', refId: 'a', quantity: 1 }, product('b')]);
    expect(merged.lines).toEqual([product('a', 4), product('b', 3), { kind: 'ticket', refId: 'a', quantity: 1 }]);
    expect(merged.sources).toEqual([[0, 2], [1, 4], [3]]);
  });

  it('makes one line of a ticket, replay or booking asked for twice, and keeps donations apart', () => {
    const merged = mergeLineRequests([
      { kind: 'ticket', refId: 'evt', quantity: 1 },
      { kind: 'donation', refId: 'chan', quantity: 1, amount: 500 },
      { kind: 'ticket', refId: 'evt', quantity: 1 },
      { kind: 'donation', refId: 'chan', quantity: 1, amount: 700, meta: { message: 'again' } },
      { kind: 'consultation', refId: 'bk', quantity: 1 },
      { kind: 'consultation', refId: 'bk', quantity: 1 },
    ]);
    expect(merged.lines.map((l) => [l.kind, l.quantity, l.amount])).toEqual([
      ['ticket', 2, undefined],
      ['donation', 1, 500],
      ['donation', 1, 700],
      ['consultation', 2, undefined],
    ]);
  });

  it('does not change the lines it was given', () => {
    const requested = [product('a'), product('a')];
    mergeLineRequests(requested);
    expect(requested).toEqual([product('a'), product('a')]);
  });

  it('names every requested line of a refused merged line', () => {
    const merged = mergeLineRequests([product('a'), product('b'), product('a')]);
    expect(refusalsOfRequested(merged, [{ index: 0, refused: 'sold_out' }])).toEqual([
      { index: 0, refused: 'sold_out' },
      { index: 2, refused: 'sold_out' },
    ]);
    expect(refusalsOfRequested(merged, [{ index: 1, refused: 'not_found' }])).toEqual([{ index: 1, refused: 'not_found' }]);
  });
});
