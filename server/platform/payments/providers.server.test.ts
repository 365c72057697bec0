import { describe, expect, it } from 'vitest';
import { createPaymentProviders, type PaymentEnv } from './providers.server';
import { isPaymentsUnavailable } from './provider.server';

const TESTPAY = { TESTPAY_URL: 'http://127.0.0.1:1', TESTPAY_API_KEY: 'k', TESTPAY_WEBHOOK_SECRET: 's' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const stripeTenant = { payments: { provider: 'stripe' as const, applicationFeeBps: 0 } };
const plainTenant = { payments: { applicationFeeBps: 0 } };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  return null;
}

describe('the payment providers the composition root builds', () => {
  it("gives each tenant its own provider when the platform leaves the choice to the tenant, and the test provider to a tenant that names none", () => {
    const providers = createPaymentProviders({ PAYMENTS_PROVIDER: 'tenant', ...TESTPAY, ...STRIPE } as PaymentEnv);
    expect(providers.forTenant(stripeTenant).id).toBe('stripe');
    expect(providers.forTenant(plainTenant).id).toBe('test');
  });

  it("gives every tenant the platform's provider when the platform chooses", () => {
    const providers = createPaymentProviders({ PAYMENTS_PROVIDER: 'test', ...TESTPAY, ...STRIPE } as PaymentEnv);
    expect(providers.forTenant(stripeTenant).id).toBe('test');
  });

  it('makes each adapter once and keeps it', () => {
    const providers = createPaymentProviders({ PAYMENTS_PROVIDER: 'tenant', ...TESTPAY } as PaymentEnv);
    expect(providers.byId('test')).toBe(providers.forTenant(plainTenant));
  });

  it('refuses a provider that is not configured with PaymentsUnavailableError, and still serves the configured one', () => {
    const providers = createPaymentProviders({ PAYMENTS_PROVIDER: 'tenant', ...TESTPAY } as PaymentEnv);
    expect(isPaymentsUnavailable(thrown(() => providers.byId('stripe')))).toBe(true);
    expect(isPaymentsUnavailable(thrown(() => providers.forTenant(stripeTenant)))).toBe(true);
    expect(providers.byId('test').id).toBe('test');
    const none = createPaymentProviders({ PAYMENTS_PROVIDER: 'tenant' } as PaymentEnv);
    expect(isPaymentsUnavailable(thrown(() => none.forTenant(plainTenant)))).toBe(true);
  });
});
