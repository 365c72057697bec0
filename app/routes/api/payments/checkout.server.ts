import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { checkoutBodySchema } from '#app/lib/payments/api';
import { checkoutContext, methodNotAllowed, NO_STORE, paymentsRefusal } from '#server/commerce/payments/paymentsApi.server';
import { getSessionUser } from '#server/identity/session.server';
import { startCheckout } from '#server/commerce/payments/checkout.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';
import { jsonBody, NOT_JSON } from '#server/http/responses.server';

/**
 * POST /api/checkout { lines, returnPath, idempotencyKey } (app/lib/payments/api.ts) → 200
 * { orderId, redirectUrl } (the provider's hosted page), 401 { signIn } signed out, 409
 * { refusals } when a line cannot be sold, 400 with field errors, 503 when the provider is down.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const language = context.language;
  if (request.method !== 'POST') return methodNotAllowed(language, 'POST');
  const raw = await jsonBody(request);
  if (raw === NOT_JSON) return paymentsRefusal(400, 'badRequest', language);
  const parsed = checkoutBodySchema.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    return paymentsRefusal(400, 'badRequest', language, { fields });
  }
  const user = await getSessionUser({ request, context });
  if (!user) {
    const back = parsed.data.returnPath;
    return json({ signIn: `/signIn?redirectTo=${encodeURIComponent(back)}` }, { status: 401, headers: NO_STORE });
  }
  try {
    const result = await startCheckout(await checkoutContext(request, context, user), parsed.data);
    if ('refusals' in result) return json(result, { status: 409, headers: NO_STORE });
    return json(result, { headers: NO_STORE });
  } catch (e) {
    if (isPaymentsUnavailable(e)) {
      console.warn(`checkout: ${(e as Error).message}`);
      return paymentsRefusal(503, 'unavailable', language);
    }
    throw e;
  }
}

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
