import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { canModerate, isStaff, roleOf } from '#app/lib/events/permissions';
import { answersQuerySchema, answersRequestSchema } from '#app/lib/registration/api';
import { getSessionUser } from '#server/identity/session.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';
import { recordAnswers, registrationAnswers } from '#server/registration/index.server';
import { getFixedT } from '#server/i18n.server';

async function refused(status: 400 | 401 | 403 | 404 | 409, error: string, language: string, extra: Record<string, unknown> = {}) {
  const t = await getFixedT(language);
  const message = status === 400 ? t('registration.form.fix') : status === 401 ? t('error.forbidden.title') : status === 403 ? t('error.forbidden.title') : status === 404 ? t('notFound.title') : t('registration.answerErrors.invalid');
  return refuse(status, error, message, { extra });
}

/**
 * POST /api/registration/answers {eventId, answers}: a buyer's answers to the event's questions,
 * checked and stored before the checkout of its paid ticket (the ticket's checkout refuses to
 * start without them when a question is required; docs/decisions/0083).
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'GET, POST');
  const body = await jsonBody(request);
  const parsed = body === NOT_JSON ? null : answersRequestSchema.safeParse(body);
  if (!parsed?.success) return refused(400, 'badRequest', language);
  const user = await getSessionUser(args);
  if (!user) return refused(401, 'unauthenticated', language);
  const event = await context.data.events.getFor(parsed.data.eventId, user);
  if (!event || event.kind !== 'event' || event.consultationBookingId) return refused(404, 'notFound', language);
  if (isStaff(roleOf(event, user)) || event.registrationQuestions.length === 0) return refused(409, 'notAsked', language);
  const result = await recordAnswers(context.data, context.tenant, event, user, parsed.data.answers, context.language);
  if (!result.ok) return refused(400, 'answers', language, { fields: result.fields });
  return json({ ok: true }, { headers: NO_STORE });
}

/** GET /api/registration/answers?event=&user= (organizer and hosts): what that person answered, as asked. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  const url = new URL(request.url);
  const query = answersQuerySchema.safeParse({ event: url.searchParams.get('event') ?? '', user: url.searchParams.get('user') ?? '' });
  if (!query.success) return refused(404, 'notFound', language);
  const user = await getSessionUser(args);
  if (!user) return refused(401, 'unauthenticated', language);
  const event = await context.data.events.getFor(query.data.event, user);
  if (!event) return refused(404, 'notFound', language);
  if (!canModerate(roleOf(event, user))) return refused(403, 'forbidden', language);
  return json({ answers: await registrationAnswers(context.data, context.tenant, event.eventId, query.data.user) }, { headers: NO_STORE });
}
