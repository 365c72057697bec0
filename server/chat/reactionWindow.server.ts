/**
 * Sums reactions and lets them out at most once per window (docs/decisions/0079). The first
 * reaction after a quiet window goes at once (a lone click is not delayed); what arrives while a
 * window is open is summed and goes, as one set of counts, when it closes. A window that closes
 * with nothing in it ends the series (`onIdle`): the owner may drop it.
 *
 * Used twice per event on each instance: the reactions its sockets send, summed before they go on
 * the bus; and the counts arriving from the bus (every instance's), summed before they go to its
 * sockets, so a client gets at most one reactions frame per window however many instances run.
 */
import { REACTION_COUNT_MAX, REACTION_EMOJI, REACTION_WINDOW_MS, type ReactionCounts, type ReactionEmoji } from '#app/lib/reactions/protocol';
import { log } from '#server/observability/log.server';

export interface ReactionWindowOptions {
  /** Receives each window's counts (never empty). */
  flush: (counts: ReactionCounts) => void;
  /** A window closed with nothing to send: the series is over. */
  onIdle?: () => void;
  windowMs?: number;
}

export class ReactionWindow {
  private pending = new Map<ReactionEmoji, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly windowMs: number;

  constructor(private readonly options: ReactionWindowOptions) {
    this.windowMs = options.windowMs ?? REACTION_WINDOW_MS;
  }

  add(counts: ReactionCounts): void {
    for (const emoji of REACTION_EMOJI) {
      const n = counts[emoji];
      if (n && n > 0) this.pending.set(emoji, Math.min(REACTION_COUNT_MAX, (this.pending.get(emoji) ?? 0) + n));
    }
    // No open window: the last flush was a whole window ago (or never).
    if (!this.timer && this.pending.size > 0) this.flushNow();
  }

  /** Stops the timer and forgets what was pending (the room emptied, the server stops). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private flushNow() {
    const counts = Object.fromEntries(this.pending) as ReactionCounts;
    this.pending.clear();
    this.timer = setTimeout(this.tick, this.windowMs);
    this.timer.unref?.();
    try {
      this.options.flush(counts);
    } catch (e) {
      log.error('[reactions] flush failed', e);
    }
  }

  private tick = () => {
    this.timer = null;
    if (this.pending.size > 0) this.flushNow();
    else this.options.onIdle?.();
  };
}
