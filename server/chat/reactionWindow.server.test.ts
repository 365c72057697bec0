import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REACTION_WINDOW_MS, countTotal, type ReactionCounts } from '#app/lib/reactions/protocol';
import { ChatReactions } from './reactions.server';
import { ReactionWindow } from './reactionWindow.server';
import { testTenantId } from '#tests/support/tenants';

const W = REACTION_WINDOW_MS;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

function recorder() {
  const flushed: Array<{ at: number; counts: ReactionCounts }> = [];
  let idle = 0;
  const window = new ReactionWindow({ flush: (counts) => flushed.push({ at: Date.now(), counts }), onIdle: () => idle++ });
  return { window, flushed, idle: () => idle };
}

describe('ReactionWindow (the aggregator)', () => {
  it('lets a lone reaction out at once', () => {
    const { window, flushed } = recorder();
    window.add({ '👏': 1 });
    expect(flushed).toEqual([{ at: 0, counts: { '👏': 1 } }]);
  });

  it('sums what arrives within a window into one set of counts when it closes', () => {
    const { window, flushed } = recorder();
    window.add({ '👏': 1 });
    vi.advanceTimersByTime(10);
    window.add({ '👏': 1 });
    window.add({ '❤️': 2 });
    vi.advanceTimersByTime(100);
    window.add({ '👏': 3 });
    expect(flushed).toHaveLength(1);
    vi.advanceTimersByTime(W);
    expect(flushed).toEqual([
      { at: 0, counts: { '👏': 1 } },
      { at: W, counts: { '👏': 4, '❤️': 2 } },
    ]);
  });

  it('1,000 people reacting at once for 10 s: at most one frame per window, counts exact', () => {
    const { window, flushed } = recorder();
    let sent = 0;
    // Every 10 ms for 10 s, 25 people react (2,500 a second: 1,000 people at 2.5 a second).
    for (let t = 0; t < 10_000; t += 10) {
      for (let i = 0; i < 25; i++) {
        window.add({ [(['👏', '❤️', '😂', '🎉', '👍', '🙋'] as const)[i % 6]]: 1 });
        sent++;
      }
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(W);
    expect(flushed.reduce((n, f) => n + countTotal(f.counts), 0)).toBe(sent);
    // 10 s is 40 windows: 41 frames at most (the leading one, then one per window), so 4 a second.
    expect(flushed.length).toBeLessThanOrEqual(10_000 / W + 1);
    for (let i = 1; i < flushed.length; i++) expect(flushed[i]!.at - flushed[i - 1]!.at).toBeGreaterThanOrEqual(W);
  });

  it('ends the series after a quiet window, and starts afresh at once after it', () => {
    const { window, flushed, idle } = recorder();
    window.add({ '🎉': 1 });
    vi.advanceTimersByTime(W);
    expect(idle()).toBe(1);
    vi.advanceTimersByTime(5 * W);
    expect(idle()).toBe(1);
    window.add({ '🎉': 1 });
    expect(flushed.map((f) => f.at)).toEqual([0, 6 * W]);
  });

  it('ignores what is not a positive count and caps a count', () => {
    const { window, flushed } = recorder();
    window.add({ '👏': 0 });
    window.add({});
    expect(flushed).toEqual([]);
    window.add({ '👏': 1 });
    window.add({ '👏': 999_999 });
    window.add({ '👏': 999_999 });
    vi.advanceTimersByTime(W);
    expect(flushed.map((f) => f.counts['👏'])).toEqual([1, 1_000_000]);
  });

  it('close drops what was pending and stops the timer', () => {
    const { window, flushed, idle } = recorder();
    window.add({ '👏': 1 });
    window.add({ '👏': 1 });
    window.close();
    vi.advanceTimersByTime(10 * W);
    expect(flushed).toHaveLength(1);
    expect(idle()).toBe(0);
  });
});

describe('ChatReactions (an instance: rate limit, one bus payload per event and window)', () => {
  const aurora = testTenantId('aurora');
  const solana = testTenantId('solana');

  function instance() {
    const published: Array<{ tenant: string; event: string; counts: ReactionCounts }> = [];
    const reactions = new ChatReactions({ publish: (tenant, event, counts) => published.push({ tenant, event, counts }) });
    return { reactions, published };
  }

  it('drops a person over the allowance, not the others', () => {
    const { reactions } = instance();
    const alice = Array.from({ length: 20 }, () => reactions.allow(aurora, 'e1', 'alice', 0)).filter(Boolean).length;
    expect(alice).toBe(6);
    expect(reactions.allow(aurora, 'e1', 'bob', 0)).toBe(true);
    // Another event's allowance is its own.
    expect(reactions.allow(aurora, 'e2', 'alice', 0)).toBe(true);
    expect(reactions.allow(aurora, 'e1', 'alice', 400)).toBe(true);
  });

  it('sums each event apart, tenant by tenant, and forgets an event once it is quiet', () => {
    const { reactions, published } = instance();
    for (let i = 0; i < 1000; i++) reactions.collect(aurora, 'event1', '👏');
    reactions.collect(solana, 'event1', '❤️');
    reactions.collect(aurora, 'event2', '😂');
    vi.advanceTimersByTime(W);
    expect(published).toEqual([
      { tenant: 'aurora', event: 'event1', counts: { '👏': 1 } },
      { tenant: 'solana', event: 'event1', counts: { '❤️': 1 } },
      { tenant: 'aurora', event: 'event2', counts: { '😂': 1 } },
      { tenant: 'aurora', event: 'event1', counts: { '👏': 999 } },
    ]);
    // The quiet events are forgotten after one window; the busy one after the next.
    expect(reactions.sizes.windows).toBe(1);
    vi.advanceTimersByTime(W);
    expect(reactions.sizes.windows).toBe(0);
  });

  it('sweep forgets the allowances that have refilled', () => {
    const { reactions } = instance();
    reactions.allow(aurora, 'e1', 'alice', 0);
    reactions.allow(aurora, 'e1', 'bob', 0);
    expect(reactions.sizes.buckets).toBe(2);
    reactions.sweep(60_000);
    expect(reactions.sizes.buckets).toBe(0);
  });
});
