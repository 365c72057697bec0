import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { refundBodySchema, type RefundAnswer } from '#app/lib/payments/api';
import { checkoutContext, methodNotAllowed, NO_STORE, paymentsRefusal } from '#server/commerce/payments/paymentsApi.server';
import { getSessionUser } from '#server/identity/session.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';
import { refundOrder } from '#server/commerce/payments/refunds.server';
import { jsonBody, NOT_JSON } from '#server/http/responses.server';
import { formatMoney } from '#app/lib/money/money';

const PROBLEMS = {
  not_found: [404, 'notFound'],
  forbidden: [403, 'forbidden'],
  not_refundable: [409, 'notRefundable'],
  invalid_amount: [400, 'invalidAmount'],
  // Refunds are serialised per order (docs/decisions/0057): one that no longer fits is a conflict, never a 5xx.
  over_refund: [409, 'overRefund'],
  refused: [409, 'refused'],
} as const;

/**
 * POST /api/orders/refund { orderId, amount?, sellerId? } (minor units; none: the rest) by a seller
 * of the order (their own lines) or a tenant admin → 200 { status, refunded, amount }; 401, 404
 * (not theirs, or another tenant's), 403, 409 not refundable, more than is left (overRefund, with
 * max) or refused by the provider, 400 amount, 503 provider down.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const language = context.language;
  if (request.method !== 'POST') return methodNotAllowed(language, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return paymentsRefusal(401, 'signIn', language);
  const raw = await jsonBody(request);
  if (raw === NOT_JSON) return paymentsRefusal(400, 'badRequest', language);
  const parsed = refundBodySchema.safeParse(raw);
  if (!parsed.success) return paymentsRefusal(400, 'badRequest', language, { fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])) });
  try {
    const outcome = await refundOrder(await checkoutContext(request, context), user, parsed.data.orderId, parsed.data.amount, parsed.data.sellerId);
    if (!outcome.ok) {
      const [status, error] = PROBLEMS[outcome.problem];
      const left = outcome.max === undefined ? {} : { max: outcome.max, left: formatMoney({ amount: outcome.max, currency: context.tenant.currency }, context.languageTag) };
      return paymentsRefusal(status, error, language, left);
    }
    const answer: RefundAnswer = { status: outcome.order.status, refunded: outcome.order.refunded, amount: outcome.refunded };
    return json(answer, { headers: NO_STORE });
  } catch (e) {
    if (isPaymentsUnavailable(e)) return paymentsRefusal(503, 'unavailable', language);
    throw e;
  }
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
