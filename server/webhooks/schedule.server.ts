/**
 * When a delivery is tried (docs/decisions/0088): Standard Webhooks' schedule cut to the issue's
 * 24 hours, the first attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 6 h
 * (8 attempts, the last 23 h 35 min after the first). WEBHOOK_RETRY_SCHEDULE (seconds between
 * attempts, comma-separated) makes it seconds long in tests.
 */
export const DEFAULT_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 21600] as const;

/** The delays (ms) before each retry, from "5,300,1800" (seconds); the default when unset. A bad value is refused by env validation first. */
export function retryDelaysMs(setting: string | undefined): number[] {
  if (!setting) return DEFAULT_RETRY_DELAYS_S.map((s) => s * 1000);
  return setting.split(',').map((part) => Math.round(Number(part.trim()) * 1000));
}

export const RETRY_SCHEDULE_PATTERN = /^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/;

/** Attempts in all: the first and one per delay. */
export const attemptsFor = (delaysMs: readonly number[]) => delaysMs.length + 1;

/** The wait before retry number `retry` (1 = the first retry), for BullMQ's custom backoff. */
export function backoffMs(delaysMs: readonly number[], retry: number): number {
  if (delaysMs.length === 0) return 0;
  return delaysMs[Math.min(Math.max(retry, 1), delaysMs.length) - 1]!;
}
