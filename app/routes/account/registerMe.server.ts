import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { accountFieldError, accountIssueKey, NAME_MAX, type AccountFieldErrors } from '#app/lib/account/fieldErrors';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { LANGUAGE_COOKIE } from '#server/locale.server';
import { givenDisplayName } from '#app/lib/identity/displayName';
import { safeRedirect } from '#app/lib/safeRedirect';

/** Every IANA time zone this runtime knows, for the select. */
export function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Plain `lng=<code>` (read by server/locale.server.ts before any route runs), for one year. */
export function languageCookie(language: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

export const registerSchema = (languages: readonly string[], termsAccepted = false) =>
  z.object({
    displayName: z.string().trim().min(1, accountFieldError('required')).max(NAME_MAX, accountFieldError('tooLong')),
    firstName: z.string().trim().min(1, accountFieldError('required')).max(NAME_MAX, accountFieldError('tooLong')),
    lastName: z.string().trim().min(1, accountFieldError('required')).max(NAME_MAX, accountFieldError('tooLong')),
    language: z.string().refine((l) => languages.includes(l), accountFieldError('language')),
    timeZone: z.string().refine(isTimeZone, accountFieldError('timeZone')),
    // Terms accepted once (at sign-up or here) are not asked again.
    terms: termsAccepted ? z.string().optional() : z.literal('on', { error: accountFieldError('terms') }),
  });

export type RegisterValues = { displayName: string; firstName: string; lastName: string; language: string; timeZone: string; terms: boolean };

/** A same-site destination to continue to after saving (sign-up, social sign-in), or null to stay here. */
const destination = (value: FormDataEntryValue | string | null) => {
  const path = safeRedirect(typeof value === 'string' ? value : null, '');
  return path && !path.startsWith('/registerMe') ? path : null;
};

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const profile = await context.data.profiles.get(user.sub);
  // Names given at sign-up (kept in the profile, or in the ID token) are filled in, not asked again.
  const firstName = profile?.firstName || user.givenName?.trim() || '';
  const lastName = profile?.lastName || user.familyName?.trim() || '';
  const values: RegisterValues = {
    displayName: givenDisplayName({ profile, givenName: user.givenName, familyName: user.familyName, fullName: user.fullName }),
    firstName,
    lastName,
    language: profile?.signInLanguageCode || context.language,
    timeZone: profile?.signInTimeZone || context.tenant.timeZone,
    terms: profile?.acceptedTerms ?? false,
  };
  return json(
    {
      title: t('account.register.title'),
      values,
      saved: new URL(request.url).searchParams.get('saved') === '1',
      complete: Boolean(profile?.acceptedTerms),
      /** Names and terms already given (at sign-up): the form shows them as facts, not fields. */
      namesKnown: Boolean(firstName && lastName),
      termsAccepted: Boolean(profile?.acceptedTerms),
      redirectTo: destination(new URL(request.url).searchParams.get('redirectTo')),
      languages: context.tenant.languages.supported,
      timeZones: timeZones(),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/**
 * Validates with zod; on errors answers 400 with the field errors and the typed values. On
 * success stores the profile for this tenant, sets the language cookie and reloads the screen
 * (post/redirect/get), so the page comes back in the chosen language.
 */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const form = await readForm(request, context.language);
  const raw = Object.fromEntries(['displayName', 'firstName', 'lastName', 'language', 'timeZone', 'terms'].map((k) => [k, String(form.get(k) ?? '')]));
  const before = await context.data.profiles.get(user.sub);
  const parsed = registerSchema(context.tenant.languages.supported, Boolean(before?.acceptedTerms)).safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: AccountFieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= accountIssueKey(issue.message);
    const values: RegisterValues = {
      displayName: raw.displayName,
      firstName: raw.firstName,
      lastName: raw.lastName,
      language: raw.language,
      timeZone: raw.timeZone,
      terms: raw.terms === 'on' || Boolean(before?.acceptedTerms),
    };
    return json({ fieldErrors, values }, { status: 400, headers: { 'Cache-Control': 'private, no-store' } });
  }
  const v = parsed.data;
  await context.data.profiles.save(user.sub, {
    displayName: v.displayName,
    firstName: v.firstName,
    lastName: v.lastName,
    signInLanguageCode: v.language,
    signInTimeZone: v.timeZone,
    acceptedTerms: true,
    cognitoGroups: user.groups,
    isUserVerified: true,
  });
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(destination(form.get('redirectTo')) ?? '/registerMe?saved=1', { headers: { 'Set-Cookie': languageCookie(v.language, secure) } });
}
