/** The shop is a tenant feature (tenant.json `features.shop`): off, its screens and APIs answer 404. */
import type { AppContext } from '../context';

export function requireShop(context: Pick<AppContext, 'tenant'>) {
  if (!context.tenant.features.shop) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
}
