/**
 * The common start and answers of the library's JSON API (/api/media/items, /api/media/review,
 * /api/media/playlists): POST only (405), a signed-in organizer or admin (401, 403; never a
 * redirect; /api/media/items any signed-in person, for their own items), a JSON body checked with
 * zod (400). Every answer is JSON with a message in the request's language and is never cached.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import type { FieldErrors, LibraryApiError, LibraryApiResponse } from '#app/lib/media/library';
import { getFixedT } from '../i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';

export { NO_STORE };

type Args = Pick<ActionFunctionArgs, 'request' | 'context'>;

/** A refusal: the code, its message in the request's language, and the fields to correct. */
export async function refuseLibrary(language: string, status: number, error: LibraryApiError, fieldErrors?: FieldErrors): Promise<Response> {
  const t = await getFixedT(language);
  // The library's answers carry `ok` (LibraryApiResponse): its refusals say ok: false.
  return refuse(status, error, t(`library.api.${error}`), { extra: { ok: false, ...(fieldErrors ? { fieldErrors } : {}) }, headers: status === 405 ? { Allow: 'POST' } : {} });
}

export const acceptLibrary = (body: Omit<Extract<LibraryApiResponse, { ok: true }>, 'ok'> = {}) => json<LibraryApiResponse>({ ok: true, ...body }, { headers: NO_STORE });

/** The media library is the organizers' and the tenant admins' (docs/PRODUCT.md, Roles). */
export const isLibraryUser = (user: Pick<SessionUser, 'groups'>) => user.groups.includes('organizer') || user.groups.includes('admin');

/**
 * A Response means "answer this"; otherwise the user, the body as `schema` reads it, and the raw
 * body for a further check. `members`: any signed-in person may call it (My media: the items
 * named are then checked against what the caller may manage, their own).
 */
export async function readLibraryRequest<S extends z.ZodType>(args: Args, schema: S, options: { members?: boolean } = {}): Promise<Response | { user: SessionUser; data: z.infer<S>; body: unknown }> {
  const language = args.context.language;
  if (args.request.method !== 'POST') return methodNotAllowed(language, 'POST');
  const user = await getSessionUser(args);
  if (!user) return refuseLibrary(language, 401, 'unauthenticated');
  if (!options.members && !isLibraryUser(user)) return refuseLibrary(language, 403, 'forbidden');
  let body: unknown;
  try {
    body = await args.request.json();
  } catch {
    return refuseLibrary(language, 400, 'badRequest');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return refuseLibrary(language, 400, 'badRequest');
  return { user, data: parsed.data, body };
}

/** The API's GET answer: these addresses take POST only. */
export const libraryGet = ({ context }: Pick<ActionFunctionArgs, 'context'>) => methodNotAllowed(context.languageTag, 'POST');
