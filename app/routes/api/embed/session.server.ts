import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { PAIR_PATTERN } from '#app/lib/embed/paths';
import { endEmbedSession, startEmbedSession } from '#server/embeds/index.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';

const bodySchema = z.union([z.object({ pair: z.string().regex(PAIR_PATTERN) }).strict(), z.object({ signOut: z.literal(true) }).strict()]);

/**
 * POST /api/embed/session (docs/decisions/0089), from an embed frame:
 *  - {pair}: collects the sign-in the person granted that request in the site's own window; once
 *    granted, answers {signedIn: true} and sets the frame's partitioned embed session; until then
 *    {signedIn: false}. A grant is taken once and lives two minutes.
 *  - {signOut: true}: ends the frame's embed session.
 * 400 with field errors for anything else; 405 for other methods.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const body = await jsonBody(request);
  const parsed = body === NOT_JSON ? null : bodySchema.safeParse(body);
  if (!parsed?.success) {
    const t = await getFixedT(context.languageTag);
    return refuse(400, 'badRequest', t('embeds.badRequest'), { extra: { fieldErrors: parsed ? z.flattenError(parsed.error).fieldErrors : {} } });
  }
  if ('signOut' in parsed.data) return json({ signedIn: false }, { headers: { ...NO_STORE, 'Set-Cookie': endEmbedSession() } });
  const user = await context.data.embedPairs.take(parsed.data.pair);
  if (!user) return json({ signedIn: false }, { headers: NO_STORE });
  return json({ signedIn: true }, { headers: { ...NO_STORE, 'Set-Cookie': await startEmbedSession(args, user) } });
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
