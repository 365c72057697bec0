import { describe, expect, it } from 'vitest';
import { badShare, bucketOf, experienceDeltas, experienceOf, isBadPlayback, JOIN_BOUNDS_MS, REBUFFER_BOUNDS, STARTUP_BOUNDS_MS, type PlayBeacon } from './model';
import { batchSchema } from './schema';

const play = (over: Partial<PlayBeacon> = {}): PlayBeacon => ({ k: 'play', live: false, startupMs: 800, watchMs: 60_000, stallMs: 0, switches: 1, failed: false, ...over });
const MEDIA = 'abcdefghij0123456789a';

describe('beacon buckets and the bad-experience rule', () => {
  it('puts values in their ranges, the last one open', () => {
    expect(STARTUP_BOUNDS_MS.map((b) => bucketOf(b - 1, STARTUP_BOUNDS_MS))).toEqual([0, 1, 2, 3]);
    expect(bucketOf(8000, STARTUP_BOUNDS_MS)).toBe(4);
    expect(bucketOf(0, REBUFFER_BOUNDS)).toBe(0);
    expect(bucketOf(0.005, REBUFFER_BOUNDS)).toBe(1);
    expect(bucketOf(0.03, REBUFFER_BOUNDS)).toBe(3);
    expect(bucketOf(2500, JOIN_BOUNDS_MS)).toBe(2);
  });

  it('flags failures, slow starts and rebuffering of 2 % or more, nothing else', () => {
    expect(isBadPlayback(play())).toBe(false);
    expect(isBadPlayback(play({ failed: true, startupMs: null, watchMs: 0 }))).toBe(true);
    expect(isBadPlayback(play({ startupMs: 3999 }))).toBe(false);
    expect(isBadPlayback(play({ startupMs: 4000 }))).toBe(true);
    expect(isBadPlayback(play({ watchMs: 98_000, stallMs: 1_000 }))).toBe(false);
    expect(isBadPlayback(play({ watchMs: 98_000, stallMs: 2_000 }))).toBe(true);
  });

  it('turns beacons into the counters an event adds, and sums back into distributions', () => {
    const sums: Record<string, number> = {};
    const add = (d: Record<string, number>) => Object.entries(d).forEach(([k, v]) => (sums[k] = (sums[k] ?? 0) + v));
    add(experienceDeltas(play()));
    add(experienceDeltas(play({ startupMs: 5200, stallMs: 6000, switches: 3 })));
    add(experienceDeltas(play({ failed: true, startupMs: null, watchMs: 0, switches: 0 })));
    add(experienceDeltas({ k: 'join', ms: 900 }));
    add(experienceDeltas({ k: 'join', ms: 7000 }));
    add(experienceDeltas({ k: 'join', ms: null }));
    add(experienceDeltas({ k: 'reconnect', n: 2 }));
    const x = experienceOf(sums);
    expect(x).toMatchObject({ plays: 3, failures: 1, badPlays: 2, switches: 4, joins: 3, joinFailures: 1, badJoins: 2, reconnects: 2, stallMs: 6000 });
    expect(x.startup).toEqual([1, 0, 0, 1, 0]);
    expect(x.rebuffer).toEqual([1, 0, 0, 0, 1]);
    expect(x.join).toEqual([1, 0, 0, 1, 0]);
    expect(badShare(x)).toEqual({ bad: 4, sessions: 6, share: 4 / 6 });
    expect(badShare(experienceOf({})).share).toBe(0);
  });
});

describe('the beacon batch schema', () => {
  it('takes one target and the beacons that fit it', () => {
    expect(batchSchema.safeParse({ mediaId: MEDIA, beacons: [{ k: 'view', view: true, s: 0 }, play()] }).success).toBe(true);
    expect(batchSchema.safeParse({ eventId: 'abcdefgh1234', beacons: [{ k: 'join', ms: 1200 }, { k: 'reconnect', n: 1 }, play({ live: true })] }).success).toBe(true);
  });

  it('refuses two targets, none, an empty or oversized batch, unknown fields and out-of-range values', () => {
    const view = { k: 'view', view: false, s: 30 };
    for (const body of [
      { mediaId: MEDIA, eventId: 'abcdefgh1234', beacons: [view] },
      { beacons: [view] },
      { mediaId: MEDIA, beacons: [] },
      { mediaId: MEDIA, beacons: Array.from({ length: 21 }, () => view) },
      { mediaId: MEDIA, beacons: [{ ...view, ip: '203.0.113.9' }] },
      { mediaId: MEDIA, beacons: [view], userAgent: 'x' },
      { mediaId: MEDIA, beacons: [{ ...view, s: 601 }] },
      { mediaId: MEDIA, beacons: [{ k: 'join', ms: 10 }] },
      { mediaId: MEDIA, beacons: [play({ startupMs: -1 })] },
      { mediaId: MEDIA, beacons: [play({ watchMs: 1.5 })] },
      { eventId: 'abcdefgh1234', beacons: [view] },
    ]) {
      expect(batchSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
