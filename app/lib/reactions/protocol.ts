/**
 * Live reactions (issue 28, item 2; docs/decisions/0079-live-reactions.md): a fixed set of emoji
 * that float over the stage for everyone in the event's room. They ride the chat socket (a `react`
 * frame up, a `reactions` frame of counts down) and are never stored. Shared by browser and server.
 */
import { z } from 'zod';

/** The fixed set, in the bar's order. */
export const REACTION_EMOJI = ['👏', '❤️', '😂', '🎉', '👍', '🙋'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
/** Each emoji's key for its words (reactions.names.*). */
export const REACTION_NAMES = {
  '👏': 'clap',
  '❤️': 'heart',
  '😂': 'laugh',
  '🎉': 'party',
  '👍': 'thumbsUp',
  '🙋': 'raisedHand',
} as const satisfies Record<ReactionEmoji, string>;
export type ReactionName = (typeof REACTION_NAMES)[ReactionEmoji];
export const reactionEmojiSchema = z.enum(REACTION_EMOJI);

/** Each instance sums an event's reactions over this window and sends one frame of counts per window. */
export const REACTION_WINDOW_MS = 250;

/**
 * Per person and event: a token bucket refilled at `perSecond`, holding at most `burst`. Beyond it
 * the server drops a reaction silently; the browser keeps the same bucket so it never sends one.
 */
export const REACTION_RATE = { perSecond: 3, burst: 6 } as const;

/** The largest count one frame may carry for one emoji (a bus payload claiming more is ignored). */
export const REACTION_COUNT_MAX = 1_000_000;

/** Browser → server: one reaction. */
export const reactFrameSchema = z.object({ type: z.literal('react'), emoji: reactionEmojiSchema }).strict();
export type ReactFrame = z.infer<typeof reactFrameSchema>;

/** How many of each emoji arrived in one window (emoji without any are left out). */
export const reactionCountsSchema = z.partialRecord(reactionEmojiSchema, z.number().int().min(1).max(REACTION_COUNT_MAX));
export type ReactionCounts = Partial<Record<ReactionEmoji, number>>;

/** Server → browser: the counts of one window; or, to a sender, reactions are switched off for this event. */
export type ReactionsServerFrame = { type: 'reactions'; counts: ReactionCounts } | { type: 'reactionsOff' };

/** Reactions happen in a room when the tenant's switch and the event's option are both on (both default on). */
export function reactionsEnabled(features: { reactions: boolean }, event: { reactions: boolean }): boolean {
  return features.reactions && event.reactions;
}

/** The sum of a frame's counts. */
export function countTotal(counts: ReactionCounts): number {
  let total = 0;
  for (const n of Object.values(counts)) total += n ?? 0;
  return total;
}
