import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { checkoutContext, methodNotAllowed, NO_STORE, paymentsRefusal } from '#server/commerce/payments/paymentsApi.server';
import { getSessionUser } from '#server/identity/session.server';
import { onboardingLink } from '#server/commerce/payments/onboarding.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';

export const isOrganizer = (groups: readonly string[]) => groups.includes('organizer') || groups.includes('admin');

/**
 * POST /api/payments/onboard (the "Connect a payout account" button): creates the organizer's
 * account at the provider the first time and answers a fresh one-time account link { url }; the
 * page goes there (a form post could not: the site's CSP keeps form posts on the site, redirects
 * included). 401 signed out, 403 not an organizer, 503 provider down.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return paymentsRefusal(401, 'signIn', context.language);
  if (!isOrganizer(user.groups)) return paymentsRefusal(403, 'organizerOnly', context.language);
  const ctx = await checkoutContext(request, context);
  try {
    const { url } = await onboardingLink(ctx, { userId: user.sub, email: user.email ?? '' });
    return json({ url }, { headers: NO_STORE });
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
    console.warn(`onboarding: ${(e as Error).message}`);
    return paymentsRefusal(503, 'unavailable', context.language);
  }
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
