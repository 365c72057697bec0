/**
 * Measures joining an event's live room (docs/decisions/0093): the time from starting to connect
 * to being connected (a `join` beacon; `ms: null` when the connection could not be made) and each
 * time a lost connection was found again (a `reconnect` beacon), for pages in the experience sample.
 */
import type { BeaconTarget } from './model';
import { beaconQueue, inExperienceSample, type BeaconQueue } from './queue';

export interface RoomTracker {
  connected(): void;
  reconnecting(): void;
  /** The connection could not be made (before it ever was). */
  failed(): void;
}

export function trackRoom(eventId: string, { queue = beaconQueue(), sampled, now = () => performance.now() }: { queue?: BeaconQueue; sampled?: boolean; now?: () => number } = {}): RoomTracker {
  const target: BeaconTarget = { eventId };
  const measured = sampled ?? inExperienceSample(target);
  const started = now();
  let joined = false;
  let ended = false;
  let lost = false;
  return {
    connected() {
      if (!joined && !ended) {
        joined = true;
        if (measured) queue.add(target, { k: 'join', ms: Math.max(0, Math.min(3_600_000, Math.round(now() - started))) });
      } else if (lost) {
        lost = false;
        if (measured) queue.add(target, { k: 'reconnect', n: 1 });
      }
    },
    reconnecting() {
      if (joined) lost = true;
    },
    failed() {
      if (joined || ended) return;
      ended = true;
      if (measured) queue.add(target, { k: 'join', ms: null });
    },
  };
}
