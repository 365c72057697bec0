/**
 * Stripe behind the provider contract: Checkout Sessions (mode payment) with destination charges
 * to the seller's Connect Express account when it is active (application fee per tenant), refunds,
 * account links for onboarding, and webhooks verified on the raw body. Every create sends an
 * Idempotency-Key. Real Stripe cannot be reached from this machine: the adapter is tested against
 * a local recorder (stripeProvider.server.test.ts) with the SDK's own host/port/protocol options.
 */
import Stripe from 'stripe';
import type { PaymentProvider, PaymentStatus } from './provider.server';
import { PaymentsUnavailableError } from './provider.server';
import { verifyProviderWebhook } from './webhookEvents.server';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests (tests: a local recorder); unset: api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe wants https return targets; the tenant's host is the same. */
const https = (url: string) => url.replace(/^http:\/\//, 'https://');

const STRIPE_LOCALES = new Set(['en', 'es', 'fr', 'de', 'it', 'ja', 'nl', 'pt']);

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...(config.api ?? {}) });

  const wrap = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      if ((e as { type?: string }).type === 'StripeConnectionError') throw new PaymentsUnavailableError(`Stripe cannot be reached (${what})`);
      throw e;
    }
  };

  const statusOf = (session: Stripe.Checkout.Session): PaymentStatus => {
    const intent = session.payment_intent;
    const paymentId = typeof intent === 'string' ? intent : (intent?.id ?? undefined);
    if (session.status === 'expired') return { state: 'canceled' };
    if (session.payment_status === 'paid') return { state: 'captured', paymentId };
    if (session.status === 'complete') {
      const intentStatus = typeof intent === 'object' && intent ? intent.status : undefined;
      if (intentStatus === 'canceled' || intentStatus === 'requires_payment_method') return { state: 'failed', paymentId };
      return { state: 'authorized', paymentId };
    }
    return { state: 'pending' };
  };

  const retrieve = (sessionId: string) => wrap('session', () => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));

  return {
    id: 'stripe',
    async initiate(input) {
      const metadata = { orderId: input.orderId, tenantId: input.tenantId };
      const session = await wrap('checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: { currency: input.currency.toLowerCase(), unit_amount: line.unitAmount, product_data: { name: line.title } },
            })),
            customer_email: input.buyerEmail,
            success_url: https(input.successUrl),
            cancel_url: https(input.cancelUrl),
            client_reference_id: input.orderId,
            metadata,
            ...(STRIPE_LOCALES.has(input.language) ? { locale: input.language as Stripe.Checkout.SessionCreateParams.Locale } : {}),
            payment_intent_data: {
              metadata,
              ...(input.destinationAccountId
                ? { application_fee_amount: input.applicationFee.amount, transfer_data: { destination: input.destinationAccountId } }
                : {}),
            },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, redirectUrl: session.url };
    },
    async status(sessionId) {
      return statusOf(await retrieve(sessionId));
    },
    async capture(sessionId) {
      // Checkout captures automatically: confirm by asking.
      return statusOf(await retrieve(sessionId));
    },
    async refund(input) {
      const refund = await wrap('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            amount: input.amount,
            metadata: { orderId: input.orderId },
            ...(input.reverseTransfer ? { reverse_transfer: true, refund_application_fee: true } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { refundId: refund.id, amount: refund.amount };
    },
    async cancel(sessionId) {
      const session = await retrieve(sessionId);
      if (session.status === 'open') await wrap('expire', () => stripe.checkout.sessions.expire(sessionId));
    },
    parseWebhook(rawBody, headers) {
      return verifyProviderWebhook(rawBody, headers, config.webhookSecret);
    },
    async createAccount(input) {
      const account = await wrap('account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            email: input.email,
            metadata: { tenantId: input.tenantId, userId: input.userId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          },
          { idempotencyKey: `account-${input.tenantId}-${input.userId}` },
        ),
      );
      return { accountId: account.id };
    },
    async accountActive(accountId) {
      const account = await wrap('account', () => stripe.accounts.retrieve(accountId));
      return account.charges_enabled === true && account.details_submitted === true;
    },
    async accountLink(input) {
      const link = await wrap('account link', () =>
        stripe.accountLinks.create({ account: input.accountId, type: 'account_onboarding', return_url: https(input.returnUrl), refresh_url: https(input.refreshUrl) }),
      );
      return { url: link.url };
    },
  };
}
