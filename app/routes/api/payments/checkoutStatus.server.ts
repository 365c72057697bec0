import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { OrderStatusAnswer } from '#app/lib/payments/api';
import { checkoutContext, methodNotAllowed, NO_STORE, paymentsRefusal } from '#server/commerce/payments/paymentsApi.server';
import { getSessionUser } from '#server/identity/session.server';
import { refreshOrder } from '#server/commerce/payments/checkout.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';

/** GET /api/checkout/status?order=<id> → { status } for the buyer (pages poll it after returning). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser({ request, context });
  if (!user) return paymentsRefusal(401, 'signIn', context.language);
  const order = await context.data.orders.get(new URL(request.url).searchParams.get('order') ?? '');
  if (!order || order.buyerId !== user.sub) return paymentsRefusal(404, 'notFound', context.language);
  let current = order;
  try {
    current = await refreshOrder(await checkoutContext(request, context, user), order);
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
  }
  const answer: OrderStatusAnswer = { status: current.status };
  return json(answer, { headers: NO_STORE });
}

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
