/** The shop is a tenant feature (tenant.json `features.shop`): off, its screens and APIs answer 404. */
import type { AppContext } from '#server/context';

type ShopContext = Pick<AppContext, 'tenant'>;

/** Whether the tenant has the shop: what shows or links to channels and products asks this. */
export const hasShop = (context: ShopContext): boolean => context.tenant.features.shop;

/**
 * Refuses the request when the tenant has no shop. A screen gets the 404 page; an API passes its
 * own 404 answer (`await requireShop(context, () => refuse(…))`), which is thrown as the response.
 */
export function requireShop(context: ShopContext): void;
export function requireShop(context: ShopContext, notFound: () => Promise<Response>): Promise<void>;
export function requireShop(context: ShopContext, notFound?: () => Promise<Response>): void | Promise<void> {
  if (hasShop(context)) return notFound ? Promise.resolve() : undefined;
  if (!notFound) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return notFound().then((answer) => {
    throw answer;
  });
}
