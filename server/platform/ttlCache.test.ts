import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttlCache';

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

describe('TtlCache', () => {
  it('returns a value until its time has passed', () => {
    const c = clock();
    const cache = new TtlCache<string>(100, Infinity, c.now);
    cache.set('a', 'one');
    c.advance(99);
    expect(cache.get('a')).toBe('one');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not trust a copy when the clock went back', () => {
    const c = clock(5_000);
    const cache = new TtlCache<string>(100, Infinity, c.now);
    cache.set('a', 'one');
    c.set(4_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest kept copy when full, counting a re-set as new', () => {
    const c = clock();
    const cache = new TtlCache<number>(1_000, 2, c.now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(3);
    expect(cache.get('c')).toBe(4);
    expect(cache.size).toBe(2);
  });

  it('forgets on delete and clear', () => {
    const cache = new TtlCache<number>(1_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
