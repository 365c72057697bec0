import { paymentWebhookAction, paymentWebhookLoader } from '#server/commerce/payments/paymentsWebhook.server';

/** POST /api/payments/webhook/stripe: Stripe's webhooks (the endpoint configured in its dashboard). */
export const action = paymentWebhookAction('stripe');
export const loader = paymentWebhookLoader;
