/**
 * The public API's requests and answers, defined once with zod (docs/decisions/0087): the handlers
 * parse with them and the OpenAPI 3.1 document (./openapi.server.ts) is generated from them, so the
 * reference cannot drift from what the server does. Field names are snake_case; times are ISO 8601
 * UTC; money is integer minor units with its ISO 4217 currency.
 */
import { z } from 'zod';
import { ROOM_LAYOUTS } from '#app/lib/events/model';
import { API_SCOPES } from '#app/lib/publicApi/scopes';
import { DEFAULT_LIMIT, MAX_LIMIT } from './pagination.server';

const isoTime = z.string().meta({ format: 'date-time', example: '2026-12-01T18:00:00.000Z' });
export const eventIdParam = z.object({ eventId: z.string().max(64).meta({ description: 'The event id (12 lower-case letters and digits).', example: 'ab12cd34ef56' }) });
export const mediaIdParam = z.object({ mediaId: z.string().max(64).meta({ description: 'The media item id.', example: 'abcdefghijklmnopqrstu' }) });

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional().meta({ description: `Items per page, 1–${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`, example: 25 }),
  cursor: z.string().max(512).optional().meta({ description: 'The next_cursor of the previous page.' }),
});
export const eventsQuery = listQuery.extend({
  filter: z.enum(['all', 'live', 'upcoming']).optional().meta({ description: 'Live and upcoming events (all, the default), live ones only, or upcoming ones only.' }),
  q: z.string().max(100).optional().meta({ description: 'Words matched against the title and the organizer.' }),
});

export const moneySchema = z.object({ amount: z.number().int().meta({ description: 'Integer minor units (1999 = 19.99).' }), currency: z.string() }).meta({ id: 'Money' });

export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    start: isoTime,
    duration_minutes: z.number().int(),
    time_zone: z.string(),
    language: z.string(),
    layout: z.string(),
    status: z.enum(['scheduled', 'open', 'live', 'ended', 'expired', 'cancelled']),
    ticket_price: moneySchema,
    capacity: z.number().int().nullable(),
    replay_price: z.union([moneySchema, z.null()]),
    organizer: z.object({ id: z.string(), name: z.string() }),
    hosts: z.array(z.string()),
    moderate_chat: z.boolean(),
    reactions: z.boolean(),
    hosts_admit: z.boolean(),
    short_code: z.string(),
    series_id: z.string().nullable(),
    registration_questions: z.number().int().meta({ description: 'How many registration questions are asked.' }),
    cancelled_at: isoTime.nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: 'Event' });

const date = z.string().max(32).meta({ description: 'Local start date in time_zone, YYYY-MM-DD.', example: '2027-03-14' });
const time = z.string().max(32).meta({ description: 'Local start time in time_zone, 24-hour HH:MM.', example: '18:30' });
const eventFields = {
  title: z.string().max(1000).meta({ example: 'Quarterly all-hands' }),
  description: z.string().max(10_000),
  date,
  time,
  time_zone: z.string().max(100).meta({ example: 'Europe/Madrid' }),
  duration_minutes: z.number().int().min(0).max(100_000).meta({ example: 60 }),
  language: z.string().max(16).meta({ description: "One of the site's languages.", example: 'en' }),
  layout: z.enum(ROOM_LAYOUTS),
  ticket_price: z.number().int().min(0).max(100_000_000).meta({ description: 'Minor units; 0 is a free event.' }),
  capacity: z.number().int().min(1).max(1_000_000).nullable().meta({ description: 'Seats; null is unlimited.' }),
  replay_price: z.number().int().min(1).max(100_000_000).nullable().meta({ description: 'Minor units of the replay alone; null: not sold apart.' }),
  hosts: z.array(z.string().max(254)).max(100).meta({ description: 'Host email addresses (invitations).' }),
  moderate_chat: z.boolean(),
  reactions: z.boolean(),
  hosts_admit: z.boolean(),
};
export const eventCreateSchema = z
  .object({ ...eventFields, description: eventFields.description.optional(), duration_minutes: eventFields.duration_minutes.optional(), language: eventFields.language.optional(), layout: eventFields.layout.optional(), ticket_price: eventFields.ticket_price.optional(), capacity: eventFields.capacity.optional(), replay_price: eventFields.replay_price.optional(), hosts: eventFields.hosts.optional(), moderate_chat: eventFields.moderate_chat.optional(), reactions: eventFields.reactions.optional(), hosts_admit: eventFields.hosts_admit.optional() })
  .strict()
  .meta({ id: 'EventCreate', description: 'A new event, checked by the same rules as the organizer’s form. Its organizer is the admin who created the API key.' });
export const eventUpdateSchema = z
  .object(Object.fromEntries(Object.entries(eventFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof eventFields]: z.ZodOptional<(typeof eventFields)[K]> })
  .strict()
  .meta({ id: 'EventUpdate', description: 'The fields to change; the others keep their value. date and time go together with time_zone.' });
export type EventCreateBody = z.infer<typeof eventCreateSchema>;
export type EventUpdateBody = z.infer<typeof eventUpdateSchema>;

export const answerSchema = z.object({ question_id: z.string(), kind: z.string(), label: z.string(), answer: z.string() }).meta({ id: 'RegistrationAnswer' });
export const registrationSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    kind: z.enum(['free', 'paid']),
    order_id: z.string().nullable(),
    registered_at: isoTime,
    answers: z.array(answerSchema),
  })
  .meta({ id: 'Registration' });

export const attendanceSchema = z
  .object({ identity: z.string(), name: z.string(), action: z.enum(['joined', 'left']), at: isoTime })
  .meta({ id: 'AttendanceRecord' });

export const orderSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    total: moneySchema,
    refunded: moneySchema,
    lines: z.array(z.object({ kind: z.string(), ref_id: z.string(), title: z.string(), quantity: z.number().int(), unit_amount: z.number().int() })),
    created_at: isoTime,
    paid_at: isoTime.nullable(),
  })
  .meta({ id: 'Order' });

export const mediaItemSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.string(),
    visibility: z.string(),
    owner: z.object({ id: z.string(), name: z.string() }),
    event_id: z.string().nullable(),
    bytes: z.number().int(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: 'MediaItem' });

export const analyticsSchema = z
  .object({
    event_id: z.string(),
    registrations: z.number().int(),
    free_registrations: z.number().int(),
    paid_registrations: z.number().int(),
    capacity: z.number().int().nullable(),
    seats_taken: z.number().int(),
    unique_attendees: z.number().int(),
    joins: z.number().int(),
    paid_orders: z.number().int(),
    revenue: moneySchema,
  })
  .meta({ id: 'EventAnalytics' });

export const page = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page.' }) }).meta({ id });

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export const scopesDescription = `Scopes: ${API_SCOPES.join(', ')}.`;
