import { describe, expect, it } from 'vitest';
import { SlidingHistogram } from './slidingHistogram';

const BOUNDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];
const MINUTE = 60_000;

/** A window whose clock starts on a step's first millisecond (steps of 15 s). */
function windowAt(start = 113_333_334 * 15_000) {
  const clock = { now: start };
  const histogram = new SlidingHistogram({ bounds: BOUNDS, windowMs: 5 * MINUTE, slots: 20, now: () => clock.now });
  const observe = (value: number, times = 1) => {
    for (let i = 0; i < times; i++) histogram.observe(value);
  };
  return { clock, histogram, observe };
}

/** A fixed pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the sliding-window quantile of chat delivery lag', () => {
  it('interpolates inside the bucket that holds the rank, as histogram_quantile does', () => {
    const { histogram, observe } = windowAt();
    observe(0.03, 90); // bucket (0.01, 0.05]
    observe(1.5, 10); // bucket (1, 2]
    // rank 95: 90 below 1 s, so 5 of the 10 in (1, 2] → 1 + (2 - 1) × 5/10.
    expect(histogram.quantile(0.95)).toBeCloseTo(1.5, 10);
    // rank 50: in (0.01, 0.05], 50 of its 90 → 0.01 + 0.04 × 50/90.
    expect(histogram.quantile(0.5)).toBeCloseTo(0.01 + 0.04 * (50 / 90), 10);
  });

  it('puts the p95 over a bound exactly when more than 5 % of the window is over it', () => {
    const fivePercent = windowAt();
    fivePercent.observe(0.2, 95);
    fivePercent.observe(3, 5);
    expect(fivePercent.histogram.quantile(0.95)).toBeLessThanOrEqual(2);

    const sixPercent = windowAt();
    sixPercent.observe(0.2, 94);
    sixPercent.observe(3, 6);
    expect(sixPercent.histogram.quantile(0.95)).toBeGreaterThan(2);
  });

  it('decides "p95 above 1 s" and "above 2 s" as the raw observations do, on random windows', () => {
    const next = random(77);
    const decided: Record<string, number> = { true: 0, false: 0 };
    for (let run = 0; run < 200; run++) {
      const { histogram, observe } = windowAt();
      const slowShare = next() * 0.15; // 0–15 % slow messages: runs on both sides of the 5 % line
      const values = Array.from({ length: 1 + Math.floor(next() * 300) }, () => (next() < slowShare ? 0.9 + next() * 8 : next() * 0.9));
      values.forEach((v) => observe(v));
      const p95 = histogram.quantile(0.95)!;
      for (const bound of [1, 2]) {
        const over = values.filter((v) => v > bound).length / values.length;
        expect(p95 > bound, `run ${run}: ${(over * 100).toFixed(2)} % over ${bound} s, p95 ${p95}`).toBe(over > 0.05);
        decided[String(over > 0.05)]++;
      }
    }
    expect(decided.true).toBeGreaterThan(50);
    expect(decided.false).toBeGreaterThan(50);
  });

  it('forgets what is older than the window, and is empty with nothing in it', () => {
    const { clock, histogram, observe } = windowAt();
    expect(histogram.quantile(0.95)).toBeUndefined();
    observe(4, 10);
    clock.now += 3 * MINUTE;
    observe(0.02, 10);
    expect(histogram.quantile(0.95)).toBeGreaterThan(2); // both in the window: half of it at 4 s
    clock.now += 2 * MINUTE - 1;
    expect(histogram.quantile(0.95)).toBeGreaterThan(2); // the 4 s ones are 1 ms short of 5 min old
    clock.now += 1;
    expect(histogram.quantile(0.95)).toBeLessThan(0.05); // now they are out
    observe(0.3); // into the slot the 4 s ones had: it starts from zero
    expect(histogram.quantile(0.95)).toBeLessThanOrEqual(0.5);
    clock.now += 5 * MINUTE;
    expect(histogram.quantile(0.95)).toBeUndefined();
  });

  it('answers the highest finite bound when the rank is past it, as histogram_quantile does', () => {
    const { histogram, observe } = windowAt();
    observe(45, 3);
    expect(histogram.quantile(0.95)).toBe(30);
  });
});
