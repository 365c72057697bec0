import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { checkoutContext, methodNotAllowed, paymentsRefusal } from '#server/commerce/payments/paymentsApi.server';
import { requireUser } from '#server/identity/session.server';
import { confirmReturn, returnPathWith } from '#server/commerce/payments/checkout.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';

/**
 * GET /api/checkout/return?order=<id>[&canceled=1]: where the provider's page sends the buyer. It
 * asks the provider what happened (a late webhook never leaves the buyer waiting), cancels an
 * abandoned session, and redirects to the order's return path with ?order=<id>&paid=1 (or 0).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const user = await requireUser(args);
  const url = new URL(request.url);
  const order = await context.data.orders.get(url.searchParams.get('order') ?? '');
  if (!order || order.buyerId !== user.sub) return paymentsRefusal(404, 'notFound', context.language);
  let current = order;
  try {
    current = await confirmReturn(await checkoutContext(request, context, user), order, url.searchParams.get('canceled') === '1');
  } catch (e) {
    // The provider is down: the order stays as it is; its webhook or the status poll moves it later.
    if (!isPaymentsUnavailable(e)) throw e;
    console.warn(`checkout return: ${(e as Error).message}`);
  }
  return redirect(returnPathWith(current), { status: 303, headers: { 'Cache-Control': 'no-store' } });
}

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
