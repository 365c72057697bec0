/**
 * A per-instance copy of values read from the store, each trusted for `ttlMs` after it was kept,
 * and at most `max` of them (the oldest kept is dropped first). What a hot path reads once per
 * interval instead of once per request: the chat hub's events, the events and launched polls a
 * vote checks. A copy whose time has passed (or the clock went back) is not returned.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value kept for `key` if it is still fresh. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.at;
    return age >= 0 && age < this.ttlMs ? entry.value : undefined;
  }

  /** Keeps `value` for `key` from now on, dropping the oldest copy when full. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: this.now() });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
