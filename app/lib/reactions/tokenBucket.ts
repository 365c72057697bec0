/**
 * The reactions' rate limit (docs/decisions/0079): a token bucket that refills continuously at
 * `perSecond` up to `burst`; each reaction takes one token. Time is passed in (ms), so the same
 * code runs in the browser (its own clicks) and on the server (per person and event) and tests
 * need no clock.
 */
export interface BucketRate {
  perSecond: number;
  burst: number;
}

interface BucketState {
  tokens: number;
  at: number;
}

const refilled = (state: BucketState, rate: BucketRate, now: number): number =>
  Math.min(rate.burst, state.tokens + (Math.max(0, now - state.at) * rate.perSecond) / 1000);

/** One reaction against a bucket: whether it may go, and the bucket after it. */
function takeToken(state: BucketState, rate: BucketRate, now: number): { allowed: boolean; next: BucketState } {
  const tokens = refilled(state, rate, now);
  const allowed = tokens >= 1;
  // A clock that steps back (another tab's timestamps, a test) never mints tokens.
  return { allowed, next: { tokens: allowed ? tokens - 1 : tokens, at: Math.max(now, state.at) } };
}

export class TokenBucket {
  private state: BucketState;

  constructor(
    private readonly rate: BucketRate,
    now = 0,
  ) {
    this.state = { tokens: rate.burst, at: now };
  }

  /** Takes a token if there is one: true when the reaction may go. */
  take(now: number): boolean {
    const { allowed, next } = takeToken(this.state, this.rate, now);
    this.state = next;
    return allowed;
  }
}

/**
 * One bucket per key (the server's: tenant, event and person). A bucket that has refilled to full
 * is the same as none, so `sweep` forgets it: memory follows the people reacting right now.
 */
export class KeyedBuckets {
  private buckets = new Map<string, BucketState>();

  constructor(private readonly rate: BucketRate) {}

  take(key: string, now: number): boolean {
    const { allowed, next } = takeToken(this.buckets.get(key) ?? { tokens: this.rate.burst, at: now }, this.rate, now);
    this.buckets.set(key, next);
    return allowed;
  }

  /** Drops the buckets that are full again by `now`. */
  sweep(now: number): void {
    for (const [key, state] of this.buckets) if (refilled(state, this.rate, now) >= this.rate.burst) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
