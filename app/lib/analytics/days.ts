/**
 * Days of the range analytics (docs/decisions/0094-range-analytics.md): the rollups are kept per
 * UTC day, named `YYYY-MM-DD`.
 */
export const DAY_MS = 86_400_000;
/** A range covers at most this many days (a year, leap day included). */
export const MAX_RANGE_DAYS = 366;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Epoch ms of a `YYYY-MM-DD` day's start (UTC); NaN when it is not a real day. */
export function dayStart(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && dayOf(ms) === day ? ms : NaN;
}

/** Every day from `from` to `to`, inclusive (empty when `to` is before `from`). */
export function daysFrom(from: string, to: string): string[] {
  const a = dayStart(from);
  const b = dayStart(to);
  const out: string[] = [];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return out;
  for (let ms = a; ms <= b && out.length <= MAX_RANGE_DAYS; ms += DAY_MS) out.push(dayOf(ms));
  return out;
}
