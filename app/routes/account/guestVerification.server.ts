import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { accountIssueKey, type AccountFieldErrors } from '#app/lib/account/fieldErrors';
import type { KeyIn } from '#app/lib/i18n/keys';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';
import { RateLimiter } from '#server/platform/rateLimit.server';
import {
  GUEST_COOKIE,
  guestCookieHeader,
  guestRequestSchema,
  guestVerifySchema,
  type Guest,
} from '#server/identity/data/guests.server';
import { safeRedirect } from '#app/lib/safeRedirect';
import { readForm } from '#server/http/readForm.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** Codes requested per tenant + IP and per tenant + email, per 15 minutes (in memory per instance). */
const byIp = new RateLimiter(10, 15 * 60);
const byEmail = new RateLimiter(3, 15 * 60);
/** Code checks per tenant + IP per 15 minutes (on top of the per-code attempt limit). */
const checksByIp = new RateLimiter(30, 15 * 60);

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The verified guest of this request (signed HttpOnly cookie of this tenant), or null. */
export async function getGuest({ request, context }: Args): Promise<Guest | null> {
  const value = cookieValue(request.headers.get('Cookie'), GUEST_COOKIE);
  if (!value) return null;
  return context.data.guests.readCookie(value);
}

export type GuestActionData =
  | { step: 'code'; name: string; email: string; fieldErrors: AccountFieldErrors; message: KeyIn<'account.errors'> | null }
  | { step: 'details'; name: string; email: string; fieldErrors: AccountFieldErrors; message: KeyIn<'account.errors'> | null };

export async function loader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const url = new URL(args.request.url);
  const [guest, user] = await Promise.all([getGuest(args), getSessionUser(args)]);
  return json(
    {
      title: t('account.guest.title'),
      guest: guest ? { name: guest.name, email: guest.email } : null,
      signedIn: Boolean(user),
      redirectTo: safeRedirect(url.searchParams.get('redirectTo')),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

const noStore = { 'Cache-Control': 'private, no-store' };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.language);
  const intent = String(form.get('intent') ?? '');
  // Rate limits count per tenant.
  const tenantId = context.tenant.id;
  const raw = { name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') };

  if (intent === 'request') {
    const parsed = guestRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: AccountFieldErrors = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= accountIssueKey(issue.message);
      return json<GuestActionData>({ step: 'details', ...raw, fieldErrors, message: null }, { status: 400, headers: noStore });
    }
    const limits = await Promise.all([byIp.consume(`${tenantId}|${context.clientIp}`), byEmail.consume(`${tenantId}|${parsed.data.email}`)]);
    if (limits.some((l) => !l.allowed)) {
      return json<GuestActionData>({ step: 'details', ...raw, fieldErrors: {}, message: 'account.errors.rateLimited' }, { status: 429, headers: noStore });
    }
    await context.data.guests.requestCode(parsed.data);
    return json<GuestActionData>({ step: 'code', ...parsed.data, fieldErrors: {}, message: null }, { headers: noStore });
  }

  if (intent === 'verify') {
    const parsed = guestVerifySchema.safeParse({ email: raw.email, code: String(form.get('code') ?? '') });
    if (!parsed.success) {
      return json<GuestActionData>({ step: 'code', ...raw, fieldErrors: { code: 'account.errors.code' }, message: null }, { status: 400, headers: noStore });
    }
    const limit = await checksByIp.consume(`${tenantId}|${context.clientIp}`);
    if (!limit.allowed) return json<GuestActionData>({ step: 'code', ...raw, fieldErrors: {}, message: 'account.errors.rateLimited' }, { status: 429, headers: noStore });
    const result = await context.data.guests.verifyCode(parsed.data.email, parsed.data.code);
    if (!result.ok) {
      const key = result.reason === 'expired' ? 'account.errors.codeExpired' : result.reason === 'tooManyAttempts' ? 'account.errors.codeAttempts' : 'account.errors.codeInvalid';
      return json<GuestActionData>({ step: 'code', ...raw, fieldErrors: { code: key }, message: null }, { status: 400, headers: noStore });
    }
    const cookie = await context.data.guests.signCookie({ name: result.name, email: parsed.data.email });
    const secure = new URL(request.url).protocol === 'https:';
    const redirectTo = safeRedirect(String(form.get('redirectTo') ?? ''), '/guestVerification');
    return redirect(redirectTo === '/' ? '/guestVerification' : redirectTo, {
      headers: { 'Set-Cookie': guestCookieHeader(cookie, secure) },
    });
  }

  return json<GuestActionData>({ step: 'details', ...raw, fieldErrors: {}, message: 'account.errors.invalidInput' }, { status: 400, headers: noStore });
}
