import { describe, expect, it } from 'vitest';
import type { LineKind } from '#app/lib/payments/model';
import { isNothingSellsError, sellableFor } from './sellables.server';

describe('sellableFor', () => {
  it('throws an error recognised by its name when nothing sells the kind', () => {
    let thrown: unknown;
    try {
      sellableFor('unregistered' as LineKind);
    } catch (e) {
      thrown = e;
    }
    expect(isNothingSellsError(thrown)).toBe(true);
    // The same words in another error are not the same error.
    expect(isNothingSellsError(new Error('nothing sells unregistered'))).toBe(false);
  });
});
