import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { expandSeries } from './seriesExpand';
import { MAX_OCCURRENCES, parseSeriesForm, seriesValuesFromRRule, toRRule, withCount, type SeriesRule } from './seriesRule';
import { splitSeries } from './seriesSplit';

const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat("ccc yyyy-MM-dd HH:mm");
const starts = (rrule: string, dtstart: string, zone: string) => {
  const out = expandSeries({ rrule, dtstart, zone });
  if (!out.ok) throw new Error(out.reason);
  return out.starts;
};
const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
};
const rule = (r: Partial<SeriesRule>): SeriesRule => ({ freq: 'weekly', byDay: [], nth: 1, nthDay: 'MO', count: null, until: null, ...r });

describe('series expansion', () => {
  it('daily with a count', () => {
    expect(starts('FREQ=DAILY;COUNT=3', '2026-05-04T09:30', 'UTC')).toEqual(['2026-05-04T09:30:00.000Z', '2026-05-05T09:30:00.000Z', '2026-05-06T09:30:00.000Z']);
  });

  it('weekly on chosen days, until a date (inclusive, in the zone)', () => {
    const rrule = toRRule(rule({ freq: 'weekly', byDay: ['TU', 'TH'], until: '2026-05-14' }), 'Europe/Paris');
    expect(rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260514T215959Z');
    expect(starts(rrule, '2026-05-05T18:00', 'Europe/Paris').map((s) => local(s, 'Europe/Paris'))).toEqual([
      'Tue 2026-05-05 18:00',
      'Thu 2026-05-07 18:00',
      'Tue 2026-05-12 18:00',
      'Thu 2026-05-14 18:00',
    ]);
  });

  it('monthly on the 2nd Tuesday', () => {
    const rrule = toRRule(rule({ freq: 'monthly', nth: 2, nthDay: 'TU', count: 3 }), 'UTC');
    expect(rrule).toBe('FREQ=MONTHLY;BYDAY=2TU;COUNT=3');
    expect(starts(rrule, '2026-01-01T12:00', 'UTC').map((s) => local(s, 'UTC'))).toEqual(['Tue 2026-01-13 12:00', 'Tue 2026-02-10 12:00', 'Tue 2026-03-10 12:00']);
  });

  it('monthly on the last Friday', () => {
    const rrule = toRRule(rule({ freq: 'monthly', nth: -1, nthDay: 'FR', count: 3 }), 'UTC');
    expect(starts(rrule, '2026-01-01T12:00', 'UTC').map((s) => local(s, 'UTC'))).toEqual(['Fri 2026-01-30 12:00', 'Fri 2026-02-27 12:00', 'Fri 2026-03-27 12:00']);
  });

  it('keeps 18:00 in Europe/Paris across the spring change (the UTC instant moves)', () => {
    const out = starts('FREQ=WEEKLY;BYDAY=TU;COUNT=3', '2026-03-24T18:00', 'Europe/Paris');
    expect(out).toEqual(['2026-03-24T17:00:00.000Z', '2026-03-31T16:00:00.000Z', '2026-04-07T16:00:00.000Z']);
    expect(out.map((s) => local(s, 'Europe/Paris').slice(-5))).toEqual(['18:00', '18:00', '18:00']);
  });

  it('keeps 18:00 in America/New_York across both changes', () => {
    const spring = starts('FREQ=DAILY;COUNT=3', '2026-03-07T18:00', 'America/New_York');
    expect(spring).toEqual(['2026-03-07T23:00:00.000Z', '2026-03-08T22:00:00.000Z', '2026-03-09T22:00:00.000Z']);
    const autumn = starts('FREQ=WEEKLY;BYDAY=SA;COUNT=2', '2026-10-31T18:00', 'America/New_York');
    expect(autumn).toEqual(['2026-10-31T22:00:00.000Z', '2026-11-07T23:00:00.000Z']);
  });

  it(`refuses more than ${MAX_OCCURRENCES} occurrences instead of cutting them`, () => {
    expect(expandSeries({ rrule: 'FREQ=DAILY;COUNT=52', dtstart: '2026-01-01T10:00', zone: 'UTC' })).toMatchObject({ ok: true });
    expect(expandSeries({ rrule: toRRule(rule({ freq: 'daily', until: '2026-02-22' }), 'UTC'), dtstart: '2026-01-01T10:00', zone: 'UTC' })).toEqual({ ok: false, reason: 'tooMany' });
  });
});

describe('series form', () => {
  it('does not repeat by default', () => {
    expect(parseSeriesForm(form({}), '2026-05-05')).toMatchObject({ ok: true, rule: null });
  });

  it('parses weekly days and a count, and refuses a count over the cap', () => {
    expect(parseSeriesForm(form({ repeat: 'weekly', byDay: ['TH', 'TU'], ends: 'count', count: '3' }), '2026-05-05')).toMatchObject({
      ok: true,
      rule: { freq: 'weekly', byDay: ['TU', 'TH'], count: 3, until: null },
    });
    expect(parseSeriesForm(form({ repeat: 'weekly', byDay: 'TU', ends: 'count', count: '53' }), '2026-05-05')).toMatchObject({ ok: false, errors: { count: 'schedule.series.errors.count' } });
    expect(parseSeriesForm(form({ repeat: 'weekly', ends: 'count', count: '3' }), '2026-05-05')).toMatchObject({ ok: false, errors: { byDay: 'schedule.series.errors.byDay' } });
  });

  it('refuses an end date before the start and an unknown n-th', () => {
    expect(parseSeriesForm(form({ repeat: 'daily', ends: 'until', until: '2026-05-01' }), '2026-05-05')).toMatchObject({ ok: false, errors: { until: 'schedule.series.errors.untilBeforeStart' } });
    expect(parseSeriesForm(form({ repeat: 'monthly', nth: '7', nthDay: 'TU', ends: 'count', count: '3' }), '2026-05-05')).toMatchObject({ ok: false, errors: { nth: 'schedule.series.errors.nth' } });
  });

  it('reads a stored rule back into the form', () => {
    expect(seriesValuesFromRRule('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20260514T215959Z', 'Europe/Paris', '2026-01-30')).toMatchObject({ repeat: 'monthly', nth: '-1', nthDay: 'FR', ends: 'until', until: '2026-05-14' });
    expect(withCount('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260514T215959Z', 2)).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=2');
  });
});

describe('this and following', () => {
  const old = { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', dtstart: '2026-03-17T18:00', zone: 'Europe/Paris' };

  it('ends the old series before the edited occurrence and starts the new one there', () => {
    const split = splitSeries(old, 2, { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', firstStart: '2026-03-31T17:00:00.000Z', zone: 'Europe/Paris' });
    expect(split.before).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=2');
    // Count-bound: what remained of it (4 - 2), from the edited occurrence's new start (19:00 local).
    expect(split.after).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=2', dtstart: '2026-03-31T19:00', zone: 'Europe/Paris' });
    expect(expandSeries(split.after)).toEqual({ ok: true, starts: ['2026-03-31T17:00:00.000Z', '2026-04-07T17:00:00.000Z'] });
  });

  it('keeps a new rule as chosen (its count is the new series\' own)', () => {
    const split = splitSeries(old, 1, { rrule: 'FREQ=DAILY;COUNT=3', firstStart: '2026-03-24T17:00:00.000Z', zone: 'Europe/Paris', ruleChanged: true });
    expect(split.before).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=1');
    expect(split.after.rrule).toBe('FREQ=DAILY;COUNT=3');
  });

  it('replaces the whole series when the first occurrence is edited', () => {
    const split = splitSeries(old, 0, { rrule: old.rrule, firstStart: '2026-03-17T18:00:00.000Z', zone: 'Europe/Paris' });
    expect(split.before).toBeNull();
    expect(split.after.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=4');
  });
});
