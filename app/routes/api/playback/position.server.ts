import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { positionSaveSchema } from '#app/lib/playback/position';
import { getSessionUser } from '#server/identity/session.server';
import { mediaAccess } from '#server/media/access.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON } from '#server/http/responses.server';

/**
 * POST /api/playback/position {mediaId, seconds} → 204: remembers where the signed-in viewer is in
 * a video or audio item they may see (the players send it every few seconds, on pause and on
 * leaving). 401 signed out, 400 malformed, 404 an item they may not see (or another tenant's).
 */
const problem = (status: number, error: string) => json({ error }, { status, headers: NO_STORE });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return problem(401, 'signIn');
  const body = await jsonBody(request);
  if (body === NOT_JSON) return problem(400, 'badRequest');
  // The named item is looked up before the rest of the body is judged (as the library's API does):
  // another's or another tenant's item answers 404 whatever else was sent.
  const named = positionSaveSchema.shape.mediaId.safeParse((body as { mediaId?: unknown } | null)?.mediaId);
  if (!named.success) return problem(400, 'badRequest');
  const item = await context.data.media.get(named.data);
  if (!item || item.scope !== 'tenant' || (item.kind !== 'video' && item.kind !== 'audio') || !(await mediaAccess(context.data, user).mayView(item))) return problem(404, 'notFound');
  const parsed = positionSaveSchema.safeParse(body);
  if (!parsed.success) return problem(400, 'badRequest');
  await context.data.playback.savePosition(user.sub, item.id, parsed.data.seconds);
  return new Response(null, { status: 204, headers: NO_STORE });
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
