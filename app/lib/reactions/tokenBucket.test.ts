import { describe, expect, it } from 'vitest';
import { KeyedBuckets, TokenBucket } from './tokenBucket';
import { REACTION_RATE } from './protocol';

const rate = { perSecond: 3, burst: 6 };
const takes = (take: () => boolean, n: number) => Array.from({ length: n }, take).filter(Boolean).length;

describe('TokenBucket', () => {
  it('lets a burst of `burst` through at once and drops the rest', () => {
    const bucket = new TokenBucket(rate, 0);
    expect(takes(() => bucket.take(0), 20)).toBe(6);
  });

  it('refills at perSecond, never above burst', () => {
    const bucket = new TokenBucket(rate, 0);
    takes(() => bucket.take(0), 6);
    expect(bucket.take(100)).toBe(false);
    // 1/3 s gives back one token.
    expect(bucket.take(334)).toBe(true);
    expect(bucket.take(334)).toBe(false);
    // A long pause refills to the burst, not beyond.
    expect(takes(() => bucket.take(60_000), 20)).toBe(6);
  });

  it('holds a steady clicker to perSecond over time', () => {
    const bucket = new TokenBucket(rate, 0);
    let allowed = 0;
    // 20 clicks a second for 10 seconds.
    for (let t = 0; t < 10_000; t += 50) if (bucket.take(t)) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(6 + 3 * 10 - 1);
    expect(allowed).toBeLessThanOrEqual(6 + 3 * 10);
  });

  it('mints nothing when the clock steps back', () => {
    const bucket = new TokenBucket(rate, 10_000);
    takes(() => bucket.take(10_000), 6);
    expect(bucket.take(5_000)).toBe(false);
    expect(bucket.take(10_000)).toBe(false);
  });

  it('the product limit is a few per second with a capped burst', () => {
    expect(REACTION_RATE.perSecond).toBeGreaterThan(0);
    expect(REACTION_RATE.perSecond).toBeLessThanOrEqual(5);
    expect(REACTION_RATE.burst).toBeLessThanOrEqual(10);
  });
});

describe('KeyedBuckets', () => {
  it('keeps one allowance per key', () => {
    const buckets = new KeyedBuckets(rate);
    expect(takes(() => buckets.take('t:e:alice', 0), 10)).toBe(6);
    expect(takes(() => buckets.take('t:e:bob', 0), 10)).toBe(6);
    expect(buckets.take('t:e:alice', 0)).toBe(false);
    expect(buckets.take('t:other:alice', 0)).toBe(true);
  });

  it('sweep forgets only the buckets that are full again', () => {
    const buckets = new KeyedBuckets(rate);
    takes(() => buckets.take('busy', 0), 6);
    buckets.take('once', 1900);
    expect(buckets.size).toBe(2);
    // At 2 s "busy" has refilled 6 tokens; "once" (one token short 100 ms ago) has not.
    buckets.sweep(2000);
    expect(buckets.size).toBe(1);
    expect(takes(() => buckets.take('busy', 2000), 10)).toBe(6);
  });
});
