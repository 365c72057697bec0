/**
 * Event analytics (docs/decisions/0090-event-analytics.md): what the server aggregates on write
 * and the browser shows. Pure functions, shared by the aggregation (server/analytics/) and the
 * screen: intervals from joins and leaves, watch time, the concurrency timeline.
 */
import type { EventStatus } from '#app/lib/events/model';
import type { ViewerExperience } from '#app/lib/beacons/model';

/** The activity counted per event (each a number in the event's counter shards). */
export const ACTIVITY_KINDS = ['chatMessages', 'questions', 'questionsAnswered', 'pollVotes', 'pollsLaunched', 'reactions', 'donations', 'tickets', 'products'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export type ActivityCounts = Record<ActivityKind, number>;

/** What revenue is counted per: what was sold. */
export const REVENUE_KINDS = ['tickets', 'donations', 'products'] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];
/** Revenue in minor units, per currency (ISO code) and kind. */
export type Revenue = Record<string, Record<RevenueKind, number>>;

export const emptyCounts = (): ActivityCounts => Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, 0])) as ActivityCounts;

/** One join or leave of a person, as LiveKit reported it (deduplicated by its webhook id). */
export interface PresenceMark {
  /** 'j' joined, 'l' left. */
  a: 'j' | 'l';
  /** Epoch milliseconds. */
  at: number;
  id: string;
}

/** A stretch of time in the room: [from, to) in epoch ms; `to` null while they are still in. */
export interface Interval {
  from: number;
  to: number | null;
}

/**
 * The person's time in the room from their joins and leaves, in any order and with duplicates:
 * a join opens an interval (a second join while in is a reconnect and changes nothing), a leave
 * closes it (a leave while out changes nothing). Sorted by time, leaves before joins at the same
 * millisecond so that a reconnect (left then joined in the same instant) stays one stretch broken
 * at that instant; touching or overlapping stretches are then merged.
 */
export function intervalsOf(marks: readonly PresenceMark[]): Interval[] {
  const sorted = [...marks].sort((x, y) => x.at - y.at || (x.a === y.a ? 0 : x.a === 'l' ? -1 : 1));
  const out: Interval[] = [];
  let open: number | null = null;
  for (const m of sorted) {
    if (m.a === 'j') {
      if (open === null) open = m.at;
    } else if (open !== null) {
      out.push({ from: open, to: m.at });
      open = null;
    }
  }
  if (open !== null) out.push({ from: open, to: null });
  const merged: Interval[] = [];
  for (const i of out) {
    const last = merged[merged.length - 1];
    if (last && last.to !== null && i.from <= last.to) last.to = i.to === null ? null : Math.max(last.to, i.to);
    else merged.push({ ...i });
  }
  return merged;
}

/** Milliseconds in the room: closed stretches, plus the open one up to `now` when given. */
export function watchMsOf(intervals: readonly Interval[], now?: number): number {
  let ms = 0;
  for (const i of intervals) {
    if (i.to !== null) ms += i.to - i.from;
    else if (now !== undefined) ms += Math.max(0, now - i.from);
  }
  return ms;
}

/** Whether the last stretch is still open (the person is in the room). */
export const isInRoom = (intervals: readonly Interval[]) => intervals.length > 0 && intervals[intervals.length - 1]!.to === null;

export const MINUTE_MS = 60_000;
export const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);

/** One minute's stored bucket: the most people in at once during it, and how many were in after its last change. */
export interface MinuteBucket {
  minute: number;
  max: number;
  end: number;
}

export interface TimelinePoint {
  /** Epoch ms of the minute's start. */
  t: number;
  viewers: number;
}

/**
 * Viewers per minute from `from` to `to` (epoch ms): a minute with a bucket shows its maximum (and
 * at least those in at its start), one without shows how many were in after the last change.
 * At most `maxPoints` points: longer spans take the maximum of several minutes per point.
 */
export function timelineOf(buckets: readonly MinuteBucket[], from: number, to: number, maxPoints = 240): TimelinePoint[] {
  const first = minuteOf(from);
  const last = Math.max(first, minuteOf(to));
  const byMinute = new Map(buckets.map((b) => [b.minute, b]));
  let level = 0;
  for (const b of buckets) if (b.minute < first) level = b.end;
  const span = last - first + 1;
  const step = Math.max(1, Math.ceil(span / maxPoints));
  const points: TimelinePoint[] = [];
  for (let m = first; m <= last; m += step) {
    let viewers = 0;
    for (let k = m; k < Math.min(m + step, last + 1); k++) {
      const b = byMinute.get(k);
      viewers = Math.max(viewers, b ? Math.max(b.max, level) : level);
      if (b) level = b.end;
    }
    points.push({ t: m * MINUTE_MS, viewers });
  }
  return points;
}

/** A moment to mark on the timeline. */
export interface TimelineMarker {
  kind: 'poll' | 'answer';
  at: number;
  label: string;
}

/** A row of the attendance table. */
export interface AttendeeRow {
  identity: string;
  name: string;
  firstJoin: number;
  lastSeen: number;
  /** Closed stretches' milliseconds (plus the open one up to the page's time, on the screen). */
  watchMs: number;
  inRoom: boolean;
  intervals: Interval[];
  /** Registration answers, "label: answer" joined (the screen only). */
  answers?: string;
}

export const ATTENDEE_SORTS = ['joined', 'watch'] as const;
export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];
export const ATTENDEE_PAGE_SIZE = 25;

/** What the analytics tab shows (server/analytics/screen.server.ts). */
export interface RevenueRow {
  currency: string;
  tickets: number;
  donations: number;
  products: number;
  total: number;
}

export interface EventAnalytics {
  event: { eventId: string; title: string; status: EventStatus; startsAt: string; endsAt: string };
  /** Live: the page asks again every few seconds; final once the event is over. */
  live: boolean;
  now: number;
  funnel: { registrations: number; attendees: number; current: number; peak: number; peakAt: number | null; totalWatchMs: number; averageWatchMs: number };
  counts: ActivityCounts;
  revenue: RevenueRow[];
  timeline: TimelinePoint[];
  markers: TimelineMarker[];
  table: { sort: AttendeeSort; rows: AttendeeRow[]; next: string | null; after: string | null };
  /** Viewer experience from the players' and the room's beacons (docs/decisions/0093). */
  experience: ViewerExperience;
}

/** "1 h 05 min", "12 min", "45 s". */
export function durationLabel(ms: number): { h: number; m: number; s: number } {
  const total = Math.max(0, Math.round(ms / 1000));
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}
