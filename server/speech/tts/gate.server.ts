/**
 * The per-user limits of text to speech, shared by the socket and the download endpoint: at most
 * TTS_CHARS_PER_MINUTE characters a minute and TTS_CONCURRENT_MAX syntheses at once, keyed by
 * tenant and user. In memory per instance (like the form limiter): behind a load balancer each
 * instance enforces its own share. docs/decisions/0046.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { TTS_CHARS_PER_MINUTE, TTS_CONCURRENT_MAX } from '#app/lib/speech/ttsProtocol';

export type TtsAdmission = { ok: true; release: () => void } | { ok: false; reason: 'rateLimited'; retryAfterSeconds: number };

export interface TtsGateOptions {
  charsPerMinute?: number;
  concurrent?: number;
}

export class TtsGate {
  private chars: RateLimiterMemory;
  private running = new Map<string, number>();
  private concurrent: number;

  constructor(options: TtsGateOptions = {}) {
    this.chars = new RateLimiterMemory({ points: options.charsPerMinute ?? TTS_CHARS_PER_MINUTE, duration: 60 });
    this.concurrent = options.concurrent ?? TTS_CONCURRENT_MAX;
  }

  /** Admits a synthesis of `characters` for the user, or says how long to wait. Call release() when it ends. */
  async admit(tenantId: string, userSub: string, characters: number): Promise<TtsAdmission> {
    const key = `${tenantId}:${userSub}`;
    const now = this.running.get(key) ?? 0;
    if (now >= this.concurrent) return { ok: false, reason: 'rateLimited', retryAfterSeconds: 1 };
    // Counted before the await so two requests arriving together cannot both pass the check.
    this.running.set(key, now + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
    try {
      await this.chars.consume(key, Math.max(1, characters));
      return { ok: true, release };
    } catch (e) {
      release();
      if (e instanceof RateLimiterRes) return { ok: false, reason: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
      throw e;
    }
  }
}
