import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { webhookRequestSchema } from '#app/lib/webhooks/model';
import { getSessionUser } from '#server/identity/session.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';
import { runWebhookIntent, webhooksOverview } from '#server/webhooks/index.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>;

async function refused(status: 400 | 401 | 403 | 404 | 409, error: 'badRequest' | 'unauthenticated' | 'forbidden' | 'notFound' | 'tooMany', language: string, extra: Record<string, unknown> = {}) {
  const t = await getFixedT(language);
  const message = error === 'unauthenticated' ? t('error.forbidden.title') : t(`webhooks.error.${error}`);
  return refuse(status, error, message, { extra });
}

/** The signed-in admin of this tenant, or the refusal for anyone else. */
async function admin(args: Args) {
  const user = await getSessionUser(args);
  if (!user) return refused(401, 'unauthenticated', args.context.language);
  if (!user.groups.includes('admin')) return refused(403, 'forbidden', args.context.language);
  return user;
}

/** GET /api/webhooks (tenant admins): the endpoints and the latest deliveries (docs/decisions/0088). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await admin(args);
  if (user instanceof Response) return user;
  return json(await webhooksOverview(args.context.data), { headers: NO_STORE });
}

/**
 * POST /api/webhooks {intent, ...} (tenant admins): create, update, delete, reveal, rotate,
 * enable, disable, test, resend. 400 with `fields.url` for a URL that may not be used; 404 for an
 * endpoint or delivery this tenant does not have.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'GET, POST');
  const user = await admin(args);
  if (user instanceof Response) return user;
  const body = await jsonBody(request);
  const parsed = body === NOT_JSON ? null : webhookRequestSchema.safeParse(body);
  if (!parsed?.success) return refused(400, 'badRequest', context.language);
  const result = await runWebhookIntent(context.data, { sub: user.sub, ...(user.email ? { email: user.email } : {}) }, parsed.data);
  if (!result.ok) return 'fields' in result ? refused(400, 'badRequest', context.language, { fields: result.fields }) : refused(result.status, result.error, context.language);
  return json(result, { headers: NO_STORE });
}
