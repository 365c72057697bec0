/**
 * Picks a tenant's payment provider (PAYMENTS_PROVIDER, else the tenant.json's `payments.provider`,
 * else the test provider). One adapter per configuration is kept for the process.
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { Env } from '#server/env.server';
import { PaymentsUnavailableError, type PaymentProvider, type ProviderId } from './provider.server';
import { createStripeProvider } from './stripeProvider.server';
import { createTestProvider } from './testProvider.server';

type PaymentEnv = Pick<Env, 'PAYMENTS_PROVIDER' | 'TESTPAY_URL' | 'TESTPAY_API_KEY' | 'TESTPAY_WEBHOOK_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>;

const adapters = new Map<string, PaymentProvider>();

/** The platform's choice when it makes one for every tenant, else the tenant's own, else the test provider. */
export const providerIdOf = (tenant: Pick<Tenant, 'payments'>, env: Pick<Env, 'PAYMENTS_PROVIDER'>): ProviderId =>
  env.PAYMENTS_PROVIDER === 'tenant' ? (tenant.payments.provider ?? 'test') : env.PAYMENTS_PROVIDER;

/** The provider by id; throws PaymentsUnavailableError when it is not configured here. */
export function paymentProvider(id: ProviderId, env: PaymentEnv): PaymentProvider {
  if (id === 'test') {
    if (!env.TESTPAY_URL || !env.TESTPAY_API_KEY || !env.TESTPAY_WEBHOOK_SECRET) {
      throw new PaymentsUnavailableError('the test payment provider is not configured (TESTPAY_URL, TESTPAY_API_KEY, TESTPAY_WEBHOOK_SECRET)');
    }
    const key = `test ${env.TESTPAY_URL} ${env.TESTPAY_API_KEY}`;
    let adapter = adapters.get(key);
    if (!adapter) adapters.set(key, (adapter = createTestProvider({ url: env.TESTPAY_URL, apiKey: env.TESTPAY_API_KEY, webhookSecret: env.TESTPAY_WEBHOOK_SECRET })));
    return adapter;
  }
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new PaymentsUnavailableError('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)');
  const key = `stripe ${env.STRIPE_SECRET_KEY}`;
  let adapter = adapters.get(key);
  if (!adapter) adapters.set(key, (adapter = createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })));
  return adapter;
}

export const tenantPaymentProvider = (tenant: Pick<Tenant, 'payments'>, env: PaymentEnv) => paymentProvider(providerIdOf(tenant, env), env);
