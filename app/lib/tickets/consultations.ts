/**
 * Consultations (issue 15): an organizer's weekly availability per channel, in their own time
 * zone, and the free slots a buyer picks in theirs. Browser-safe (luxon only).
 */
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';

export const SLOT_LENGTHS = [30, 45, 60] as const;
/** A slot cannot be booked less than this long before it starts. */
export const MIN_NOTICE_MINUTES = 60;
/** How far ahead slots are offered. */
export const BOOKING_HORIZON_DAYS = 60;
/** How long a slot is held for a buyer who is paying. */
export const HOLD_MINUTES = 15;

/**
 * The limits of the consultation forms; the schemas check them and the messages name them
 * ({{rulesMax}}, {{topicMin}}…), so no number is written twice.
 */
export const CONSULT_LIMITS = { rulesMax: 1000, hoursMax: 24 * 14, weeklyMax: 50, topicMin: 3, topicMax: 120, notesMax: 2000 } as const;

/** The one spelling of an instant every slot key, booking and session uses: `2026-12-01T11:00:00.000Z` (toISOString). */
export const canonicalInstant = (ms: number) => new Date(ms).toISOString();

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const weeklyWindowSchema = z
  .object({ weekday: z.number().int().min(1).max(7), from: hhmm, to: hhmm })
  .refine((w) => w.from < w.to, { message: 'tickets.consult.errors.window' });

export const availabilitySchema = z.object({
  timeZone: z.string().refine((zone) => IANAZone.isValidZone(zone), 'tickets.consult.errors.zone'),
  slotMinutes: z.union([z.literal(30), z.literal(45), z.literal(60)]),
  /** Minor units of the tenant's currency; more than zero. */
  fee: z.number().int().min(1).max(100_000_000),
  /** Free cancellation (full refund) until this many hours before the start; 0: no free cancellation. */
  cancellationHours: z.number().int().min(0).max(CONSULT_LIMITS.hoursMax),
  /** The rule in the organizer's words, shown before paying. */
  rules: z.string().trim().max(CONSULT_LIMITS.rulesMax),
  weekly: z.array(weeklyWindowSchema).max(CONSULT_LIMITS.weeklyMax),
  /** Off: the channel takes no new bookings (booked ones stay). Absent means on. */
  enabled: z.boolean().optional(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * The slot starts (ISO UTC) on `date` (yyyy-MM-dd) as a viewer in `viewerZone` sees that day,
 * from the organizer's weekly windows in their zone, at least MIN_NOTICE_MINUTES after `now`,
 * leaving out `taken` starts.
 */
export function freeSlots(availability: Availability, date: string, viewerZone: string, now: number, taken: ReadonlySet<string> = new Set()): string[] {
  const zone = IANAZone.isValidZone(viewerZone) ? viewerZone : 'UTC';
  const dayStart = DateTime.fromISO(date, { zone });
  if (!dayStart.isValid) return [];
  const dayEnd = dayStart.plus({ days: 1 });
  const earliest = now + MIN_NOTICE_MINUTES * 60_000;
  const latest = now + BOOKING_HORIZON_DAYS * 86_400_000;
  const out: string[] = [];
  // The viewer's day overlaps at most three of the organizer's days.
  const first = dayStart.setZone(availability.timeZone).startOf('day').minus({ days: 1 });
  for (let d = 0; d < 3; d++) {
    const day = first.plus({ days: d });
    for (const window of availability.weekly.filter((w) => w.weekday === day.weekday)) {
      const [fh, fm] = window.from.split(':').map(Number) as [number, number];
      const [th, tm] = window.to.split(':').map(Number) as [number, number];
      const end = day.set({ hour: th, minute: tm });
      for (let start = day.set({ hour: fh, minute: fm }); start.plus({ minutes: availability.slotMinutes }) <= end; start = start.plus({ minutes: availability.slotMinutes })) {
        const ms = start.toMillis();
        if (ms < dayStart.toMillis() || ms >= dayEnd.toMillis() || ms < earliest || ms > latest) continue;
        const iso = canonicalInstant(ms);
        if (!taken.has(iso)) out.push(iso);
      }
    }
  }
  return [...new Set(out)].sort();
}

// A date and time with its offset spelt out (Z, +02:00, +0200); without one the instant would depend on whoever reads it.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * The canonical spelling of an ISO 8601 instant (`…11:00:00Z`, `…11:00:00.000+00:00` and
 * `…13:00:00+02:00` are one instant), or null for anything that is not a date, time and offset.
 */
export function slotInstant(raw: string): string | null {
  if (!ISO_INSTANT.test(raw)) return null;
  const start = DateTime.fromISO(raw, { setZone: true });
  return start.isValid ? canonicalInstant(start.toMillis()) : null;
}

/**
 * The canonical start of the organizer's slot a buyer asked for (however its instant is spelt),
 * or null when that instant is not one of the slots offered now (the server re-checks what a buyer asks for).
 */
export function offeredSlot(availability: Availability, startIso: string, now: number): string | null {
  const start = slotInstant(startIso);
  if (!start) return null;
  const date = DateTime.fromISO(start, { zone: 'utc' }).setZone(availability.timeZone).toFormat('yyyy-MM-dd');
  return freeSlots(availability, date, availability.timeZone, now).includes(start) ? start : null;
}

/** Whether the channel takes new bookings. */
export const takesBookings = (availability: Pick<Availability, 'enabled' | 'weekly'>) => availability.enabled !== false && availability.weekly.length > 0;

/** Whether cancelling now still gets the full refund under the rule. */
export const refundableCancellation = (availability: Pick<Availability, 'cancellationHours'>, startIso: string, now: number) =>
  availability.cancellationHours > 0 && now <= Date.parse(startIso) - availability.cancellationHours * 3_600_000;
