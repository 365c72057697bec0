import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { checkoutContext, methodNotAllowed, paymentsRefusal } from '#server/api/paymentsApi.server';
import { requireUser } from '#server/identity/session.server';
import { onboardingLink } from '#server/payments/onboarding.server';
import { isPaymentsUnavailable } from '#server/payments/provider.server';

export const isOrganizer = (groups: readonly string[]) => groups.includes('organizer') || groups.includes('admin');

/**
 * POST /api/payments/onboard (the "Connect a payout account" button): creates the organizer's
 * account at the provider the first time, makes a fresh one-time account link and sends the
 * organizer to it (303). Provider down: back to /primeProfilePayments?onboard=unavailable.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  if (request.method !== 'POST') return methodNotAllowed(context.language, 'POST');
  const user = await requireUser(args);
  if (!isOrganizer(user.groups)) return paymentsRefusal(403, 'organizerOnly', context.language);
  const ctx = await checkoutContext(request, context);
  try {
    const { url } = await onboardingLink({ ...ctx, origin: ctx.origin! }, { userId: user.sub, email: user.email ?? '' });
    return redirect(url, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
    console.warn(`onboarding: ${(e as Error).message}`);
    return redirect('/primeProfilePayments?onboard=unavailable', 303);
  }
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.language, 'POST');
