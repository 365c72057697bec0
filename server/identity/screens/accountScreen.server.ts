import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '../session.server';
import { safeRedirect } from '#app/lib/safeRedirect';
import type { AccountScreenData } from '#app/lib/account/screen';
import { phoneSettings } from '#app/lib/account/phone';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { SIGNED_IN_LANDING } from '#app/lib/nav';

/**
 * Loader of the public account screens: the page title, a validated same-site `redirectTo`, the
 * phone picker's countries (built here so server HTML and hydration agree), and, for screens
 * that make no sense when signed in (sign-in, sign-up), a redirect onwards.
 */
export async function accountScreen(
  args: LoaderFunctionArgs,
  options: { titleKey: TranslationKey; phone?: boolean; leaveWhenSignedIn?: boolean; query?: string[] },
) {
  const { context, request } = args;
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), SIGNED_IN_LANDING);
  if (options.leaveWhenSignedIn && (await getSessionUser(args))) throw redirect(redirectTo);
  const t = await getFixedT(context.languageTag);
  const query: Record<string, string> = {};
  for (const key of options.query ?? []) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query[key] = value.slice(0, 256);
  }
  const data: AccountScreenData = {
    title: t(options.titleKey),
    redirectTo,
    query,
    phone: options.phone ? phoneSettings(context.language, context.tenant.phone) : null,
  };
  return json(data, { headers: { 'Cache-Control': 'private, no-store' } });
}
