/**
 * The route actions of /api/payments/webhook/test and /api/payments/webhook/stripe: the providers'
 * signed events, verified on the raw body (server/app.ts parses no bodies; request.text() gives
 * the exact bytes) by server/commerce/payments/webhook.server.ts.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { ProviderId } from '#server/platform/payments/provider.server';
import { receivePaymentWebhook } from './webhook.server';
import { methodNotAllowed, NO_STORE } from './paymentsApi.server';

export function paymentWebhookAction(provider: ProviderId) {
  return async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== 'POST') return methodNotAllowed(context.languageTag, 'POST');
    const answer = await receivePaymentWebhook({
      provider,
      rawBody: await request.text(),
      headers: request.headers,
      registry: context.services.registry,
      services: context.services,
      env: context.env,
    });
    return json({ message: answer.message }, { status: answer.status, headers: NO_STORE });
  };
}

export const paymentWebhookLoader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
