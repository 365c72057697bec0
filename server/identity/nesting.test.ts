import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './nesting';

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, the value itself being level 1', () => {
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan([[]], 1)).toBe(true);
  });

  it('measures a 60,000-level value without overflowing the stack', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(60_000)}${']'.repeat(60_000)}`);
    expect(nestedDeeperThan(deep, 10)).toBe(true);
    const wide = JSON.parse(JSON.stringify({ list: Array.from({ length: 5_000 }, (_, i) => ({ i, tags: ['a'] })) }));
    expect(nestedDeeperThan(wide, 4)).toBe(false);
  });
});
