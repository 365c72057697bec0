import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A fixed-window limiter keyed by whatever the caller chooses (tenant + IP for forms).
 * In memory per instance; behind a load balancer each instance enforces its own share.
 */
export class RateLimiter {
  private limiter: RateLimiterMemory;
  constructor(points: number, durationSeconds: number) {
    this.limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  }
  async consume(key: string): Promise<RateLimitResult> {
    try {
      await this.limiter.consume(key);
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (e) {
      if (e instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000) };
      throw e;
    }
  }
}
