/**
 * Analytics over a range of days, for the tenant or one organizer's channel
 * (docs/decisions/0094-range-analytics.md): the form's rules and what the tab shows. The figures
 * come from the daily rollups (server/analytics/data/rollups.server.ts).
 */
import { z } from 'zod';
import { ACTIVITY_KINDS, emptyCounts, type ActivityCounts, type RevenueRow } from './model';
import { DAY_MS, dayOf, dayStart, MAX_RANGE_DAYS } from './days';

/** A range the tab opens on: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
export const TOP_EVENTS = 10;
export const TOP_VIDEOS = 25;
export const TOP_SORTS = ['attended', 'revenue'] as const;
export type TopSort = (typeof TOP_SORTS)[number];

export type RangeError = 'day' | 'order' | 'tooLong';

/** The dates asked for (?from=&to=, YYYY-MM-DD): each a real day, from ≤ to, at most MAX_RANGE_DAYS days. */
export function parseRange(from: string | null, to: string | null, now = Date.now()): { from: string; to: string; errors: Partial<Record<'from' | 'to', RangeError>> } {
  const today = dayOf(now);
  const t = to?.trim() || today;
  const end = Number.isFinite(dayStart(t)) ? dayStart(t) : dayStart(today);
  const f = from?.trim() || dayOf(end - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  const errors: Partial<Record<'from' | 'to', RangeError>> = {};
  const a = dayStart(f);
  const b = dayStart(t);
  if (!Number.isFinite(a)) errors.from = 'day';
  if (!Number.isFinite(b)) errors.to = 'day';
  if (!errors.from && !errors.to) {
    if (b < a) errors.to = 'order';
    else if ((b - a) / DAY_MS + 1 > MAX_RANGE_DAYS) errors.to = 'tooLong';
  }
  return { from: f.slice(0, 10), to: t.slice(0, 10), errors };
}

/** The query the tab reads (bad values are reported by parseRange, not thrown). */
export const rangeQuerySchema = z.object({
  from: z.string().max(40).nullable(),
  to: z.string().max(40).nullable(),
  channel: z.string().max(64).nullable(),
  top: z.enum(TOP_SORTS).catch('attended'),
});

export interface RangeDay {
  day: string;
  registrations: number;
  tickets: number;
  attended: number;
  watchMs: number;
  /** Revenue per currency, minor units, every kind together. */
  revenue: Record<string, number>;
}

export interface TopEventRow {
  eventId: string;
  title: string;
  attended: number;
  watchMs: number;
  revenue: Array<{ currency: string; amount: number }>;
}

export interface VideoRow {
  videoId: string;
  title: string;
  views: number;
  watchSeconds: number;
}

export interface RangeAnalytics {
  from: string;
  to: string;
  errors: Partial<Record<'from' | 'to', RangeError>>;
  /** The channel shown, or null for the whole site (admins) or all of the person's own events. */
  channelId: string | null;
  /** The channels this person may choose. */
  channels: Array<{ channelId: string; name: string }>;
  /** Whether "the whole site" is a choice (the tenant's admins). */
  wholeSite: boolean;
  top: TopSort;
  totals: { registrations: number; tickets: number; attended: number; watchMs: number; counts: ActivityCounts; revenue: RevenueRow[] };
  currencies: string[];
  days: RangeDay[];
  topEvents: TopEventRow[];
  videos: VideoRow[];
  /** Nothing at all happened in the range. */
  empty: boolean;
}

const REVENUE = /^r_([A-Z]{3})_(tickets|donations|products)$/;

/** The tab's figures from the summed rollups of each day (D# items), every day of the range present. */
export function rangeFigures(days: readonly string[], byDay: ReadonlyMap<string, Readonly<Record<string, number>>>): Pick<RangeAnalytics, 'totals' | 'currencies' | 'days'> {
  const counts = emptyCounts();
  const revenue = new Map<string, RevenueRow>();
  const totals = { registrations: 0, tickets: 0, attended: 0, watchMs: 0 };
  const out: RangeDay[] = days.map((day) => {
    const a = byDay.get(day) ?? {};
    const row: RangeDay = { day, registrations: a.c_registrations ?? 0, tickets: a.c_tickets ?? 0, attended: a.c_attended ?? 0, watchMs: a.c_watchMs ?? 0, revenue: {} };
    for (const kind of ACTIVITY_KINDS) counts[kind] += a[`c_${kind}`] ?? 0;
    for (const [name, n] of Object.entries(a)) {
      const m = REVENUE.exec(name);
      if (!m || !n) continue;
      const currency = m[1]!;
      const kind = m[2] as 'tickets' | 'donations' | 'products';
      row.revenue[currency] = (row.revenue[currency] ?? 0) + n;
      const r = revenue.get(currency) ?? { currency, tickets: 0, donations: 0, products: 0, total: 0 };
      r[kind] += n;
      r.total += n;
      revenue.set(currency, r);
    }
    totals.registrations += row.registrations;
    totals.tickets += row.tickets;
    totals.attended += row.attended;
    totals.watchMs += row.watchMs;
    return row;
  });
  const rows = [...revenue.values()].filter((r) => r.total !== 0).sort((x, y) => x.currency.localeCompare(y.currency));
  return { totals: { ...totals, counts, revenue: rows }, currencies: rows.map((r) => r.currency), days: out };
}

/** Events' figures from the summed per-event rollups (E# items): a_<id>, w_<id>, m_<CUR>_<id>. */
export function eventFigures(attrs: Readonly<Record<string, number>>): Map<string, Omit<TopEventRow, 'title'>> {
  const out = new Map<string, Omit<TopEventRow, 'title'>>();
  const of = (id: string) => {
    let row = out.get(id);
    if (!row) out.set(id, (row = { eventId: id, attended: 0, watchMs: 0, revenue: [] }));
    return row;
  };
  for (const [name, n] of Object.entries(attrs)) {
    let m: RegExpExecArray | null;
    if ((m = /^a_([a-z0-9]{12})$/.exec(name))) of(m[1]!).attended += n;
    else if ((m = /^w_([a-z0-9]{12})$/.exec(name))) of(m[1]!).watchMs += n;
    else if ((m = /^m_([A-Z]{3})_([a-z0-9]{12})$/.exec(name)) && n) of(m[2]!).revenue.push({ currency: m[1]!, amount: n });
  }
  for (const row of out.values()) row.revenue.sort((x, y) => x.currency.localeCompare(y.currency));
  return out;
}

/**
 * The top events: by attendance (then revenue), or by revenue in the range's main currency (the
 * one with the most revenue; amounts in different currencies are not compared), then attendance.
 */
export function topEvents(rows: Iterable<Omit<TopEventRow, 'title'>>, sort: TopSort, mainCurrency: string | null, n = TOP_EVENTS): Array<Omit<TopEventRow, 'title'>> {
  const money = (r: Omit<TopEventRow, 'title'>) => r.revenue.find((x) => x.currency === mainCurrency)?.amount ?? 0;
  const all = [...rows].filter((r) => r.attended || r.watchMs || r.revenue.length);
  all.sort((x, y) => (sort === 'revenue' ? money(y) - money(x) || y.attended - x.attended : y.attended - x.attended || money(y) - money(x)) || x.eventId.localeCompare(y.eventId));
  return all.slice(0, n);
}

/** Videos' figures from the summed per-video rollups (V# items): v_<id> views, s_<id> seconds; most viewed first. */
export function videoFigures(attrs: Readonly<Record<string, number>>, n = TOP_VIDEOS): Array<Omit<VideoRow, 'title'>> {
  const out = new Map<string, Omit<VideoRow, 'title'>>();
  for (const [name, value] of Object.entries(attrs)) {
    const m = /^([vs])_(.+)$/.exec(name);
    if (!m) continue;
    const row = out.get(m[2]!) ?? { videoId: m[2]!, views: 0, watchSeconds: 0 };
    if (m[1] === 'v') row.views += value;
    else row.watchSeconds += value;
    out.set(m[2]!, row);
  }
  return [...out.values()].sort((x, y) => y.views - x.views || y.watchSeconds - x.watchSeconds || x.videoId.localeCompare(y.videoId)).slice(0, n);
}
