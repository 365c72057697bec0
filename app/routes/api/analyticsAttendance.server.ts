import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getSessionUser } from '#server/identity/session.server';
import { methodNotAllowed, refuse } from '#server/http/responses.server';
import { analyticsEvent, attendanceCsv } from '#server/analytics/index.server';
import { getFixedT } from '#server/i18n.server';

/**
 * GET /api/analytics/attendance?event=<id> (the organizer and the tenant's admins): everyone who
 * joined the event's room, with their stretches in it, watch time and registration answers, as CSV
 * (docs/decisions/0090). Another tenant's event, an unknown one and one the person does not
 * organize all answer 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const t = await getFixedT(context.languageTag);
  const user = await getSessionUser(args);
  if (!user) return refuse(401, 'unauthenticated', t('error.forbidden.title'));
  const event = await analyticsEvent(context.data, user, new URL(request.url).searchParams.get('event') ?? '');
  if (!event) return refuse(404, 'notFound', t('notFound.title'));
  return attendanceCsv(context.data, event, {
    name: t('analytics.csv.name'),
    identity: t('analytics.csv.identity'),
    firstJoin: t('analytics.csv.firstJoin'),
    lastSeen: t('analytics.csv.lastSeen'),
    watchMinutes: t('analytics.csv.watchMinutes'),
    intervals: t('analytics.csv.intervals'),
    answers: t('analytics.csv.answers'),
  });
}

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
