/**
 * The occurrences of a series (docs/decisions/0080). The `rrule` package computes in UTC, so the
 * rule runs in "floating" time: the local wall clock of the first occurrence written as if it
 * were UTC. Each result is then read back as a wall-clock time in the event's zone with luxon, so
 * 18:00 in Europe/Paris stays 18:00 on both sides of a daylight-saving change (its UTC instant
 * moves by an hour). Server-only in practice (the form does not need it): it keeps the `rrule`
 * package out of the browser's bundle.
 */
import { DateTime } from 'luxon';
import * as rrulePackage from 'rrule';
import { MAX_OCCURRENCES } from './seriesRule';

// The package ships ES modules under "module" (Vite, vitest) and a UMD build under "main" (Node's
// own import of the built server), whose names sit on the default export.
const { RRule } = ('RRule' in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;

export interface SeriesTiming {
  /** RFC 5545 RRULE value (seriesRule.ts toRRule). */
  rrule: string;
  /** The first occurrence's wall-clock start in `zone`: yyyy-MM-ddTHH:mm. */
  dtstart: string;
  zone: string;
}

/** A wall-clock time as the UTC Date rrule reads ("floating"). */
const floating = (local: DateTime) => new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));

/** A floating date back to the instant of that wall-clock time in `zone` (a time in a DST gap moves forward, as luxon does). */
function toZoned(d: Date, zone: string): DateTime {
  return DateTime.fromObject(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() },
    { zone },
  );
}

export type Expansion = { ok: true; starts: string[] } | { ok: false; reason: 'none' | 'tooMany' };

/**
 * Every occurrence's start (ISO UTC, the format events store), in order: at most `max`; more is
 * refused (`tooMany`) rather than cut, so a series never silently loses its end.
 */
export function expandSeries({ rrule, dtstart, zone }: SeriesTiming, max = MAX_OCCURRENCES): Expansion {
  const start = DateTime.fromISO(dtstart, { zone });
  if (!start.isValid) return { ok: false, reason: 'none' };
  const options = RRule.parseString(rrule);
  // UNTIL is stored in UTC (RFC 5545): compare it in the same floating wall-clock time.
  const until = options.until ? floating(DateTime.fromJSDate(options.until).setZone(zone)) : null;
  const rule = new RRule({ ...options, dtstart: floating(start), until, tzid: null });
  const dates = rule.all((_, i) => i <= max);
  if (dates.length === 0) return { ok: false, reason: 'none' };
  if (dates.length > max) return { ok: false, reason: 'tooMany' };
  return { ok: true, starts: dates.map((d) => toZoned(d, zone).toUTC().toISO({ suppressMilliseconds: false })!) };
}

/** The wall-clock start (yyyy-MM-ddTHH:mm) of an instant in `zone`: a series' dtstart. */
export const localStart = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");
