import { describe, expect, it } from 'vitest';
import { daysFrom, dayOf, MAX_RANGE_DAYS } from './days';
import { eventFigures, parseRange, rangeFigures, topEvents, videoFigures } from './range';

const NOW = Date.UTC(2026, 11, 1, 15, 0);

describe('the range form', () => {
  it('opens on the last 30 days, today included', () => {
    expect(parseRange(null, null, NOW)).toEqual({ from: '2026-11-02', to: '2026-12-01', errors: {} });
    expect(parseRange('', '2026-01-31', NOW)).toEqual({ from: '2026-01-02', to: '2026-01-31', errors: {} });
  });

  it('refuses dates that are not days, a range that ends before it starts and one longer than a year', () => {
    expect(parseRange('2026-02-30', '2026-03-01', NOW).errors).toEqual({ from: 'day' });
    expect(parseRange('yesterday', 'x', NOW).errors).toEqual({ from: 'day', to: 'day' });
    expect(parseRange('2026-03-02', '2026-03-01', NOW).errors).toEqual({ to: 'order' });
    expect(parseRange('2025-01-01', '2026-01-02', NOW).errors).toEqual({ to: 'tooLong' });
    // 366 days (a leap year's) is allowed, one day more is not.
    expect(parseRange('2024-01-01', '2024-12-31', NOW).errors).toEqual({});
    expect(daysFrom('2024-01-01', '2024-12-31')).toHaveLength(MAX_RANGE_DAYS);
    expect(parseRange('2026-03-01', '2026-03-01', NOW).errors).toEqual({});
  });

  it('names UTC days', () => {
    expect(dayOf(Date.UTC(2026, 0, 1, 23, 59, 59))).toBe('2026-01-01');
    expect(daysFrom('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysFrom('2026-03-01', '2026-02-27')).toEqual([]);
  });
});

describe('the range figures', () => {
  it('fills every day of the range and keeps currencies apart', () => {
    const byDay = new Map<string, Record<string, number>>([
      ['2026-11-02', { c_registrations: 2, c_tickets: 1, c_attended: 3, c_watchMs: 5000, r_USD_tickets: 1000, r_EUR_donations: 300, c_chatMessages: 4 }],
      ['2026-11-04', { c_attended: 1, r_USD_products: 250 }],
    ]);
    const f = rangeFigures(daysFrom('2026-11-01', '2026-11-04'), byDay);
    expect(f.days.map((d) => d.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    expect(f.days[1]).toEqual({ day: '2026-11-02', registrations: 2, tickets: 1, attended: 3, watchMs: 5000, revenue: { USD: 1000, EUR: 300 } });
    expect(f.days[2]!.revenue).toEqual({});
    expect(f.totals).toMatchObject({ registrations: 2, tickets: 1, attended: 4, watchMs: 5000 });
    expect(f.totals.counts.chatMessages).toBe(4);
    expect(f.currencies).toEqual(['EUR', 'USD']);
    expect(f.totals.revenue).toEqual([
      { currency: 'EUR', tickets: 0, donations: 300, products: 0, total: 300 },
      { currency: 'USD', tickets: 1000, donations: 0, products: 250, total: 1250 },
    ]);
  });

  it('ranks events by attendance or by revenue in the main currency, and videos by views', () => {
    const events = eventFigures({ a_aaaaaaaaaaaa: 10, w_aaaaaaaaaaaa: 60_000, m_USD_aaaaaaaaaaaa: 100, a_bbbbbbbbbbbb: 3, m_USD_bbbbbbbbbbbb: 900, m_EUR_cccccccccccc: 99_999, bogus: 5 });
    expect(events.get('aaaaaaaaaaaa')).toEqual({ eventId: 'aaaaaaaaaaaa', attended: 10, watchMs: 60_000, revenue: [{ currency: 'USD', amount: 100 }] });
    expect(topEvents(events.values(), 'attended', 'USD').map((e) => e.eventId)).toEqual(['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc']);
    expect(topEvents(events.values(), 'revenue', 'USD').map((e) => e.eventId)).toEqual(['bbbbbbbbbbbb', 'aaaaaaaaaaaa', 'cccccccccccc']);
    expect(topEvents(events.values(), 'attended', 'USD', 1)).toHaveLength(1);
    expect(videoFigures({ v_x: 2, s_x: 30, v_y: 5, s_z: 10 })).toEqual([
      { videoId: 'y', views: 5, watchSeconds: 0 },
      { videoId: 'x', views: 2, watchSeconds: 30 },
      { videoId: 'z', views: 0, watchSeconds: 10 },
    ]);
  });
});
