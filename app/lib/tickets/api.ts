/**
 * The tickets API between /preview (and the room's ticket gate) and the server.
 * POST /api/tickets/register {eventId, answers?, wholeSeries?} → 200 { status: 'registered' | 'already', series? } | 401 { signIn }
 *   | 404 | 409 { refused } (sold_out, not_for_sale, too_late, own_item)
 *   | 400 { error: 'answers', fields } (answers to the registration questions refused, by question id).
 * GET /api/tickets/ics?event=<id> → the event's .ics calendar file.
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';
import { answersInputSchema, type AnswerFormError } from '#app/lib/registration/questions';

/**
 * `answers`: to the event's registration questions (docs/decisions/0083), by question id.
 * `wholeSeries`: register for every occurrence still to come of the event's series (free registration only, docs/decisions/0085).
 */
export const registerRequestSchema = z.object({ eventId: eventIdSchema, answers: answersInputSchema.optional(), wholeSeries: z.boolean().optional() });
export type RegisterRefusal = 'sold_out' | 'not_for_sale' | 'too_late' | 'own_item';
/** What a whole-series registration did: seats taken now, kept, and the occurrences that were full (their ids). */
export interface SeriesRegisterSummary {
  registered: number;
  already: number;
  full: string[];
}
export type RegisterResponse =
  | { status: 'registered' | 'already'; series?: SeriesRegisterSummary }
  | { refused: RegisterRefusal }
  | { signIn: string }
  | { error: 'answers'; fields: Record<string, AnswerFormError> }
  | { error: string };

export const icsHref = (eventId: string) => `/api/tickets/ics?event=${encodeURIComponent(eventId)}`;

/** What /preview knows about the person's way in (server/commerce/tickets/previewAccess.server.ts). */
export interface AccessView {
  /** open: no seat needed (free, no capacity); register: a free seat; buy: a paid ticket. */
  mode: 'open' | 'register' | 'buy';
  /** Ticket price, minor units of `currency`. */
  price: number;
  currency: string;
  replayPrice: number | null;
  capacity: number | null;
  /** Seats still free when there is a capacity, else null. */
  seatsLeft: number | null;
  /** The person's own seat: a paid ticket or a free registration. */
  holding: 'ticket' | 'registration' | null;
  hasReplay: boolean;
  /** Organizer or host: no ticket needed. */
  staff: boolean;
  /** The event is an occurrence of a series: occurrences from this one on, and whether the person registered for them all. */
  series?: { upcoming: number; registered: boolean } | null;
}
