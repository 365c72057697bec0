/**
 * The public API's operations (docs/decisions/0087): one table that both the router and the
 * OpenAPI document read, so every operation served is documented with the schemas it is parsed
 * and answered with. Every handler works on the request's tenant only (context.data).
 */
import type { z } from 'zod';
import type { EventRecord } from '#app/lib/events/model';
import type { ApiScope } from '#app/lib/publicApi/scopes';
import { FREE_ORDER } from '#app/lib/tickets/kinds';
import type { AppContext } from '#server/context';
import type { ApiKeyRecord } from './data/apiKeys.server';
import { cancelEventByKey, createEventByKey, updateEventByKey } from './eventWrites.server';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, pageOf } from './pagination.server';
import { problem } from './problem.server';
import {
  analyticsSchema,
  attendanceSchema,
  eventCreateSchema,
  eventIdParam,
  eventSchema,
  eventsQuery,
  eventUpdateSchema,
  listQuery,
  mediaIdParam,
  mediaItemSchema,
  orderSchema,
  page,
  registrationSchema,
  type EventCreateBody,
  type EventUpdateBody,
} from './schemas.server';
import { eventView, mediaView, orderView } from './views.server';

export interface Call {
  context: AppContext;
  key: ApiKeyRecord;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}
export type Answer = { status: number; body: unknown } | Response;

export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** Under /api/v1, OpenAPI style: /events/{eventId}. */
  path: string;
  scope: ApiScope;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** Answers 404 for an unknown id in the path. */
  notFound?: boolean;
  /** Can answer 409 (a write on a cancelled or changed event). */
  conflict?: boolean;
  handle: (call: Call) => Promise<Answer>;
}

const notFound = () => problem('not-found', 'No such item on this site.');
const limitOf = (q: Record<string, unknown>) => (typeof q.limit === 'number' ? q.limit : DEFAULT_LIMIT);
const cursorOf = (q: Record<string, unknown>) => (typeof q.cursor === 'string' ? q.cursor : undefined);
const badCursor = () => problem('validation', 'The cursor is not one of this list.', { errors: [{ field: 'query.cursor', message: 'Unknown cursor.' }] });

/** The tenant's event (never a demo or a consultation's private session), else null. */
async function eventOf(call: Call): Promise<EventRecord | null> {
  const id = call.params.eventId ?? '';
  if (!/^[a-z0-9]{12}$/.test(id)) return null;
  const event = await call.context.data.events.get(id);
  return event && event.tenantId === call.context.tenant.id && event.kind === 'event' && !event.consultationBookingId ? event : null;
}

/** An in-memory list of one event as a page (registrations, attendance, orders). */
function listPage<T>(call: Call, scope: string, all: readonly T[]): Answer {
  const p = pageOf(`${call.context.tenant.id}:${scope}`, all, limitOf(call.query), cursorOf(call.query));
  return p ? { status: 200, body: p } : badCursor();
}

async function registrationsOf(context: AppContext, event: EventRecord) {
  const [tickets, answers] = await Promise.all([context.data.tickets.list(event.eventId), context.data.registrationAnswers.list(event.eventId)]);
  const byUser = new Map(answers.map((a) => [a.userId, a]));
  return [...tickets]
    .filter((t) => t.kind === 'ticket')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.userId.localeCompare(b.userId))
    .map((t) => {
      const record = byUser.get(t.userId);
      return {
        user_id: t.userId,
        name: record?.name ?? '',
        email: record?.email ?? '',
        kind: t.orderId === FREE_ORDER ? ('free' as const) : ('paid' as const),
        order_id: t.orderId === FREE_ORDER ? null : t.orderId,
        registered_at: t.createdAt,
        answers: (record?.answers ?? []).map((a) => ({ question_id: a.questionId, kind: a.kind, label: a.label, answer: a.answer })),
      };
    });
}

async function ordersOf(context: AppContext, event: EventRecord) {
  const tickets = await context.data.tickets.list(event.eventId);
  const ids = [...new Set(tickets.map((t) => t.orderId).filter((id) => id !== FREE_ORDER))].sort();
  const orders = await Promise.all(ids.map((id) => context.data.orders.get(id)));
  return orders.filter((o) => o !== null).map(orderView);
}

