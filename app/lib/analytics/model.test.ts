import { describe, expect, it } from 'vitest';
import { intervalsOf, isInRoom, timelineOf, watchMsOf, type PresenceMark } from './model';

const j = (at: number, id = `j${at}`): PresenceMark => ({ a: 'j', at, id });
const l = (at: number, id = `l${at}`): PresenceMark => ({ a: 'l', at, id });
const M = 60_000;

describe('time in the room from joins and leaves', () => {
  it('sums closed stretches and counts an open one only up to now', () => {
    const intervals = intervalsOf([j(0), l(10 * M), j(20 * M), l(25 * M), j(30 * M)]);
    expect(intervals).toEqual([
      { from: 0, to: 10 * M },
      { from: 20 * M, to: 25 * M },
      { from: 30 * M, to: null },
    ]);
    expect(watchMsOf(intervals)).toBe(15 * M);
    expect(watchMsOf(intervals, 32 * M)).toBe(17 * M);
    expect(isInRoom(intervals)).toBe(true);
  });

  it('reads webhooks in any order, and a second join while in (a reconnect) changes nothing', () => {
    const shuffled = [l(25 * M), j(20 * M), j(22 * M), l(10 * M), j(0)];
    expect(intervalsOf(shuffled)).toEqual([
      { from: 0, to: 10 * M },
      { from: 20 * M, to: 25 * M },
    ]);
    expect(watchMsOf(intervalsOf(shuffled))).toBe(15 * M);
  });

  it('merges a reconnect that left and joined in the same instant into one stretch, and ignores a leave while out', () => {
    const intervals = intervalsOf([j(0), j(5 * M), l(5 * M), l(8 * M), l(9 * M)]);
    expect(intervals).toEqual([{ from: 0, to: 8 * M }]);
    expect(watchMsOf(intervals)).toBe(8 * M);
    expect(isInRoom(intervals)).toBe(false);
  });

  it('has no stretch for someone who only left', () => {
    expect(intervalsOf([l(3)])).toEqual([]);
  });
});

describe('the concurrency timeline from minute buckets', () => {
  it('carries the level forward through minutes without a change and keeps each minute’s maximum', () => {
    const buckets = [
      { minute: 0, max: 2, end: 2 },
      { minute: 2, max: 5, end: 1 },
    ];
    expect(timelineOf(buckets, 0, 4 * M).map((p) => p.viewers)).toEqual([2, 2, 5, 1, 1]);
  });

  it('counts those in at a minute’s start even when its bucket saw only leaves', () => {
    const buckets = [
      { minute: 0, max: 3, end: 3 },
      { minute: 1, max: 2, end: 0 },
    ];
    expect(timelineOf(buckets, 0, 2 * M).map((p) => p.viewers)).toEqual([3, 3, 0]);
  });

  it('starts from the level before the range and keeps at most maxPoints points', () => {
    const buckets = [{ minute: 0, max: 4, end: 4 }];
    const points = timelineOf(buckets, 10 * M, 1000 * M, 100);
    expect(points.length).toBeLessThanOrEqual(100);
    expect(points.every((p) => p.viewers === 4)).toBe(true);
  });
});
