/**
 * The attendance CSV of one event (GET /api/analytics/attendance?event=<id>, the organizer and
 * admins; docs/decisions/0090): one row per person who joined the room, in the order they first
 * joined, with their stretches in the room, watch time and registration answers. Written by the
 * platform's one CSV writer, so no cell can run as a formula.
 */
import type { EventRecord } from '#app/lib/events/model';
import { watchMsOf, type AttendeeRow } from '#app/lib/analytics/model';
import { csvDownload, csvNumber } from '#server/http/csvFile.server';
import type { TenantData } from '#server/data/tenantData.server';

export interface AttendanceLabels {
  name: string;
  identity: string;
  firstJoin: string;
  lastSeen: string;
  watchMinutes: string;
  intervals: string;
  answers: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One person's stretches: "start–end; start–end" in ISO UTC (an open stretch ends with "…"). */
export const intervalsCell = (row: Pick<AttendeeRow, 'intervals'>) => row.intervals.map((i) => `${iso(i.from)}–${i.to === null ? '…' : iso(i.to)}`).join('; ');

export async function attendanceRows(data: Pick<TenantData, 'analytics' | 'registrationAnswers'>, event: EventRecord, now = Date.now()) {
  const [rows, answers] = await Promise.all([data.analytics.allAttendees(event.eventId), data.registrationAnswers.list(event.eventId)]);
  const byUser = new Map(answers.map((a) => [a.userId, a.answers]));
  return rows.map((r) => [
    r.name,
    r.identity,
    iso(r.firstJoin),
    iso(r.lastSeen),
    csvNumber((watchMsOf(r.intervals, now) / 60_000).toFixed(1)),
    intervalsCell(r),
    (byUser.get(r.identity) ?? []).filter((a) => a.answer.trim()).map((a) => `${a.label}: ${a.answer}`).join(' | '),
  ]);
}

export async function attendanceCsv(data: Pick<TenantData, 'analytics' | 'registrationAnswers'>, event: EventRecord, labels: AttendanceLabels): Promise<Response> {
  const rows = await attendanceRows(data, event);
  return csvDownload(`attendance-${event.eventId}.csv`, [labels.name, labels.identity, labels.firstJoin, labels.lastSeen, labels.watchMinutes, labels.intervals, labels.answers], rows);
}
