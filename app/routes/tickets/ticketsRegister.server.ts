import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { eventStatus, previewHref } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { registerRequestSchema, type RegisterResponse } from '#app/lib/tickets/api';
import { getSessionUser } from '#server/identity/session.server';
import { sendTicketConfirmation } from '#server/commerce/tickets/confirmation.server';
import { scheduleReminders } from '#server/commerce/tickets/reminders.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON } from '#server/http/responses.server';
import { shownName } from '#app/lib/identity/displayName';
import { recordAnswers } from '#server/registration/index.server';
import { registerForSeries, seriesCalendarFor } from '#server/events/index.server';
import { emitWebhook, registrationData } from '#server/webhooks/index.server';
import { noteRegistration } from '#server/analytics/index.server';
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import type { AnswersInput } from '#app/lib/registration/questions';

const answer = (body: RegisterResponse, status = 200) => json(body, { status, headers: NO_STORE });

/**
 * POST /api/tickets/register {eventId, answers?}: a free seat for the signed-in person (one click), under
 * the capacity like a purchase; the confirmation mail with the .ics file goes out once.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const body = await jsonBody(request);
  if (body === NOT_JSON) return answer({ error: 'badRequest' }, 400);
  const parsed = registerRequestSchema.safeParse(body);
  if (!parsed.success) return answer({ error: 'badRequest' }, 400);
  const eventId = parsed.data.eventId;
  const user = await getSessionUser(args);
  if (!user) return answer({ signIn: `/signIn?redirectTo=${encodeURIComponent(previewHref(eventId))}` }, 401);
  const stored = await context.data.events.get(eventId);
  const event = stored && (await context.data.invitations.accept(stored, user));
  if (!event || event.kind !== 'event' || event.consultationBookingId) return answer({ error: 'notFound' }, 404);
  if (isStaff(roleOf(event, user))) return answer({ refused: 'own_item' }, 409);
  if (event.ticketPrice > 0) return answer({ refused: 'not_for_sale' }, 409);
  const status = eventStatus(event, Date.now());
  if (status === 'cancelled') return answer({ refused: 'not_for_sale' }, 409);
  if (status === 'ended' || status === 'expired') return answer({ refused: 'too_late' }, 409);
  // The registration questions' answers are checked first and stored with the seat (docs/decisions/0083).
  const answers = await recordAnswers(context.data, context.tenant, event, user, parsed.data.answers ?? {}, context.language);
  if (!answers.ok) return answer({ error: 'answers', fields: answers.fields }, 400);
  if (parsed.data.wholeSeries) return registerSeries(args, event, user, parsed.data.answers ?? {});
  const result = await context.data.tickets.registerFree({ eventId, userId: user.sub, capacity: event.capacity });
  if (result === 'soldOut') return answer({ refused: 'sold_out' }, 409);
  // The day's analytics count it (docs/decisions/0094).
  if (result === 'registered') noteRegistration(context.data, eventId);
  if (result === 'registered') await emitWebhook(context.data, 'registration.created', registrationData({ eventId, eventTitle: event.title, userId: user.sub, email: user.email ?? undefined, name: shownName(user, null), source: 'free' }));
  if (result === 'registered' && user.email) {
    const name = shownName(user, await context.data.profiles.get(user.sub));
    await sendTicketConfirmation(context.tenant, context.env, event, { email: user.email, name, orderId: 'free' });
    await scheduleReminders(context.data, event, { userId: user.sub, email: user.email, name });
  }
  return answer({ status: result });
}

/**
 * The whole series (docs/decisions/0085): every occurrence still to come, full ones skipped; one
 * confirmation mail with the series' calendar file, a reminder per occurrence; the answers
 * (already checked on this occurrence) kept for each occurrence registered.
 */
async function registerSeries({ context }: ActionFunctionArgs, event: EventRecord, user: SessionUser, answers: AnswersInput) {
  const beforeSeats = (occurrences: EventRecord[]) =>
    Promise.all(occurrences.filter((e) => e.eventId !== event.eventId).map((e) => recordAnswers(context.data, context.tenant, e, user, answers, context.language)));
  const outcome = await registerForSeries(context.data, event, user, { beforeSeats });
  if (!outcome.ok) return answer({ error: 'notFound' }, 404);
  const { registered, already, full } = outcome;
  if (registered.length === 0 && already.length === 0) return answer({ refused: 'sold_out' }, 409);
  for (const e of registered) noteRegistration(context.data, e.eventId);
  for (const e of registered) await emitWebhook(context.data, 'registration.created', registrationData({ eventId: e.eventId, eventTitle: e.title, userId: user.sub, email: user.email ?? undefined, name: shownName(user, null), source: 'series' }));
  if (registered.length > 0 && user.email) {
    const name = shownName(user, await context.data.profiles.get(user.sub));
    const series = await seriesCalendarFor(context.data, event);
    await sendTicketConfirmation(context.tenant, context.env, registered[0]!, { email: user.email, name, orderId: 'free' }, series);
    for (const occurrence of registered) await scheduleReminders(context.data, occurrence, { userId: user.sub, email: user.email, name });
  }
  const series = { registered: registered.length, already: already.length, full: full.map((e) => e.eventId) };
  return answer({ status: registered.length > 0 ? 'registered' : 'already', series });
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
