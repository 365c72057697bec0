/**
 * Event series (docs/decisions/0080): the repeat rule an organizer picks on the event form, its
 * RFC 5545 RRULE text, and the one parser the server runs on the form's series fields.
 * Browser-safe and free of the `rrule` package (the expansion is in seriesExpand.ts): the form
 * imports this file.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';

export const SERIES_FREQS = ['daily', 'weekly', 'monthly'] as const;
export type SeriesFreq = (typeof SERIES_FREQS)[number];
/** RFC 5545 day codes in luxon's weekday order (1 = Monday). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The n-th weekday of a month: 1st to 4th, or the last (-1). */
export const SERIES_NTHS = ['1', '2', '3', '4', '-1'] as const;
/** A series has at most this many occurrences (each one is a real event with its own room). */
export const MAX_OCCURRENCES = 52;
export const MIN_OCCURRENCES = 2;

export interface SeriesRule {
  freq: SeriesFreq;
  /** Weekly: the days (at least one). */
  byDay: Weekday[];
  /** Monthly: the n-th (1..4, -1 = last) `nthDay` of the month. */
  nth: number;
  nthDay: Weekday;
  /** Exactly one of count and until. */
  count: number | null;
  /** The last day (yyyy-MM-dd, in the event's zone, inclusive). */
  until: string | null;
}

/** The series fields as typed (strings), what a failed post gives back. */
export interface SeriesFormValues {
  /** '' = does not repeat. */
  repeat: '' | SeriesFreq;
  byDay: Weekday[];
  nth: string;
  nthDay: Weekday;
  ends: 'count' | 'until';
  count: string;
  until: string;
}
export const SERIES_FIELDS = ['repeat', 'byDay', 'nth', 'count', 'until'] as const;
export type SeriesField = (typeof SERIES_FIELDS)[number];
export const SERIES_ERRORS = ['byDay', 'nth', 'count', 'until', 'untilBeforeStart', 'tooMany', 'none'] as const;
export type SeriesError = `schedule.series.errors.${(typeof SERIES_ERRORS)[number]}`;
export type SeriesFormErrors = Partial<Record<SeriesField, SeriesError>>;

const weekdayOf = (date: string): Weekday => WEEKDAYS[(DateTime.fromISO(date).isValid ? DateTime.fromISO(date).weekday : 1) - 1]!;
/** The n-th (1..4) weekday of its month a date is on; the 5th counts as the last. */
export function nthOf(date: string): number {
  const d = DateTime.fromISO(date);
  if (!d.isValid) return 1;
  const n = Math.ceil(d.day / 7);
  return n >= 5 ? -1 : n;
}

/** A new form: does not repeat; if chosen, weekly on the start's day, 4 times. */
export function defaultSeriesValues(date: string): SeriesFormValues {
  return { repeat: '', byDay: [weekdayOf(date)], nth: String(nthOf(date)), nthDay: weekdayOf(date), ends: 'count', count: '4', until: '' };
}

type Source = { get(name: string): unknown; getAll?(name: string): unknown[] };
const str = (v: unknown, max = 16) => (typeof v === 'string' ? v.slice(0, max) : '');

export function readSeriesForm(source: Source): SeriesFormValues {
  const repeat = str(source.get('repeat'));
  const byDay = (source.getAll?.('byDay') ?? []).map((v) => str(v, 2)).filter((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d));
  const nthDay = str(source.get('nthDay'), 2);
  return {
    repeat: (SERIES_FREQS as readonly string[]).includes(repeat) ? (repeat as SeriesFreq) : '',
    byDay: WEEKDAYS.filter((d) => byDay.includes(d)),
    nth: str(source.get('nth'), 4),
    nthDay: (WEEKDAYS as readonly string[]).includes(nthDay) ? (nthDay as Weekday) : 'MO',
    ends: source.get('ends') === 'until' ? 'until' : 'count',
    count: str(source.get('count'), 6).trim(),
    until: str(source.get('until'), 10).trim(),
  };
}