/** One of an event's lists under /events/{eventId}/<list>: 404 for an unknown event, else a page of its rows. */
function eventList(o: Pick<Operation, 'id' | 'scope' | 'tag' | 'summary' | 'response'> & { list: string; rows: (context: AppContext, event: EventRecord) => Promise<readonly unknown[]> }): Operation {
  const { list, rows, ...described } = o;
  return {
    ...described,
    method: 'GET',
    path: `/events/{eventId}/${list}`,
    params: eventIdParam,
    query: listQuery,
    status: 200,
    notFound: true,
    handle: async (call) => {
      const event = await eventOf(call);
      return event ? listPage(call, `${list}:${event.eventId}`, await rows(call.context, event)) : notFound();
    },
  };
}

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'listEvents',
    method: 'GET',
    path: '/events',
    scope: 'events:read',
    tag: 'Events',
    summary: "The site's live and upcoming events, in start order.",
    query: eventsQuery,
    status: 200,
    response: page(eventSchema, 'EventPage'),
    handle: async (call) => {
      const scope = `${call.context.tenant.id}:events:${String(call.query.filter ?? 'all')}:${String(call.query.q ?? '')}`;
      const at = decodeCursor(scope, cursorOf(call.query));
      if (at === null || typeof at === 'number') return badCursor();
      const listed = await call.context.data.events.list({ filter: call.query.filter as 'all' | 'live' | 'upcoming' | undefined, q: call.query.q as string | undefined, limit: Math.min(limitOf(call.query), 50), cursor: at ?? null });
      const data = listed.items.filter((e) => e.kind === 'event').map((e) => eventView(e, call.context.tenant.currency));
      return { status: 200, body: { data, next_cursor: listed.cursor ? encodeCursor(scope, listed.cursor) : null } };
    },
  },
  {
    id: 'createEvent',
    method: 'POST',
    path: '/events',
    scope: 'events:write',
    tag: 'Events',
    summary: "Schedules an event, checked by the organizer form's rules; the key's creator is its organizer.",
    body: eventCreateSchema,
    status: 201,
    response: eventSchema,
    handle: async (call) => {
      const made = await createEventByKey(call.context, call.key, call.body as EventCreateBody);
      if (!made.ok) return problem(made.status === 400 ? 'validation' : 'conflict', made.detail, { errors: made.errors, status: made.status });
      return { status: 201, body: eventView(made.event, call.context.tenant.currency) };
    },
  },
  {
    id: 'getEvent',
    method: 'GET',
    path: '/events/{eventId}',
    scope: 'events:read',
    tag: 'Events',
    summary: 'One event.',
    params: eventIdParam,
    status: 200,
    response: eventSchema,
    notFound: true,
    handle: async (call) => {
      const event = await eventOf(call);
      return event ? { status: 200, body: eventView(event, call.context.tenant.currency) } : notFound();
    },
  },
  {
    id: 'updateEvent',
    method: 'PATCH',
    path: '/events/{eventId}',
    scope: 'events:write',
    tag: 'Events',
    summary: "Changes an event's fields, checked by the organizer form's rules.",
    params: eventIdParam,
    body: eventUpdateSchema,
    status: 200,
    response: eventSchema,
    notFound: true,
    conflict: true,
    handle: async (call) => {
      const event = await eventOf(call);
      if (!event) return notFound();
      const made = await updateEventByKey(call.context, event, call.body as EventUpdateBody);
      if (!made.ok) return made.status === 404 ? notFound() : problem(made.status === 400 ? 'validation' : 'conflict', made.detail, { errors: made.errors, status: made.status });
      return { status: 200, body: eventView(made.event, call.context.tenant.currency) };
    },
  },
  {
    id: 'cancelEvent',
    method: 'POST',
    path: '/events/{eventId}/cancel',
    scope: 'events:write',
    tag: 'Events',
    summary: 'Cancels an event as its organizer does (an open room is closed); cancelling again changes nothing.',
    params: eventIdParam,
    status: 200,
    response: eventSchema,
    notFound: true,
    handle: async (call) => {
      const event = await eventOf(call);
      if (!event) return notFound();
      return { status: 200, body: eventView(await cancelEventByKey(call.context, event), call.context.tenant.currency) };
    },
  },
  eventList({
    id: 'listRegistrations',
    list: 'registrations',
    scope: 'registrations:read',
    tag: 'Registrations',
    summary: "The event's seat holders (free registrations and paid tickets) with their answers to its registration questions.",
    response: page(registrationSchema, 'RegistrationPage'),
    rows: registrationsOf,
  }),
  eventList({
    id: 'listAttendance',
    list: 'attendance',
    scope: 'registrations:read',
    tag: 'Registrations',
    summary: "Who joined and left the event's room, in time order.",
    response: page(attendanceSchema, 'AttendancePage'),
    rows: async (context, event) => (await context.data.attendance.list(event.eventId)).map((r) => ({ identity: r.identity, name: r.name, action: r.action, at: r.at })),
  }),
  eventList({
    id: 'listEventOrders',
    list: 'orders',
    scope: 'orders:read',
    tag: 'Orders',
    summary: "The orders that bought the event's tickets.",
    response: page(orderSchema, 'OrderPage'),
    rows: ordersOf,
  }),
  {
    id: 'getEventAnalytics',
    method: 'GET',
    path: '/events/{eventId}/analytics',
    scope: 'analytics:read',
    tag: 'Analytics',
    summary: "A summary of the event's registrations, attendance and sales.",
    params: eventIdParam,
    status: 200,
    response: analyticsSchema,
    notFound: true,
    handle: async (call) => {
      const event = await eventOf(call);
      if (!event) return notFound();
      const [registrations, attendance, orders, seats] = await Promise.all([
        registrationsOf(call.context, event),
        call.context.data.attendance.list(event.eventId),
        ordersOf(call.context, event),
        call.context.data.tickets.sold(event.eventId),
      ]);
      const paid = orders.filter((o) => o.paid_at !== null);
      const currency = call.context.tenant.currency;
      const revenue = paid.reduce((sum, o) => sum + (o.total.currency === currency ? o.total.amount - o.refunded.amount : 0), 0);
      return {
        status: 200,
        body: {
          event_id: event.eventId,
          registrations: registrations.length,
          free_registrations: registrations.filter((r) => r.kind === 'free').length,
          paid_registrations: registrations.filter((r) => r.kind === 'paid').length,
          capacity: event.capacity,
          seats_taken: seats,
          unique_attendees: new Set(attendance.filter((a) => a.action === 'joined').map((a) => a.identity)).size,
          joins: attendance.filter((a) => a.action === 'joined').length,
          paid_orders: paid.length,
          revenue: { amount: revenue, currency },
        },
      };
    },
  },
  {
    id: 'listMedia',
    method: 'GET',
    path: '/media',
    scope: 'media:read',
    tag: 'Media',
    summary: "The site's media library, newest first.",
    query: listQuery,
    status: 200,
    response: page(mediaItemSchema, 'MediaPage'),
    handle: async (call) => {
      const scope = `${call.context.tenant.id}:media`;
      const at = decodeCursor(scope, cursorOf(call.query));
      if (at === null || typeof at === 'number') return badCursor();
      const listed = await call.context.data.media.list({ limit: limitOf(call.query), afterId: at });
      const last = listed.items.at(-1);
      return { status: 200, body: { data: listed.items.map(mediaView), next_cursor: listed.next && last ? encodeCursor(scope, last.id) : null } };
    },
  },
  {
    id: 'getMediaItem',
    method: 'GET',
    path: '/media/{mediaId}',
    scope: 'media:read',
    tag: 'Media',
    summary: 'One media item (its description, never its files).',
    params: mediaIdParam,
    status: 200,
    response: mediaItemSchema,
    notFound: true,
    handle: async (call) => {
      const id = call.params.mediaId ?? '';
      const item = id.length <= 64 ? await call.context.data.media.get(id) : null;
      return item ? { status: 200, body: mediaView(item) } : notFound();
    },
  },
];
