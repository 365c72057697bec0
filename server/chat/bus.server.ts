/**
 * The chat fan-out bus: every committed chat change is published on its channel
 * (`chat:<tenantId>:<eventId>`) and every instance with a socket in that event delivers it to
 * its own sockets. One instance uses the in-process MemoryBus; with REDIS_URL set, instances
 * share channels through Redis pub/sub (redisBus.server.ts; the chat service picks one). docs/decisions/0012-event-chat.md.
 */
import { log } from '#server/observability/log.server';

export type BusHandler = (payload: string) => void;

/** For /api/health: the shared bus's service and whether it answers; 'absent' for the in-process bus. */
export type BusHealth = { state: 'up' | 'down'; service: 'redis'; error?: string } | { state: 'absent' };

export interface ChatBus {
  /** Delivers the payload to every subscriber of the channel, on every instance. */
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once the subscription is live (messages published afterwards reach the handler); returns the unsubscribe. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Called when deliveries may have been missed (the bus lost its connection and got it back):
   * subscribers then make their clients resume from the store.
   */
  onGap(listener: () => void): void;
  health(): BusHealth;
  close(): Promise<void>;
}

export const chatChannel = (tenantId: string, eventId: string) => `chat:${tenantId}:${eventId}`;

/** In-process bus: a publish runs the channel's handlers before it resolves, in publish order. */
export class MemoryBus implements ChatBus {
  private channels = new Map<string, Set<BusHandler>>();

  async publish(channel: string, payload: string): Promise<void> {
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

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    return async () => {
      const set = this.channels.get(channel);
      if (!set) return;
      set.delete(handler);
      if (set.size === 0) this.channels.delete(channel);
    };
  }

  onGap(): void {
    // Nothing is ever lost in process.
  }

  health(): BusHealth {
    return { state: 'absent' };
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}
