import { paymentWebhookAction, paymentWebhookLoader } from '#server/commerce/payments/paymentsWebhook.server';

/** POST /api/payments/webhook/test: the local test payment provider's webhooks. */
export const action = paymentWebhookAction('test');
export const loader = paymentWebhookLoader;
