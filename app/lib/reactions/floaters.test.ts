import { describe, expect, it } from 'vitest';
import { addStillCounts, expireStillCounts, FLOAT_MS, FLOAT_SPREAD_MS, FLOATERS_PER_EMOJI, MAX_FLOATERS, noFloaters, removeFloater, spawnFloaters, STILL_HOLD_MS } from './floaters';

const fixed = () => 0.5;

describe('floaters', () => {
  it('one reaction floats once, unlabelled', () => {
    const state = spawnFloaters(noFloaters, { '👏': 1 }, 0, fixed);
    expect(state.list).toHaveLength(1);
    expect(state.list[0]).toMatchObject({ emoji: '👏', total: null });
  });

  it('a burst of 500 shows a few floaters, the first labelled with the count', () => {
    const state = spawnFloaters(noFloaters, { '👏': 500, '❤️': 2 }, 0, fixed);
    const claps = state.list.filter((f) => f.emoji === '👏');
    expect(claps).toHaveLength(FLOATERS_PER_EMOJI);
    expect(claps.map((f) => f.total)).toEqual([500, ...Array(FLOATERS_PER_EMOJI - 1).fill(null)]);
    expect(state.list.filter((f) => f.emoji === '❤️').map((f) => f.total)).toEqual([null, null]);
  });

  it('never more than MAX_FLOATERS at once: the oldest give way', () => {
    let state = noFloaters;
    for (let i = 0; i < 100; i++) state = spawnFloaters(state, { '👏': 40, '😂': 40, '🎉': 40 }, i * 250, fixed);
    expect(state.list.length).toBeLessThanOrEqual(MAX_FLOATERS);
    // The newest frame's floaters are among those shown.
    expect(state.list.at(-1)!.bornAt).toBe(99 * 250);
    expect(new Set(state.list.map((f) => f.id)).size).toBe(state.list.length);
  });

  it('drops floaters long past their animation (a hidden tab never finished them) and removes finished ones', () => {
    let state = spawnFloaters(noFloaters, { '👍': 2 }, 0, fixed);
    state = removeFloater(state, state.list[0]!.id);
    expect(state.list).toHaveLength(1);
    state = spawnFloaters(state, { '🙋': 1 }, FLOAT_MS * 3, fixed);
    expect(state.list.map((f) => f.emoji)).toEqual(['🙋']);
  });

  it('a frame rises as a stream: the first floater at once, the others within the spread', () => {
    let r = 0;
    const state = spawnFloaters(noFloaters, { '👏': 3, '🎉': 3 }, 0, () => (r = (r + 0.37) % 1));
    expect(state.list[0]!.delayMs).toBe(0);
    for (const f of state.list) expect(f.delayMs).toBeGreaterThanOrEqual(0);
    for (const f of state.list) expect(f.delayMs).toBeLessThanOrEqual(FLOAT_SPREAD_MS);
    expect(new Set(state.list.map((f) => f.delayMs)).size).toBeGreaterThan(1);
  });

  it('lanes stay inside the stage', () => {
    for (const r of [0, 0.999]) {
      const [f] = spawnFloaters(noFloaters, { '👏': 1 }, 0, () => r).list;
      expect(f!.lane).toBeGreaterThanOrEqual(0.05);
      expect(f!.lane).toBeLessThanOrEqual(0.95);
    }
  });
});

describe('still counts (reduced motion)', () => {
  it('add up while people keep reacting and clear after a quiet moment', () => {
    let still = addStillCounts({}, { '👏': 12 }, 0);
    still = addStillCounts(still, { '👏': 3, '❤️': 1 }, 1000);
    expect(still['👏']).toEqual({ count: 15, lastAt: 1000 });
    expect(still['❤️']).toEqual({ count: 1, lastAt: 1000 });
    expect(expireStillCounts(still, 1000 + STILL_HOLD_MS - 1)).toBe(still);
    expect(expireStillCounts(still, 1000 + STILL_HOLD_MS)).toEqual({});
  });
});
