/**
 * The adapter for the local test payment provider (local/testpay/): the same contract as Stripe,
 * over the test provider's own REST API. Its webhooks are verified with the stripe package like
 * Stripe's (webhookEvents.server.ts).
 */
import type { CheckoutSession, PaymentProvider, PaymentStatus } from './provider.server';
import { PaymentRefusedError, PaymentsUnavailableError } from './provider.server';
import { verifyProviderWebhook } from './webhookEvents.server';

export interface TestProviderConfig {
  url: string;
  apiKey: string;
  webhookSecret: string;
}

interface SessionObject {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  testpay_outcome: 'failed' | 'requires_action' | null;
  payment_intent: string | null;
  url: string | null;
}

export function createTestProvider(config: TestProviderConfig): PaymentProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${config.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (e) {
      throw new PaymentsUnavailableError(`the test payment provider at ${config.url} cannot be reached (${(e as Error).message})`);
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    const problem = `test payment provider: ${method} ${path}: HTTP ${res.status} ${json.error?.message ?? ''}`.trim();
    // It answered and said no (an amount it will not refund, an account it cannot pay).
    if ([400, 402, 404, 409].includes(res.status)) throw new PaymentRefusedError(problem);
    if (!res.ok) throw new Error(problem);
    return json;
  }

  const statusOf = (s: SessionObject): PaymentStatus => {
    const paymentId = s.payment_intent ?? undefined;
    if (s.status === 'expired') return { state: 'canceled' };
    if (s.payment_status === 'paid') return { state: 'captured', paymentId };
    if (s.testpay_outcome === 'failed') return { state: 'failed', paymentId };
    return { state: 'pending' };
  };

  return {
    id: 'test',
    async initiate(input): Promise<CheckoutSession> {
      const session = await call<SessionObject>(
        'POST',
        '/v1/checkout/sessions',
        {
          orderId: input.orderId,
          tenantId: input.tenantId,
          lineItems: input.lines,
          currency: input.currency,
          amountTotal: input.total.amount,
          applicationFee: input.applicationFee.amount,
          transferGroup: input.transferGroup,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          webhookUrl: input.webhookUrl,
          lang: input.language,
        },
        input.idempotencyKey,
      );
      if (!session.url) throw new Error('test payment provider: the session has no checkout page');
      return { sessionId: session.id, redirectUrl: session.url };
    },
    async status(sessionId) {
      return statusOf(await call<SessionObject>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`));
    },
    async capture(sessionId) {
      return statusOf(await call<SessionObject>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`));
    },
    async refund(input) {
      const refund = await call<{ id: string; amount: number }>(
        'POST',
        '/v1/refunds',
        { paymentIntent: input.paymentId, amount: input.amount, metadata: { orderId: input.orderId } },
        input.idempotencyKey,
      );
      return { refundId: refund.id, amount: refund.amount };
    },
    async transfer(input) {
      const transfer = await call<{ id: string; amount: number }>(
        'POST',
        '/v1/transfers',
        {
          amount: input.amount,
          currency: input.currency,
          destination: input.destinationAccountId,
          transferGroup: input.transferGroup,
          sourceTransaction: input.paymentId,
          metadata: input.metadata,
        },
        input.idempotencyKey,
      );
      return { transferId: transfer.id, amount: transfer.amount };
    },
    async reverseTransfer(input) {
      const reversal = await call<{ id: string; amount: number }>(
        'POST',
        `/v1/transfers/${encodeURIComponent(input.transferId)}/reversals`,
        { amount: input.amount, metadata: input.metadata },
        input.idempotencyKey,
      );
      return { reversalId: reversal.id, amount: reversal.amount };
    },
    async cancel(sessionId) {
      const session = await call<SessionObject>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
      if (session.status === 'open') await call('POST', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`);
    },
    parseWebhook(rawBody, headers) {
      return verifyProviderWebhook(rawBody, headers, config.webhookSecret);
    },
    async createAccount(input) {
      const account = await call<{ id: string }>(
        'POST',
        '/v1/accounts',
        { email: input.email, metadata: { userId: input.userId, tenantId: input.tenantId }, webhookUrl: input.webhookUrl },
        `account-${input.tenantId}-${input.userId}`,
      );
      return { accountId: account.id };
    },
    async accountActive(accountId) {
      const account = await call<{ charges_enabled: boolean; details_submitted: boolean }>('GET', `/v1/accounts/${encodeURIComponent(accountId)}`);
      return account.charges_enabled && account.details_submitted;
    },
    async accountLink(input) {
      const link = await call<{ url: string }>('POST', '/v1/account_links', { account: input.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, lang: input.language ?? 'en' });
      return { url: link.url };
    },
  };
}
