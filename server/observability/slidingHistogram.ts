/**
 * A quantile over a sliding time window, from bucket counts: what PromQL's
 * `histogram_quantile(q, sum by (le) (rate(x_bucket[5m])))` computes, kept inside the process.
 *
 * Why here and not in CloudWatch: the CloudWatch agent does not publish a Prometheus histogram's
 * buckets (the telegraf-based agent drops histograms, the OpenTelemetry-based one turns each into
 * one count/sum/min/max set), and an alarm's metric math takes at most 10 metrics, fewer than the
 * 11 buckets of chat_delivery_lag_seconds. So the app publishes the quantile as a gauge.
 *
 * Same buckets and interpolation as histogram_quantile, so an alarm's threshold that is a bucket
 * bound is decided exactly: the quantile is above the bound iff more than (1 - q) of the window's
 * observations are. Memory is fixed (slots × buckets counts), whatever the traffic.
 */
export interface SlidingHistogramOptions {
  /** Upper bounds of the finite buckets, ascending; a +Inf bucket is added. */
  bounds: readonly number[];
  windowMs: number;
  /** The window moves in steps of windowMs / slots: it covers between (slots - 1) and slots steps. */
  slots: number;
  now?: () => number;
}

interface Slot {
  step: number;
  counts: number[];
}

export class SlidingHistogram {
  private readonly bounds: readonly number[];
  private readonly stepMs: number;
  private readonly slots: Slot[];
  private readonly now: () => number;

  constructor(options: SlidingHistogramOptions) {
    if (options.bounds.some((b, i) => i > 0 && b <= options.bounds[i - 1])) throw new Error('bounds must ascend');
    this.bounds = options.bounds;
    this.stepMs = options.windowMs / options.slots;
    this.now = options.now ?? Date.now;
    this.slots = Array.from({ length: options.slots }, () => ({ step: -Infinity, counts: new Array<number>(options.bounds.length + 1).fill(0) }));
  }

  observe(value: number): void {
    const step = Math.floor(this.now() / this.stepMs);
    const slot = this.slots[step % this.slots.length];
    if (slot.step !== step) {
      slot.step = step;
      slot.counts.fill(0);
    }
    const bucket = this.bounds.findIndex((bound) => value <= bound);
    slot.counts[bucket === -1 ? this.bounds.length : bucket]++;
  }

  /** The q-quantile of the window's observations, interpolated as histogram_quantile does; undefined for an empty window. */
  quantile(q: number): number | undefined {
    const current = Math.floor(this.now() / this.stepMs);
    const counts = new Array<number>(this.bounds.length + 1).fill(0);
    for (const slot of this.slots) {
      if (slot.step > current - this.slots.length) slot.counts.forEach((n, i) => (counts[i] += n));
    }
    const total = counts.reduce((a, b) => a + b, 0);
    if (total === 0) return undefined;
    const rank = q * total;
    let below = 0;
    for (let i = 0; i < this.bounds.length; i++) {
      if (counts[i] > 0 && below + counts[i] >= rank) {
        const start = i === 0 ? 0 : this.bounds[i - 1];
        return start + (this.bounds[i] - start) * ((rank - below) / counts[i]);
      }
      below += counts[i];
    }
    // In the +Inf bucket: like histogram_quantile, the highest finite bound.
    return this.bounds[this.bounds.length - 1];
  }
}
