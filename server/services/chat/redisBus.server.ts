/**
 * Chat fan-out through Redis pub/sub (ioredis): one publisher and one subscriber connection per
 * instance. A channel is SUBSCRIBEd when its first local handler arrives and UNSUBSCRIBEd when the
 * last leaves. Both connections reconnect by themselves (ioredis retry strategy, channels
 * resubscribed); a reconnect of the subscriber is reported through onGap, because Redis does not
 * keep messages published while a subscriber was away.
 */
import { Redis } from 'ioredis';
import type { BusHandler, ChatBus } from './bus.server';
import { log } from '../../observability/log.server';

const retryStrategy = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 6), 5000);

export class RedisBus implements ChatBus {
  private publisher: Redis;
  private subscriber: Redis;
  private channels = new Map<string, Set<BusHandler>>();
  /** Channel → the SUBSCRIBE or UNSUBSCRIBE in flight, so quick join/leave sequences stay ordered. */
  private pending = new Map<string, Promise<unknown>>();
  private gapListeners: Array<() => void> = [];
  private everReady = false;
  private lostConnection = false;
  private closed = false;

  constructor(url: string) {
    // A command waits through a few reconnect attempts, then fails (a publish is logged and the
    // clients resume from the store; a join is answered 'unavailable' and retried by the browser).
    const options = { retryStrategy, maxRetriesPerRequest: 3, enableAutoPipelining: true, connectionName: 'chat-bus' };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, autoResubscribe: true, enableAutoPipelining: false });
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      client.on('error', (e: Error) => {
        if (!this.closed) log.warn(`[chat] redis ${name}: ${e.message}`);
      });
    }
    this.subscriber.on('close', () => {
      if (this.everReady && !this.closed) this.lostConnection = true;
    });
    this.subscriber.on('ready', () => {
      if (this.lostConnection) {
        this.lostConnection = false;
        for (const listener of this.gapListeners) listener();
      }
      this.everReady = true;
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      const handlers = this.channels.get(channel);
      if (!handlers) return;
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (e) {
          log.error(`[chat] bus handler failed on ${channel}`, e);
        }
      }
    });
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.publisher.publish(channel, payload);
  }

  private serial(channel: string, step: () => Promise<unknown>): Promise<unknown> {
    const previous = this.pending.get(channel) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(step);
    this.pending.set(channel, next);
    void next.finally(() => {
      if (this.pending.get(channel) === next) this.pending.delete(channel);
    }).catch(() => undefined);
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
    try {
      // Also waited for by later subscribers: the channel is live once the first SUBSCRIBE is confirmed.
      await (first ? this.serial(channel, () => this.subscriber.subscribe(channel)) : (this.pending.get(channel) ?? Promise.resolve()));
    } catch (e) {
      handlers.delete(handler);
      if (handlers.size === 0) this.channels.delete(channel);
      throw e;
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
        // A new handler may have arrived while waiting: keep the subscription then.
        if (!this.channels.has(channel)) await this.subscriber.unsubscribe(channel);
      });
    };
  }

  onGap(listener: () => void): void {
    this.gapListeners.push(listener);
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
