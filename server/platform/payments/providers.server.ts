/**
 * The payment providers this server has, built once by the composition root (server/compose.server.ts)
 * and handed to commerce in the services: checkout, refunds, payouts and the webhook ask it for a
 * tenant's provider or an order's, and never read provider settings themselves.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { Env } from '#server/env.server';
import { PaymentsUnavailableError, type PaymentProvider, type ProviderId } from './provider.server';
import { createStripeProvider } from './stripeProvider.server';
import { createTestProvider } from './testProvider.server';

export type PaymentEnv = Pick<Env, 'PAYMENTS_PROVIDER' | 'TESTPAY_URL' | 'TESTPAY_API_KEY' | 'TESTPAY_WEBHOOK_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>;

export interface PaymentProviders {
  /** Where a tenant's new orders are paid: the platform's choice (PAYMENTS_PROVIDER), else the tenant.json's `payments.provider`, else the test provider. */
  forTenant(tenant: Pick<Tenant, 'payments'>): PaymentProvider;
  /** The provider an order, a payout account or a webhook names. Throws PaymentsUnavailableError when it is not configured here. */
  byId(id: ProviderId): PaymentProvider;
}

/** The platform's choice when it makes one for every tenant, else the tenant's own, else the test provider. */
export const providerIdOf = (tenant: Pick<Tenant, 'payments'>, env: Pick<Env, 'PAYMENTS_PROVIDER'>): ProviderId =>
  env.PAYMENTS_PROVIDER === 'tenant' ? (tenant.payments.provider ?? 'test') : env.PAYMENTS_PROVIDER;

function createProvider(id: ProviderId, env: PaymentEnv): PaymentProvider {
  if (id === 'test') {
    if (!env.TESTPAY_URL || !env.TESTPAY_API_KEY || !env.TESTPAY_WEBHOOK_SECRET) {
      throw new PaymentsUnavailableError('the test payment provider is not configured (TESTPAY_URL, TESTPAY_API_KEY, TESTPAY_WEBHOOK_SECRET)');
    }
    return createTestProvider({ url: env.TESTPAY_URL, apiKey: env.TESTPAY_API_KEY, webhookSecret: env.TESTPAY_WEBHOOK_SECRET });
  }
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new PaymentsUnavailableError('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)');
  return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
}

/** The providers the settings configure; each adapter is made on first use and kept. */
export function createPaymentProviders(env: PaymentEnv): PaymentProviders {
  const adapters = new Map<ProviderId, PaymentProvider>();
  const byId = (id: ProviderId) => {
    let adapter = adapters.get(id);
    if (!adapter) adapters.set(id, (adapter = createProvider(id, env)));
    return adapter;
  };
  return { byId, forTenant: (tenant) => byId(providerIdOf(tenant, env)) };
}
