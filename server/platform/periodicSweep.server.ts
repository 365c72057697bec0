/**
 * A sweep that runs every few seconds while the server runs (room expiry, pending orders, event
 * reminders): never two at once, a failed run logged and answered with an empty result, the timer
 * kept from holding the process open, and stop() waiting for a run in progress.
 */
export interface PeriodicSweep<R> {
  /** Runs one sweep now (waits for a running one first). */
  sweepNow(): Promise<R>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export function startPeriodicSweep<R>(options: {
  run: () => Promise<R>;
  /** What a failed run answers. */
  empty: () => R;
  intervalSeconds: number;
  log: (message: string) => void;
}): PeriodicSweep<R> {
  let running: Promise<R> | null = null;
  let stopped = false;
  const sweep = () => {
    running ??= options
      .run()
      .catch((e: unknown) => {
        options.log(`sweep failed: ${(e as Error).message}`);
        return options.empty();
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void sweep();
  }, options.intervalSeconds * 1000);
  timer.unref();
  return {
    sweepNow: async () => {
      if (running) await running;
      return sweep();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
