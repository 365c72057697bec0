import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { eventIdSchema } from '#app/lib/events/model';
import { canEdit, roleOf } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/session.server';
import { methodNotAllowed, refuse } from '#server/http/responses.server';
import { registrationsCsv } from '#server/registration/index.server';
import { getFixedT } from '#server/i18n.server';

/**
 * GET /api/registration/export?event=<id> (the organizer): the event's registrations and tickets
 * with the answers to its questions, as CSV (docs/decisions/0083). Another tenant's event, an
 * unknown one and one the person does not organize all answer 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const t = await getFixedT(context.languageTag);
  const id = eventIdSchema.safeParse(new URL(request.url).searchParams.get('event') ?? '');
  if (!id.success) return refuse(404, 'notFound', t('notFound.title'));
  const user = await getSessionUser(args);
  if (!user) return refuse(401, 'unauthenticated', t('error.forbidden.title'));
  const event = await context.data.events.getFor(id.data, user);
  if (!event || !canEdit(roleOf(event, user))) return refuse(404, 'notFound', t('notFound.title'));
  return registrationsCsv(context.data, context.tenant, event, {
    name: t('registration.export.columns.name'),
    email: t('registration.export.columns.email'),
    registeredAt: t('registration.export.columns.registeredAt'),
    kind: t('registration.export.columns.kind'),
    free: t('registration.export.kinds.free'),
    paid: t('registration.export.kinds.paid'),
  });
}

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
