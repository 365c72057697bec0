/**
 * The identity gateway's limits on sign-in, code entry and code sending (docs/decisions/0059).
 * In memory, per instance, keyed by tenant. Three counters per kind:
 *
 *  - per source address, across accounts (`ip`): one address guessing many accounts waits;
 *  - per account and source address (`account`): one address guessing one account waits, and
 *    nobody else does: the owner still signs in from anywhere else;
 *  - per account, across addresses (`accountTotal`): once it is spent, the account is under
 *    attack and every address is held to `underAttack` attempts on it for the window, so guesses
 *    spread over many addresses stay few per address. An address that has not failed on the
 *    account still gets its attempts: the right password always gets through somewhere.
 *
 * "Account" is the resolved account (poolAccounts.ts), whatever name it was typed as.
 * Sign-in and code entry count failed attempts; sending counts every request.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type LimitKind = 'signIn' | 'code' | 'send';

export interface Limit {
  /** Attempts allowed per window (failed attempts for signIn and code; all requests for send). */
  points: number;
  windowSeconds: number;
}

export interface KindLimits {
  /** Per account and source address. */
  account: Limit;
  /** Per source address, all accounts together. */
  ip: Limit;
  /** Per account, all source addresses together; when spent the account is under attack. Default: `account`. */
  accountTotal?: Limit;
  /** Attempts each address may have on an account under attack, in `account`'s window. Default: 3 (1 for send), at most `account.points`. */
  underAttack?: number;
}

export interface GatewayLimits {
  signIn: KindLimits;
  code: KindLimits;
  send: KindLimits;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  signIn: { account: { points: 10, windowSeconds: 900 }, ip: { points: 50, windowSeconds: 900 }, accountTotal: { points: 10, windowSeconds: 900 }, underAttack: 3 },
  code: { account: { points: 10, windowSeconds: 900 }, ip: { points: 50, windowSeconds: 900 }, accountTotal: { points: 10, windowSeconds: 900 }, underAttack: 3 },
  send: { account: { points: 5, windowSeconds: 3600 }, ip: { points: 30, windowSeconds: 3600 }, accountTotal: { points: 10, windowSeconds: 3600 }, underAttack: 1 },
};

class Counter {
  private readonly limiter: RateLimiterMemory;
  constructor(readonly limit: Limit) {
    this.limiter = new RateLimiterMemory({ points: limit.points, duration: limit.windowSeconds });
  }
  /** Points used in the current window, and seconds until it ends. */
  async used(key: string): Promise<{ points: number; seconds: number }> {
    const res = await this.limiter.get(key);
    return res ? { points: res.consumedPoints, seconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) } : { points: 0, seconds: 0 };
  }
  async count(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  }
}

class KindCounters {
  readonly ip: Counter;
  readonly pair: Counter;
  readonly total: Counter;
  readonly underAttack: number;
  constructor(kind: LimitKind, limits: KindLimits) {
    this.ip = new Counter(limits.ip);
    this.pair = new Counter(limits.account);
    this.total = new Counter(limits.accountTotal ?? limits.account);
    this.underAttack = Math.min(limits.underAttack ?? (kind === 'send' ? 1 : 3), limits.account.points);
  }
}

/** Who is trying: the tenant, the source address, and the account ('' when the request names none). */
export interface Attempt {
  tenantId: string;
  ip: string;
  account: string;
}

const ipKey = (a: Attempt) => `${a.tenantId}|${a.ip}`;
const accountKey = (a: Attempt) => `${a.tenantId}|${a.account}`;
const pairKey = (a: Attempt) => `${a.tenantId}|${a.account}|${a.ip}`;

export class AttemptLimits {
  private readonly kinds: Record<LimitKind, KindCounters>;

  constructor(limits: GatewayLimits = DEFAULT_LIMITS) {
    this.kinds = { signIn: new KindCounters('signIn', limits.signIn), code: new KindCounters('code', limits.code), send: new KindCounters('send', limits.send) };
  }

  /** Seconds the source address must wait before any attempt of this kind (0: it may go on). */
  async sourceWait(kind: LimitKind, attempt: Omit<Attempt, 'account'>): Promise<number> {
    const counters = this.kinds[kind];
    const used = await counters.ip.used(ipKey({ ...attempt, account: '' }));
    return used.points >= counters.ip.limit.points ? used.seconds : 0;
  }

  /** Seconds this address must wait before trying this account again (0: it may). */
  async accountWait(kind: LimitKind, attempt: Attempt): Promise<number> {
    if (!attempt.account) return 0;
    const counters = this.kinds[kind];
    const [pair, total] = await Promise.all([counters.pair.used(pairKey(attempt)), counters.total.used(accountKey(attempt))]);
    const underAttack = total.points >= counters.total.limit.points;
    const allowed = underAttack ? counters.underAttack : counters.pair.limit.points;
    return pair.points >= allowed ? pair.seconds : 0;
  }

  /** Counts one attempt (a failure for signIn and code, any request for send) on every counter. */
  async count(kind: LimitKind, attempt: Attempt): Promise<void> {
    const counters = this.kinds[kind];
    await counters.ip.count(ipKey(attempt));
    if (!attempt.account) return;
    await counters.pair.count(pairKey(attempt));
    await counters.total.count(accountKey(attempt));
  }
}
