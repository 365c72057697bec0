/**
 * Chat fan-out through Redis pub/sub (ioredis): one publisher and one subscriber connection per
 * instance. A channel is SUBSCRIBEd when its first local handler arrives and UNSUBSCRIBEd when the
 * last leaves. docs/decisions/0012-event-chat.md, docs/decisions/0052-recovering-from-outages.md.
 *
 * While Redis is away the chat keeps working on each instance: a publish that cannot reach Redis
 * is delivered to this instance's own handlers (the change is already stored), and joins are not
 * held up. Both connections reconnect by themselves; when the subscriber is back every channel is
 * subscribed again and onGap fires, because Redis keeps nothing published while a subscriber was
 * away (and other instances' changes of the outage never reached this one): clients then resume
 * from the store after the last change they saw, so nothing is lost and nothing repeats.
 */
import { Redis } from 'ioredis';
import type { BusHandler, BusHealth, ChatBus } from './bus.server';
import { log } from '#server/observability/log.server';

const retryStrategy = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 6), 5000);
/** A publish not confirmed this soon is delivered locally (a dead connection may look open for a moment). */
const PUBLISH_TIMEOUT_MS = 2000;
/** How long a SUBSCRIBE may take before the join goes on without it (it is redone when Redis is back). */
const SUBSCRIBE_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};

/** How long a fresh bus waits for its first connection before working locally (start-up, not outages). */
const FIRST_CONNECT_WAIT_MS = 3000;

/**
 * True when the client is ready to take a command now. A client that has never been ready (the
 * instance is starting) is waited for a moment; one that lost its connection is not (fail fast).
 */
function readyNow(client: Redis, wasReady: boolean): Promise<boolean> | boolean {
  if (client.status === 'ready') return true;
  if (wasReady || client.status === 'end') return false;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), FIRST_CONNECT_WAIT_MS);
    client.on('ready', onReady);
  });
}

export class RedisBus implements ChatBus {
  /** Payloads delivered here after an unconfirmed publish, until Redis echoes them (see publish). */
  private deliveredLocally = new Map<string, number>();
  /** This instance's publishes waiting for Redis's answer → whether Redis has delivered them here already. */
  private unanswered = new Map<string, boolean>();
  private publisher: Redis;
  private subscriber: Redis;
  private channels = new Map<string, Set<BusHandler>>();
  /** Channel → the SUBSCRIBE or UNSUBSCRIBE in flight, so quick join/leave sequences stay ordered. */
  private pending = new Map<string, Promise<unknown>>();
  private gapListeners: Array<() => void> = [];
  /** Deliveries may have been missed since the subscriber was last confirmed live: resume on the next ready. */
  private gap = false;
  private lastError: string | undefined;
  private closed = false;
  private publisherWasReady = false;
  private subscriberWasReady = false;

  private publishTimeoutMs: number;

