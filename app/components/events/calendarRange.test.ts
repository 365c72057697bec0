import { describe, expect, it } from 'vitest';
import { covers, defaultRange, MAX_RANGE_DAYS, parseRange, rangeAround } from './calendarRange';

const NOW = Date.parse('2026-03-15T12:00:00Z');
const days = (r: { from: string; to: string }) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000;

describe('calendar ranges', () => {
  it('defaults to the month of now in the zone, a week wider on each side', () => {
    const r = defaultRange(NOW, 'America/New_York');
    // 1 March 00:00 in New York (EST, UTC−5) minus 7 days; 31 March + 8 days, midnight EDT (UTC−4).
    expect(r.from).toBe('2026-02-22T05:00:00.000Z');
    expect(r.to).toBe('2026-04-08T04:00:00.000Z');
  });

  it('follows the zone: in Tokyo the month starts earlier in UTC', () => {
    expect(defaultRange(NOW, 'Asia/Tokyo').from).toBe('2026-02-21T15:00:00.000Z');
  });

  it('accepts a valid range as UTC instants', () => {
    expect(parseRange('2026-03-01T00:00:00+01:00', '2026-03-08T00:00:00Z', NOW, 'UTC')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-08T00:00:00.000Z',
    });
  });

  it('falls back to the default for missing, malformed or reversed input', () => {
    const fallback = defaultRange(NOW, 'UTC');
    expect(parseRange(null, null, NOW, 'UTC')).toEqual(fallback);
    expect(parseRange('yesterday', '2026-03-08T00:00:00Z', NOW, 'UTC')).toEqual(fallback);
    expect(parseRange('2026-03-08T00:00:00Z', '2026-03-01T00:00:00Z', NOW, 'UTC')).toEqual(fallback);
    expect(parseRange('2026-03-08T00:00:00Z', '2026-03-08T00:00:00Z', NOW, 'UTC')).toEqual(fallback);
    expect(parseRange('x'.repeat(100), '2026-03-08T00:00:00Z', NOW, 'UTC')).toEqual(fallback);
  });

  it('cuts a range longer than the limit', () => {
    const r = parseRange('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', NOW, 'UTC');
    expect(r.from).toBe('2026-01-01T00:00:00.000Z');
    expect(days(r)).toBe(MAX_RANGE_DAYS);
  });

  it('widens visible dates to whole days in the zone and tells coverage', () => {
    const r = rangeAround(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-07T10:00:00Z'), 'Asia/Tokyo');
    expect(r).toEqual({ from: '2026-02-28T15:00:00.000Z', to: '2026-03-07T15:00:00.000Z' });
    expect(covers(defaultRange(NOW, 'Asia/Tokyo'), r)).toBe(true);
    expect(covers(r, defaultRange(NOW, 'Asia/Tokyo'))).toBe(false);
    expect(days(rangeAround(new Date('2026-01-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 'UTC'))).toBe(MAX_RANGE_DAYS);
  });
});
