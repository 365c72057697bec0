/**
 * What the stage shows of the reactions that arrive (docs/decisions/0079): with motion, a bounded
 * number of floating emoji (a big count is one floater labelled with it, not hundreds of
 * floaters); with `prefers-reduced-motion`, a still count per emoji that adds up while people keep
 * reacting and clears after a quiet moment. Pure: time and randomness are passed in.
 */
import { REACTION_EMOJI, type ReactionCounts, type ReactionEmoji } from './protocol';

/** At most this many emoji float at once; the oldest give way to new ones. */
export const MAX_FLOATERS = 24;
/** One emoji of one frame floats at most this many times; a bigger count is written on the first. */
export const FLOATERS_PER_EMOJI = 3;
/** How long one floater takes to rise and fade (ms). */
export const FLOAT_MS = 2600;
/** The floaters of one frame start within this long of each other (ms), so a burst rises as a stream, not a block. */
export const FLOAT_SPREAD_MS = 500;
/** A still count clears once its emoji has had no reaction for this long (ms). */
export const STILL_HOLD_MS = 6000;

export interface Floater {
  id: number;
  emoji: ReactionEmoji;
  /** The frame's count when it was more than the floaters shown for it ("×500"); null otherwise. */
  total: number | null;
  /** Where it starts across the stage, 0..1. */
  lane: number;
  /** How long after it arrives it starts to rise (ms); the first of a frame starts at once. */
  delayMs: number;
  bornAt: number;
}

export interface Floaters {
  list: Floater[];
  nextId: number;
}

export const noFloaters: Floaters = { list: [], nextId: 1 };

/** Adds a frame's floaters; drops any that should have finished (a hidden tab skips animations) and, past the cap, the oldest. */
export function spawnFloaters(state: Floaters, counts: ReactionCounts, now: number, random: () => number = Math.random): Floaters {
  let nextId = state.nextId;
  const born: Floater[] = [];
  for (const emoji of REACTION_EMOJI) {
    const count = counts[emoji] ?? 0;
    const shown = Math.min(count, FLOATERS_PER_EMOJI);
    for (let i = 0; i < shown; i++) {
      const delayMs = born.length === 0 ? 0 : Math.round(random() * FLOAT_SPREAD_MS);
      born.push({ id: nextId++, emoji, total: i === 0 && count > shown ? count : null, lane: 0.08 + random() * 0.84, delayMs, bornAt: now });
    }
  }
  const alive = state.list.filter((f) => now - f.bornAt < FLOAT_MS * 2);
  return { list: [...alive, ...born].slice(-MAX_FLOATERS), nextId };
}

/** A floater whose animation has finished leaves. */
export function removeFloater(state: Floaters, id: number): Floaters {
  return { ...state, list: state.list.filter((f) => f.id !== id) };
}

export type StillCounts = Partial<Record<ReactionEmoji, { count: number; lastAt: number }>>;

export function addStillCounts(still: StillCounts, counts: ReactionCounts, now: number): StillCounts {
  const next: StillCounts = { ...still };
  for (const emoji of REACTION_EMOJI) {
    const n = counts[emoji];
    if (n) next[emoji] = { count: (still[emoji]?.count ?? 0) + n, lastAt: now };
  }
  return next;
}

/** The counts still shown at `now` (the same object when nothing cleared, so a render can be skipped). */
export function expireStillCounts(still: StillCounts, now: number): StillCounts {
  const kept = Object.entries(still).filter(([, v]) => v && now - v.lastAt < STILL_HOLD_MS);
  return kept.length === Object.keys(still).length ? still : (Object.fromEntries(kept) as StillCounts);
}
