/**
 * The common parts of the payment endpoints (/api/checkout*, /api/orders/refund,
 * /api/payments/*): the checkout context of a request, JSON refusals in the request's language.
 */
import type { AppLoadContext } from '@remix-run/node';
import type { SessionUser } from '#app/lib/identity/types';
import type { CheckoutContext } from './checkout.server';
import { getFixedT } from '#server/i18n.server';
import { NO_STORE, refuse } from '#server/http/responses.server';
import { shownName } from '#app/lib/identity/displayName';

export { NO_STORE };

export type PaymentsApiError = 'signIn' | 'badRequest' | 'notFound' | 'unavailable' | 'forbidden' | 'invalidAmount' | 'notRefundable' | 'overRefund' | 'refused' | 'organizerOnly';

export async function paymentsRefusal(status: number, error: PaymentsApiError, language: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const t = await getFixedT(language);
  const message = t(`payments.api.${error}`, { max: String(extra.max ?? ''), left: String(extra.left ?? '') });
  return refuse(status, error, message, { extra, headers });
}

export { methodNotAllowed } from '#server/http/responses.server';

/**
 * What checkout, refunds and onboarding need from a request; with a user, they are the buyer.
 * Return and webhook addresses come from the tenant (server/config/tenantOrigin.server.ts), never
 * from the request's Host.
 */
export async function checkoutContext(_request: Request, context: AppLoadContext, user?: SessionUser | null): Promise<CheckoutContext> {
  const ctx: CheckoutContext = {
    tenant: context.tenant,
    data: context.data,
    services: context.services,
    env: context.env,
    language: context.language,
  };
  if (user) {
    const profile = await context.data.profiles.get(user.sub).catch(() => null);
    const email = user.email ?? '';
    const name = shownName(user, profile);
    ctx.buyer = { userId: user.sub, email, name };
  }
  return ctx;
}
