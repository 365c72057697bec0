/**
 * Creating, changing and cancelling events with an API key (docs/decisions/0087): the API's JSON is
 * turned into the organizer's form values and checked by the same parser (app/lib/events/form.ts),
 * so a key can store nothing the form would refuse. The key's creator is the new event's organizer.
 */
import type { AppContext } from '#server/context';
import { defaultEventFormValues, eventFormValues, parseEventForm, type EventFormErrors, type EventFormValues } from '#app/lib/events/form';
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import { questionsLanguage } from '#app/lib/registration/schema';
import { majorText } from '#app/lib/tickets/eventPricing';
import { getFixedT } from '#server/i18n.server';
import type { ApiKeyRecord } from './data/apiKeys.server';
import type { FieldError } from './problem.server';
import type { EventCreateBody, EventUpdateBody } from './schemas.server';

/** The form field each API field is read into (errors are reported under the API's names). */
const API_FIELD: Partial<Record<keyof EventFormErrors, string>> = {
  title: 'title',
  description: 'description',
  date: 'date',
  time: 'time',
  eventTimeZone: 'time_zone',
  eventDuration: 'duration_minutes',
  eventLanguage: 'language',
  layout: 'layout',
  hosts: 'hosts',
  admission: 'ticket_price',
  ticketPrice: 'ticket_price',
  capacity: 'capacity',
  replayPrice: 'replay_price',
  registrationQuestions: 'registration_questions',
  trailerMediaId: 'trailer',
};

/** The form values with the API body's fields laid over them. */
export function formValuesFrom(base: EventFormValues, body: EventUpdateBody, currency: string): EventFormValues {
  const v: EventFormValues = { ...base };
  if (body.title !== undefined) v.title = body.title;
  if (body.description !== undefined) v.description = body.description;
  if (body.date !== undefined) v.date = body.date;
  if (body.time !== undefined) v.time = body.time;
  if (body.time_zone !== undefined) v.eventTimeZone = body.time_zone;
  if (body.duration_minutes !== undefined) v.eventDuration = String(body.duration_minutes);
  if (body.language !== undefined) v.eventLanguage = body.language;
  if (body.layout !== undefined) v.layout = body.layout;
  if (body.hosts !== undefined) v.hosts = body.hosts.join('\n');
  if (body.ticket_price !== undefined) {
    v.admission = body.ticket_price > 0 ? 'paid' : 'free';
    v.ticketPrice = body.ticket_price > 0 ? majorText(body.ticket_price, currency) : '';
  }
  if (body.capacity !== undefined) v.capacity = body.capacity === null ? '' : String(body.capacity);
  if (body.replay_price !== undefined) v.replayPrice = body.replay_price === null ? '' : majorText(body.replay_price, currency);
  if (body.moderate_chat !== undefined) v.moderateChat = body.moderate_chat;
  if (body.reactions !== undefined) v.reactions = body.reactions;
  if (body.hosts_admit !== undefined) v.hostsAdmit = body.hosts_admit;
  return v;
}

async function errorsOf(errors: EventFormErrors): Promise<FieldError[]> {
  const t = await getFixedT('en');
  return Object.entries(errors).map(([field, key]) => ({ field: `body.${API_FIELD[field as keyof EventFormErrors] ?? field}`, message: t(String(key) as never) as string }));
}

const parseOptions = (context: AppContext) => ({
  now: Date.now(),
  languages: context.tenant.languages.supported,
  defaultLanguage: context.tenant.languages.supported[0] ?? 'en',
  currency: context.tenant.currency,
  tenantLanguage: questionsLanguage(context.tenant.languages),
});

export type WriteResult = { ok: true; event: EventRecord } | { ok: false; status: 400 | 404 | 409; detail: string; errors?: FieldError[] };

export async function createEventByKey(context: AppContext, key: ApiKeyRecord, body: EventCreateBody): Promise<WriteResult> {
  const options = parseOptions(context);
  const base = { ...defaultEventFormValues({ now: options.now, zone: body.time_zone, language: options.defaultLanguage }), eventLanguage: options.defaultLanguage };
  const result = parseEventForm(formValuesFrom(base, body, context.tenant.currency) as unknown as Record<string, unknown>, options);
  if (!result.ok) return { ok: false, status: 400, detail: 'The event has invalid fields.', errors: await errorsOf(result.errors) };
  const event = await context.data.events.create(result.input, key.createdBy);
  return { ok: true, event };
}

export async function updateEventByKey(context: AppContext, event: EventRecord, body: EventUpdateBody): Promise<WriteResult> {
  if (event.cancelledAt) return { ok: false, status: 409, detail: 'The event is cancelled.' };
  const options = { ...parseOptions(context), keepStart: event.eventDateTime };
  const values = formValuesFrom(eventFormValues(event, context.tenant.currency), body, context.tenant.currency);
  const result = parseEventForm(values as unknown as Record<string, unknown>, options);
  if (!result.ok) return { ok: false, status: 400, detail: 'The event has invalid fields.', errors: await errorsOf(result.errors) };
  // Seats already sold or registered stay theirs: the capacity cannot drop below them.
  const sold = await context.data.tickets.sold(event.eventId);
  if (result.input.capacity != null && result.input.capacity < sold) {
    return { ok: false, status: 400, detail: 'The capacity is below the seats already taken.', errors: [{ field: 'body.capacity', message: `At least ${sold} seats are taken.` }] };
  }
  try {
    await context.data.events.update(event.eventId, result.input, event.updatedAt);
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'EventConflictError') return { ok: false, status: 409, detail: 'The event changed meanwhile; read it again.' };
    if (name === 'EventNotFoundError') return { ok: false, status: 404, detail: 'No such event.' };
    throw e;
  }
  const updated = await context.data.events.get(event.eventId);
  return updated ? { ok: true, event: updated } : { ok: false, status: 404, detail: 'No such event.' };
}

/** Cancels the event as its organizer's Cancel does: a room already open is closed now. */
export async function cancelEventByKey(context: AppContext, event: EventRecord): Promise<EventRecord> {
  if (event.cancelledAt) return event;
  const cancelled = await context.data.events.cancel(event.eventId);
  if (eventStatus(event, Date.now()) !== 'scheduled') {
    try {
      await context.services.video.closeRoom(context.tenant, cancelled);
      await context.data.events.markRoomClosed(event.eventId);
    } catch (e) {
      console.warn(`cancelled event ${event.eventId} by API key: its room could not be closed: ${(e as Error).message}`);
    }
  }
  return cancelled;
}