const e = (k: (typeof SERIES_ERRORS)[number]): SeriesError => `schedule.series.errors.${k}`;
const countSchema = z.coerce.number({ message: e('count') }).int(e('count')).min(MIN_OCCURRENCES, e('count')).max(MAX_OCCURRENCES, e('count'));
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, e('until')).refine((d) => DateTime.fromISO(d).isValid, e('until'));

export type SeriesParse = { ok: true; rule: SeriesRule | null; values: SeriesFormValues } | { ok: false; errors: SeriesFormErrors; values: SeriesFormValues };

/**
 * The series fields of a post: null rule when the event does not repeat. `startDate` is the
 * event's first date (yyyy-MM-dd, its zone) when it parsed; an end before it is refused.
 */
export function parseSeriesForm(source: Source, startDate: string | null): SeriesParse {
  const values = readSeriesForm(source);
  if (!values.repeat) return { ok: true, rule: null, values };
  const errors: SeriesFormErrors = {};
  if (values.repeat === 'weekly' && values.byDay.length === 0) errors.byDay = e('byDay');
  const nth = Number(values.nth);
  if (values.repeat === 'monthly' && !(SERIES_NTHS as readonly string[]).includes(values.nth)) errors.nth = e('nth');
  let count: number | null = null;
  let until: string | null = null;
  if (values.ends === 'count') {
    const c = countSchema.safeParse(values.count || undefined);
    if (c.success) count = c.data;
    else errors.count = e('count');
  } else {
    const u = dateSchema.safeParse(values.until);
    if (!u.success) errors.until = e('until');
    else if (startDate && u.data < startDate) errors.until = e('untilBeforeStart');
    else until = u.data;
  }
  if (Object.keys(errors).length) return { ok: false, errors, values };
  return { ok: true, values, rule: { freq: values.repeat, byDay: values.repeat === 'weekly' ? values.byDay : [], nth, nthDay: values.nthDay, count, until } };
}

/**
 * The RFC 5545 RRULE value of a rule (no "RRULE:" prefix). UNTIL is the last second of the until
 * day in the event's zone, written in UTC as RFC 5545 asks when DTSTART names a zone.
 */
export function toRRule(rule: SeriesRule, zone: string): string {
  const parts = [`FREQ=${rule.freq.toUpperCase()}`];
  if (rule.freq === 'weekly') parts.push(`BYDAY=${rule.byDay.join(',')}`);
  if (rule.freq === 'monthly') parts.push(`BYDAY=${rule.nth}${rule.nthDay}`);
  if (rule.count != null) parts.push(`COUNT=${rule.count}`);
  else if (rule.until) parts.push(`UNTIL=${DateTime.fromISO(`${rule.until}T23:59:59`, { zone }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
  return parts.join(';');
}

/** The RRULE with its end replaced by a count (how "this and following" ends an old series). */
export function withCount(rrule: string, count: number): string {
  return [...rrule.split(';').filter((p) => !/^(COUNT|UNTIL)=/.test(p)), `COUNT=${count}`].join(';');
}

/** The form values of a stored RRULE (what this module writes), for an occurrence's edit form. */
export function seriesValuesFromRRule(rrule: string, zone: string, date: string): SeriesFormValues {
  const base = defaultSeriesValues(date);
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const freq = (parts.FREQ ?? '').toLowerCase();
  const values: SeriesFormValues = { ...base, repeat: (SERIES_FREQS as readonly string[]).includes(freq) ? (freq as SeriesFreq) : '' };
  if (values.repeat === 'weekly' && parts.BYDAY) values.byDay = WEEKDAYS.filter((d) => parts.BYDAY!.split(',').includes(d));
  const monthly = values.repeat === 'monthly' ? /^(-?\d)([A-Z]{2})$/.exec(parts.BYDAY ?? '') : null;
  if (monthly) {
    values.nth = monthly[1]!;
    values.nthDay = monthly[2] as Weekday;
  }
  if (parts.UNTIL) {
    const u = DateTime.fromFormat(parts.UNTIL, "yyyyMMdd'T'HHmmss'Z'", { zone: 'utc' }).setZone(zone);
    values.ends = 'until';
    values.until = u.isValid ? u.toFormat('yyyy-MM-dd') : '';
  } else if (parts.COUNT) values.count = parts.COUNT;
  return values;
}
