import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isAllowedEmbedOrigin, originOf } from '#app/lib/embed/origins';
import { PAIR_PATTERN } from '#app/lib/embed/paths';
import { getSessionUser, requireUser } from '#server/identity/index.server';
import { readForm } from '#server/http/readForm.server';

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const pairSchema = z.string().regex(PAIR_PATTERN);

/** Where the top-level hop goes back to: a page of one of the tenant's allowed origins, else nowhere. */
function returnTo(value: FormDataEntryValue | string | null, allowed: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  return isAllowedEmbedOrigin(allowed, originOf(value)) ? new URL(value).href : null;
}

const displayName = (u: { fullName?: string | null; givenName?: string | null; familyName?: string | null; email: string | null; username: string }) =>
  u.fullName || [u.givenName, u.familyName].filter(Boolean).join(' ') || u.email || u.username;

/**
 * /embed/signIn?pair=<request>[&return=<host page>] (docs/decisions/0089): the site's own window
 * (a popup, or the whole tab after a hop) where a person signed in to the site lets an embed frame
 * in. Signed out, it sends them through the site's sign-in and back. It asks before granting, so
 * a link someone else made cannot sign a frame in unseen; it is never framed itself.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const pair = pairSchema.safeParse(url.searchParams.get('pair'));
  if (!pair.success) return json({ state: 'badLink' as const, name: '', pair: '', returnTo: null }, { status: 400, headers: PRIVATE });
  const user = await requireUser(args);
  return json({ state: 'ask' as const, name: displayName(user), pair: pair.data, returnTo: returnTo(url.searchParams.get('return'), args.context.tenant.embed?.allowedOrigins ?? []) }, { headers: PRIVATE });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request, context.languageTag);
  const pair = pairSchema.safeParse(form.get('pair'));
  if (!pair.success) return json({ state: 'badLink' as const, fieldErrors: { pair: ['invalid'] } }, { status: 400, headers: PRIVATE });
  const user = await getSessionUser(args);
  if (!user) return json({ state: 'signedOut' as const, fieldErrors: {} }, { status: 401, headers: PRIVATE });
  await context.data.embedPairs.grant(pair.data, user);
  const back = returnTo(form.get('return'), context.tenant.embed?.allowedOrigins ?? []);
  if (back) return redirect(back, { headers: PRIVATE });
  return json({ state: 'granted' as const, fieldErrors: {} }, { headers: PRIVATE });
}
