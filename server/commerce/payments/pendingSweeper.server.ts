/**
 * Cancels orders left pending (the buyer closed the payment page) once PENDING_ORDER_MINUTES have
 * passed, and gives back their seats and stock. It asks the provider first: a payment that went
 * through while its webhook was lost is captured instead. It also tries again the sellers'
 * payouts that could not be moved (transfers.server.ts: a provider that was down, a refusal). Like the room-expiry sweeper
 * (server/rooms/roomExpiry.server.ts): every move is conditional, so several instances may sweep.
 */
import { startPeriodicSweep, type PeriodicSweep } from '#server/platform/periodicSweep.server';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import type { Env } from '#server/env.server';
import type { PaymentProviders } from '#server/platform/payments/providers.server';
import { providerOf } from './checkout.server';
import { moveToState } from './orderState.server';
import { settleUnsettledPayouts } from './transfers.server';
import { log as logger } from '#server/observability/log.server';

export interface PendingSweepDeps {
  db: Database;
  payments: PaymentProviders;
  /** The instance's stores (chat, storage) for the order-captured listeners; without them, the table only. */
  stores?: DataStores;
  env: Env;
  tenants: Iterable<Tenant>;
  now?: () => number;
  log?: (message: string) => void;
}

export interface PendingSweepResult {
  canceled: string[];
  captured: string[];
  deferred: string[];
  /** Sellers' payouts tried again (held for an active account, or a reversal still to make). */
  payouts: number;
}

export async function sweepPendingOrders(deps: PendingSweepDeps): Promise<PendingSweepResult> {
  const log = deps.log ?? ((m: string) => logger.warn(`[pending-orders] ${m}`));
  const cutoff = new Date((deps.now?.() ?? Date.now()) - deps.env.PENDING_ORDER_MINUTES * 60_000).toISOString();
  const result: PendingSweepResult = { canceled: [], captured: [], deferred: [], payouts: 0 };
  for (const tenant of deps.tenants) {
    const data = tenantData(deps.stores ?? { db: deps.db }, tenant.id);
    const ctx = { tenant, data, env: deps.env, services: { db: deps.db, payments: deps.payments } };
    for (const orderId of await data.orders.stalePending(cutoff)) {
      const id = `${tenant.id}/${orderId}`;
      try {
        const order = await data.orders.get(orderId);
        if (!order) continue;
        if (order.providerSessionId) {
          const provider = providerOf(ctx, order.provider);
          const status = await provider.status(order.providerSessionId);
          if (status.state === 'captured' || status.state === 'authorized') {
            await moveToState(ctx, orderId, status.state, status.paymentId, order);
            result.captured.push(id);
            continue;
          }
          await provider.cancel(order.providerSessionId);
        }
        await moveToState(ctx, orderId, 'canceled', undefined, order);
        result.canceled.push(id);
      } catch (e) {
        log(`${id}: left for the next sweep (${(e as Error).message})`);
        result.deferred.push(id);
      }
    }
    try {
      result.payouts += await settleUnsettledPayouts(ctx);
    } catch (e) {
      log(`${tenant.id}: payouts left for the next sweep (${(e as Error).message})`);
    }
  }
  return result;
}

export type PendingOrderSweeper = PeriodicSweep<PendingSweepResult>;

export function startPendingOrderSweeper(deps: PendingSweepDeps & { intervalSeconds: number }): PendingOrderSweeper {
  return startPeriodicSweep({
    run: () => sweepPendingOrders(deps),
    empty: () => ({ canceled: [], captured: [], deferred: [], payouts: 0 }),
    intervalSeconds: deps.intervalSeconds,
    log: (m) => logger.warn(`[pending-orders] ${m}`),
  });
}
