/**
 * The browser's beacon queue (docs/decisions/0093): beacons wait here, grouped by what they are
 * about (one video, or one event's room), and go out as one small batch per target with
 * navigator.sendBeacon (text/plain JSON: no preflight, delivered even while the page is being
 * left) every FLUSH_EVERY_MS, at once when the page is hidden or left, and when a batch is full.
 * Without sendBeacon, a keepalive fetch. Sending never throws and never waits for an answer.
 * While the browser is offline nothing is sent (it could only fail): batches wait, each kept to its
 * newest MAX_BEACONS_PER_BATCH, and go out when the browser is back online.
 */
import { BEACONS_API, EXPERIENCE_SAMPLE_RATE, FLUSH_EVERY_MS, MAX_BEACONS_PER_BATCH, type Beacon, type BeaconTarget } from './model';

type Send = (url: string, body: string) => void;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function defaultSend(url: string, body: string) {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))) return;
    void fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  } catch {
    // A beacon that cannot be sent is dropped: measuring must never break playback.
  }
}

const keyOf = (target: BeaconTarget) => (target.mediaId ? `m:${target.mediaId}` : `e:${target.eventId}`);

export class BeaconQueue {
  private readonly pending = new Map<string, { target: BeaconTarget; beacons: Beacon[] }>();
  private readonly hooks = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private listening = false;

  constructor(
    private readonly send: Send = defaultSend,
    private readonly url = BEACONS_API,
    private readonly online: () => boolean = browserOnline,
  ) {}

  add(target: BeaconTarget, beacon: Beacon): void {
    const key = keyOf(target);
    let entry = this.pending.get(key);
    if (!entry) this.pending.set(key, (entry = { target, beacons: [] }));
    entry.beacons.push(beacon);
    if (entry.beacons.length >= MAX_BEACONS_PER_BATCH) {
      if (this.online()) this.sendOne(key);
      else entry.beacons.splice(0, entry.beacons.length - MAX_BEACONS_PER_BATCH);
    }
    this.listen();
  }

  /** Runs before each flush caused by the page being hidden or left (players add their summaries then). */
  beforeLeave(hook: () => void): () => void {
    this.hooks.add(hook);
    this.listen();
    return () => this.hooks.delete(hook);
  }

  flush(): void {
    if (!this.online()) return;
    for (const key of [...this.pending.keys()]) this.sendOne(key);
  }

  private sendOne(key: string): void {
    const entry = this.pending.get(key);
    this.pending.delete(key);
    if (!entry || !entry.beacons.length) return;
    this.send(this.url, JSON.stringify({ ...entry.target, beacons: entry.beacons }));
  }

  private readonly leave = () => {
    for (const hook of [...this.hooks]) hook();
    this.flush();
  };

  private readonly back = () => this.flush();

  private readonly hidden = () => {
    if (document.visibilityState === 'hidden') this.leave();
  };

  private listen(): void {
    if (this.listening || typeof window === 'undefined') return;
    this.listening = true;
    window.addEventListener('pagehide', this.leave);
    window.addEventListener('online', this.back);
    document.addEventListener('visibilitychange', this.hidden);
    this.timer = setInterval(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** Stops listening (tests). */
  close(): void {
    if (!this.listening) return;
    this.listening = false;
    window.removeEventListener('pagehide', this.leave);
    window.removeEventListener('online', this.back);
    document.removeEventListener('visibilitychange', this.hidden);
    if (this.timer) clearInterval(this.timer);
  }
}

let shared: BeaconQueue | null = null;
/** The page's one queue. */
export const beaconQueue = () => (shared ??= new BeaconQueue());

/** Whether this page measures its experience (decided once per target and page). */
const sampled = new Map<string, boolean>();
export function inExperienceSample(target: BeaconTarget, rate = EXPERIENCE_SAMPLE_RATE, random = Math.random): boolean {
  const key = keyOf(target);
  let yes = sampled.get(key);
  if (yes === undefined) sampled.set(key, (yes = random() < rate));
  return yes;
}
