import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { safeRedirect } from '#app/lib/safeRedirect';
import { getSessionUser } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { LANGUAGE_COOKIE } from '#server/locale.server';

/** Plain `lng=<code>` (read by server/locale.server.ts before any route runs), for one year. */
function languageCookie(language: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const t = await getFixedT(context.languageTag);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  return json({ title: t('language.title'), redirectTo }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request, context.language);
  const supported = context.tenant.languages.supported as string[];
  const language = String(form.get('language') ?? '');
  const redirectTo = safeRedirect(String(form.get('redirectTo') ?? '/'));
  if (!supported.includes(language)) {
    const t = await getFixedT(context.languageTag);
    return json({ error: t('language.unsupported') }, { status: 400, headers: { 'Cache-Control': 'private, no-store' } });
  }
  // Signed in: the choice is also the profile's signInLanguageCode (this tenant only).
  const user = await getSessionUser(args);
  if (user) await context.data.profiles.save(user.sub, { signInLanguageCode: language });
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(redirectTo, { headers: { 'Set-Cookie': languageCookie(language, secure) } });
}
