/**
 * Stripe behind the provider contract: Checkout Sessions (mode payment) charged to the platform
 * with the order as transfer_group, then separate transfers of each seller's share to their
 * Connect Express account (source_transaction: the payment's charge) and transfer reversals after
 * refunds (docs/decisions/0058), account links for onboarding, and webhooks verified on the raw body. Every create sends an
 * Idempotency-Key. Real Stripe cannot be reached from this machine: the adapter is tested against
 * a local recorder (stripeProvider.server.test.ts) with the SDK's own host/port/protocol options.
 */
import Stripe from 'stripe';
import type { PaymentProvider, PaymentStatus } from './provider.server';
import { PaymentRefusedError, PaymentsUnavailableError } from './provider.server';
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

  /** With `refusals`, Stripe's answer "no" (an invalid request, a card error) is a PaymentRefusedError. */
  const wrap = async <T>(what: string, run: () => Promise<T>, refusals = false): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      const type = (e as { type?: string }).type;
      if (type === 'StripeConnectionError') throw new PaymentsUnavailableError(`Stripe cannot be reached (${what})`);
      if (refusals && (type === 'StripeInvalidRequestError' || type === 'StripeCardError')) throw new PaymentRefusedError(`Stripe refused the ${what}: ${(e as Error).message}`);
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
            // Charged to the platform; each seller's share is transferred after capture.
            payment_intent_data: { metadata, transfer_group: input.transferGroup },
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
        true,
      );
      return { refundId: refund.id, amount: refund.amount };
    },
    async transfer(input) {
      // A transfer made earlier for this order and seller (its idempotency key may have expired): that one.
      const group = await wrap('transfer', () => stripe.transfers.list({ transfer_group: input.transferGroup, limit: 100 }));
      const made = group.data.find((t) => t.metadata?.sellerId === input.metadata.sellerId && t.metadata?.tenantId === input.metadata.tenantId);
      if (made) return { transferId: made.id, amount: made.amount };
      const intent = await wrap('transfer', () => stripe.paymentIntents.retrieve(input.paymentId), true);
      const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
      if (!charge) throw new PaymentRefusedError(`the payment ${input.paymentId} has no charge to transfer from`);
      const transfer = await wrap(
        'transfer',
        () =>
          stripe.transfers.create(
            {
              amount: input.amount,
              currency: input.currency.toLowerCase(),
              destination: input.destinationAccountId,
              transfer_group: input.transferGroup,
              source_transaction: charge,
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        true,
      );
      return { transferId: transfer.id, amount: transfer.amount };
    },
    async reverseTransfer(input) {
      const reversal = await wrap(
        'transfer reversal',
        () => stripe.transfers.createReversal(input.transferId, { amount: input.amount, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey }),
        true,
      );
      return { reversalId: reversal.id, amount: reversal.amount };
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
