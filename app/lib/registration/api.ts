/**
 * The registration questions' API (docs/decisions/0083).
 * POST /api/registration/answers {eventId, answers} → 200 { ok: true } | 400 { error: 'answers', fields } | 401 | 404 | 409 { error: 'notAsked' }
 *   (a buyer's answers, stored before the checkout of a paid ticket; a free registration sends them with /api/tickets/register).
 * GET /api/registration/answers?event=<id>&user=<sub> → 200 { answers: [{ question, answer }] } (organizer and hosts).
 * GET /api/registration/export?event=<id> → text/csv (the organizer).
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';
import { answersInputSchema } from './schema';

export const answersRequestSchema = z.object({ eventId: eventIdSchema, answers: answersInputSchema });
export const answersQuerySchema = z.object({ event: eventIdSchema, user: z.string().min(1).max(128).regex(/^[\w@.:-]+$/) });

export const answersHref = (eventId: string, userId: string) => `/api/registration/answers?event=${encodeURIComponent(eventId)}&user=${encodeURIComponent(userId)}`;
export const exportHref = (eventId: string) => `/api/registration/export?event=${encodeURIComponent(eventId)}`;
