/**
 * An instance's side of the live reactions (docs/decisions/0079): the per-person rate limit and
 * the sum of each event's reactions before they go on the chat bus, at most one payload per event
 * and window. Nothing is stored: a reaction lives for one window on one instance.
 */
import type { TenantId } from '#app/lib/config/tenant';
import { REACTION_RATE, type ReactionCounts, type ReactionEmoji } from '#app/lib/reactions/protocol';
import { KeyedBuckets } from '#app/lib/reactions/tokenBucket';
import { chatChannel } from './bus.server';
import { ReactionWindow } from './reactionWindow.server';

export interface ChatReactionsOptions {
  /** Sends one window's counts of an event to every instance (the chat bus). */
  publish: (tenantId: TenantId, eventId: string, counts: ReactionCounts) => void;
  windowMs?: number;
  rate?: { perSecond: number; burst: number };
}

export class ChatReactions {
  private buckets: KeyedBuckets;
  private outgoing = new Map<string, ReactionWindow>();

  constructor(private readonly options: ChatReactionsOptions) {
    this.buckets = new KeyedBuckets(options.rate ?? REACTION_RATE);
  }

  /** Takes one of the person's tokens for this event: false means over the limit (the reaction is dropped). */
  allow(tenantId: TenantId, eventId: string, userId: string, now = Date.now()): boolean {
    return this.buckets.take(`${tenantId}:${eventId}:${userId}`, now);
  }

  /** Counts one reaction of an event's room; it goes on the bus with the rest of its window. */
  collect(tenantId: TenantId, eventId: string, emoji: ReactionEmoji): void {
    const key = chatChannel(tenantId, eventId);
    let window = this.outgoing.get(key);
    if (!window) {
      const created = new ReactionWindow({
        windowMs: this.options.windowMs,
        flush: (counts) => this.options.publish(tenantId, eventId, counts),
        onIdle: () => {
          if (this.outgoing.get(key) === created) this.outgoing.delete(key);
        },
      });
      this.outgoing.set(key, created);
      window = created;
    }
    window.add({ [emoji]: 1 });
  }

  /** Forgets the rate buckets that have refilled (called from the hub's keep-alive sweep). */
  sweep(now = Date.now()): void {
    this.buckets.sweep(now);
  }

  /** Events with reactions waiting to go out, and people with a partly used allowance (for tests). */
  get sizes(): { windows: number; buckets: number } {
    return { windows: this.outgoing.size, buckets: this.buckets.size };
  }

  close(): void {
    for (const window of this.outgoing.values()) window.close();
    this.outgoing.clear();
  }
}
