/**
 * The time range a calendar asks events for: ISO UTC instants, never more than MAX_RANGE_DAYS
 * long (a month grid with its leading and trailing weeks fits easily). Shared by the loader,
 * which validates ?from=&to=, and the browser, which asks again when the visible range moves.
 */
import { DateTime } from 'luxon';
import { isValidTimeZone } from '#app/lib/events/model';

export const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

export interface Range {
  from: string;
  to: string;
}

/** The month of `now` in `zone`, widened by a week on each side. */
export function defaultRange(now: number, zone: string): Range {
  const local = DateTime.fromMillis(now, { zone: isValidTimeZone(zone) ? zone : 'utc' });
  return {
    from: local.startOf('month').minus({ days: 7 }).toUTC().toISO()!,
    to: local.endOf('month').plus({ days: 7 }).startOf('day').plus({ days: 1 }).toUTC().toISO()!,
  };
}

const instant = (raw: string | null | undefined) => {
  if (!raw || raw.length > 40) return null;
  const dt = DateTime.fromISO(raw, { setZone: true });
  return dt.isValid ? dt.toUTC() : null;
};

/**
 * A requested range, checked: both ends valid ISO instants and `to` after `from`, else the
 * default month. A range longer than MAX_RANGE_DAYS is cut to that length from `from`.
 */
export function parseRange(fromRaw: string | null, toRaw: string | null, now: number, zone: string): Range {
  const from = instant(fromRaw);
  const to = instant(toRaw);
  if (!from || !to || to <= from) return defaultRange(now, zone);
  const capped = to.toMillis() - from.toMillis() > MAX_RANGE_DAYS * DAY_MS ? from.plus({ days: MAX_RANGE_DAYS }) : to;
  return { from: from.toISO()!, to: capped.toISO()! };
}

/** Whether `inner` lies inside `outer`. */
export const covers = (outer: Range, inner: Range) => Date.parse(outer.from) <= Date.parse(inner.from) && Date.parse(outer.to) >= Date.parse(inner.to);

/** The range to fetch for what a calendar shows: whole days around the visible dates, capped. */
export function rangeAround(start: Date, end: Date, zone: string): Range {
  const z = isValidTimeZone(zone) ? zone : 'utc';
  const from = DateTime.fromJSDate(start, { zone: z }).startOf('day');
  let to = DateTime.fromJSDate(end, { zone: z }).startOf('day').plus({ days: 1 });
  if (to.diff(from, 'days').days > MAX_RANGE_DAYS) to = from.plus({ days: MAX_RANGE_DAYS });
  return { from: from.toUTC().toISO()!, to: to.toUTC().toISO()! };
}

export const rangeHref = (range: Range) => `/eventsCalendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