  /** `publishTimeoutMs`: how long a publish waits for Redis's answer before delivering here (tests shorten it). */
  constructor(url: string, { publishTimeoutMs = PUBLISH_TIMEOUT_MS }: { publishTimeoutMs?: number } = {}) {
    this.publishTimeoutMs = publishTimeoutMs;
    // The publisher fails at once while disconnected (no offline queue): the change is then
    // delivered locally instead of waiting for Redis.
    const options = { retryStrategy, connectionName: 'chat-bus' };
    this.publisher = new Redis(url, { ...options, maxRetriesPerRequest: 1, enableOfflineQueue: false, enableAutoPipelining: true });
    // Subscriptions are restored by this class (restoreChannels), which knows every local channel,
    // including those joined while Redis was away.
    this.subscriber = new Redis(url, { ...options, maxRetriesPerRequest: 1, autoResubscribe: false });
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      client.on('error', (e: Error) => {
        // Once per outage, not once per reconnect attempt.
        if (this.closed || this.lastError === e.message) return;
        this.lastError = e.message;
        log.warn(`[chat] redis ${name}: ${e.message}`);
      });
      client.on('ready', () => (this.lastError = undefined));
    }
    this.publisher.once('ready', () => (this.publisherWasReady = true));
    this.subscriber.once('ready', () => (this.subscriberWasReady = true));
    // A failed first connection counts as a gap too: sockets that joined meanwhile resume.
    this.subscriber.on('close', () => {
      if (!this.closed) this.gap = true;
    });
    this.subscriber.on('ready', () => void this.restoreChannels());
    this.subscriber.on('message', (channel: string, message: string) => {
      const key = `${channel}\n${message}`;
      // Already delivered here when its publish was not confirmed in time: not twice.
      if (this.deliveredLocally.delete(key)) return;
      if (this.unanswered.has(key)) this.unanswered.set(key, true);
      this.deliver(channel, message);
    });
  }

  /** After a (re)connect: subscribe every channel with local handlers, then tell the listeners of a gap. */
  private async restoreChannels() {
    const missed = this.gap;
    const channels = [...this.channels.keys()];
    const results = await Promise.allSettled(
      channels.map((channel) =>
        this.serial(channel, async () => {
          if (this.channels.has(channel)) await this.subscriber.subscribe(channel);
        }),
      ),
    );
    if (this.closed || this.subscriber.status !== 'ready') return; // lost again: the next ready retries
    if (results.some((r) => r.status === 'rejected')) {
      // Some channel is not live: reconnect and try again rather than miss its changes silently.
      this.subscriber.disconnect(true);
      return;
    }
    if (!missed && !this.gap) return;
    this.gap = false;
    for (const listener of this.gapListeners) listener();
  }

  private deliver(channel: string, payload: string) {
    const handlers = this.channels.get(channel);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch (e) {
        log.error(`[chat] bus handler failed on ${channel}`, e);
      }
    }
  }

  async publish(channel: string, payload: string): Promise<void> {
    const key = `${channel}\n${payload}`;
    if (await readyNow(this.publisher, this.publisherWasReady)) {
      this.unanswered.set(key, false);
      let answered = false;
      try {
        await within(this.publisher.publish(channel, payload), this.publishTimeoutMs);
        answered = true;
      } catch {
        // Redis went away under the publish: deliver here; other instances resume when it returns.
      }
      // On a loaded machine the subscriber may hear the change before the publisher hears its
      // answer: Redis has it then, and it was delivered here already; once is enough.
      const heard = this.unanswered.get(key) === true;
      this.unanswered.delete(key);
      if (answered || heard) return;
    }
    this.gap = true;
    this.rememberLocalDelivery(key);
    this.deliver(channel, payload);
  }

  /** A slow publish may still reach Redis after the local delivery; its echo is then skipped (for a minute). */
  private rememberLocalDelivery(key: string) {
    const now = Date.now();
    if (this.deliveredLocally.size >= 1000) for (const [k, until] of this.deliveredLocally) if (until < now) this.deliveredLocally.delete(k);
    this.deliveredLocally.set(key, now + 60_000);
  }

  private serial(channel: string, step: () => Promise<unknown>): Promise<unknown> {
    const previous = this.pending.get(channel) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(step);
    this.pending.set(channel, next);
    void next
      .finally(() => {
        if (this.pending.get(channel) === next) this.pending.delete(channel);
      })
      .catch(() => undefined);
    return next;
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    if (first && (await readyNow(this.subscriber, this.subscriberWasReady))) {
      try {
        // Also waited for by later subscribers: the channel is live once the first SUBSCRIBE is confirmed.
        await within(
          this.serial(channel, () => this.subscriber.subscribe(channel)),
          SUBSCRIBE_TIMEOUT_MS,
        );
      } catch {
        // Redis went away meanwhile: the channel is subscribed again when it returns, and the gap resumes its sockets.
        this.gap = true;
      }
    } else if (first) {
      // Redis is away: local deliveries work now; restoreChannels subscribes it when Redis returns.
      this.gap = true;
    } else {
      await (this.pending.get(channel) ?? Promise.resolve()).catch(() => undefined);
    }
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      const set = this.channels.get(channel);
      if (!set) return;
      set.delete(handler);
      if (set.size > 0) return;
      this.channels.delete(channel);
      if (this.closed) return;
      await this.serial(channel, async () => {
        // A new handler may have arrived while waiting: keep the subscription then. A connection
        // that is away holds no subscription to drop (the next one starts empty).
        if (!this.channels.has(channel) && this.subscriber.status === 'ready') await this.subscriber.unsubscribe(channel);
      }).catch(() => undefined);
    };
  }

  onGap(listener: () => void): void {
    this.gapListeners.push(listener);
  }

  health(): BusHealth {
    const up = this.publisher.status === 'ready' && this.subscriber.status === 'ready';
    return up ? { state: 'up', service: 'redis' } : { state: 'down', service: 'redis', ...(this.lastError ? { error: this.lastError } : {}) };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.channels.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
