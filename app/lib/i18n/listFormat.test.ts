import { describe, expect, it } from 'vitest';
import { formatList, listParts } from './listFormat';

describe('lists in the reader language', () => {
  it('joins with the language conjunction', () => {
    expect(formatList(['A', 'B', 'C'], 'es-MX')).toBe('A, B y C');
    expect(formatList(['A', 'B', 'C'], 'fr')).toBe('A, B et C');
  });

  it('gives element indexes and separators, so items can be links', () => {
    expect(listParts(3, 'en')).toEqual([0, ', ', 1, ', and ', 2]);
    expect(listParts(2, 'fr', 'unit')).toEqual([0, ' et ', 1]);
    expect(listParts(1, 'es')).toEqual([0]);
  });
});
