/**
 * The providers' webhooks (/api/payments/webhook/test and /api/payments/webhook/stripe): verified
 * on the raw body (the signature covers those exact bytes; the server parses no body before the
 * route), then applied once per event id through the state machine.
 *
 * The tenant is the one the verified event names (metadata the platform itself put on the session
 * or account): one Stripe account serves every tenant, so its one webhook endpoint receives them
 * all. A forged or altered body never gets this far (401).
 *
 * Answers: 404 when that provider is not configured here, 400 malformed, 401 bad or old signature
 * (the provider retries, the body is not trusted), 200 applied / duplicate / ignored, 500 when
 * applying failed (the provider retries).
 */
import type { Tenant } from '#app/lib/config/tenant';
import type { Registry } from '#server/config/registry.server';
import { tenantData, type DataStores } from '#server/data/tenantData.server';
import type { Env } from '#server/env.server';
import { applyPaymentEvent } from './orderState.server';
import type { PaymentProvider, ProviderId } from '#server/platform/payments/provider.server';
import type { Services } from '#server/services';
import './kinds.server';

export interface PaymentWebhookInput {
  provider: ProviderId;
  rawBody: string;
  headers: Headers;
  registry: Pick<Registry, 'tenants'>;
  services: DataStores & Pick<Services, 'payments'>;
  env: Env;
}

export interface PaymentWebhookAnswer {
  status: number;
  message: string;
}

export async function receivePaymentWebhook(input: PaymentWebhookInput): Promise<PaymentWebhookAnswer> {
  let adapter: PaymentProvider;
  try {
    adapter = input.services.payments.byId(input.provider);
  } catch (e) {
    // Nothing is behind this address here: a provider that is not configured has no endpoint.
    return { status: 404, message: (e as Error).message };
  }
  const parsed = adapter.parseWebhook(input.rawBody, input.headers);
  if (!parsed.ok) return { status: parsed.refused === 'malformed' ? 400 : 401, message: parsed.message };
  const event = parsed.event;
  if (event.type === 'ignored') return { status: 200, message: `ignored: ${event.reason}` };
  const tenant: Tenant | undefined = event.tenantId ? input.registry.tenants.get(event.tenantId) : undefined;
  if (!tenant) return { status: 200, message: 'ignored: no tenant of this platform' };
  const data = tenantData(input.services, tenant.id);
  const result = await applyPaymentEvent({ tenant, data, env: input.env, services: input.services }, input.provider, event);
  return { status: 200, message: result.applied ? `applied${result.status ? `: ${result.status}` : ''}` : result.reason };
}
