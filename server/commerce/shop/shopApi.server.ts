/**
 * The common start and answers of the shop's organizer APIs (/api/channels, /api/products): POST
 * only (405), the shop feature on (404), a signed-in organizer or admin (401, 403), a JSON body
 * (400). Answers are JSON with a message in the request's language, never cached; field errors
 * are translation keys the forms show beside their fields.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import type { SessionUser } from '#app/lib/identity/types';
import type { KeyIn } from '#app/lib/i18n/keys';
import type { Channel } from '#app/lib/shop/model';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { isLibraryUser } from '#server/media/index.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';
import { requireShop } from './feature.server';

export { NO_STORE };

export type ShopFieldErrors = Record<string, KeyIn<'shop.errors'>>;
type ShopError = 'notFound' | 'forbidden' | 'badRequest' | 'storage' | 'image' | 'channel';

type Args = Pick<ActionFunctionArgs, 'request' | 'context'>;

export async function refuseShop(language: string, status: number, error: ShopError, fieldErrors?: ShopFieldErrors) {
  const t = await getFixedT(language);
  // The shop's answers carry `ok`: its refusals say ok: false.
  return refuse(status, error, t(`shop.errors.${error}`), { extra: { ok: false, ...(fieldErrors ? { fieldErrors } : {}) }, headers: status === 405 ? { Allow: 'POST' } : {} });
}

export const acceptShop = <T extends object>(body: T) => json({ ok: true as const, ...body }, { headers: NO_STORE });

/** A Response means "answer this"; otherwise the organizer and the raw JSON body. */
export async function readShopRequest(args: Args): Promise<Response | { user: SessionUser; body: Record<string, unknown> }> {
  const language = args.context.language;
  await requireShop(args.context, () => refuseShop(language, 404, 'notFound'));
  if (args.request.method !== 'POST') {
    return methodNotAllowed(language, 'POST');
  }
  const user = await getSessionUser(args);
  if (!user) {
    const t = await getFixedT(language);
    return json({ ok: false, error: 'unauthenticated', message: t('session.header.signIn') }, { status: 401, headers: NO_STORE });
  }
  if (!isLibraryUser(user)) return refuseShop(language, 403, 'forbidden');
  let body: unknown;
  try {
    body = await args.request.json();
  } catch {
    return refuseShop(language, 400, 'badRequest');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return refuseShop(language, 400, 'badRequest');
  return { user, body: body as Record<string, unknown> };
}

/** The owner and the tenant's admins manage a channel and its products. */
export const managesChannel = (user: SessionUser, channel: Pick<Channel, 'ownerId'>) => user.sub === channel.ownerId || user.groups.includes('admin');

/** Zod issues as field errors: the first message of each field that is a shop error key. */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[], fallback: KeyIn<'shop.errors'> = 'shop.errors.badRequest'): ShopFieldErrors {
  const out: ShopFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const top = field.split('.')[0]!;
    out[top] ??= (issue.message.startsWith('shop.errors.') ? issue.message : fallback) as KeyIn<'shop.errors'>;
  }
  return out;
}
