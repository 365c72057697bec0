/**
 * Webhook verification and mapping shared by both providers: the local test provider signs its
 * webhooks exactly the way Stripe does (`Stripe-Signature: t=<unix>,v1=<hmac-sha256 of "t.body">`
 * with a whsec_ secret) and sends Stripe-shaped events, so one verifier, the stripe package's own
 * `webhooks.constructEvent` on the raw body, serves both.
 */
import Stripe from 'stripe';
import type { ParsedWebhook, PaymentEvent } from './provider.server';

/** Seconds a signed webhook stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// Only the webhook helpers of this client are used: they need no key and make no request.
const verifier = new Stripe('sk_verify_only');

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const metadataOf = (object: Obj) => (object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, string>) : {});
const idOf = (value: unknown) => str(value) ?? str((value as Obj | null)?.id);

/** Maps a verified Stripe-shaped event to what it means for the platform. */
export function mapProviderEvent(event: { id: string; type: string; data: { object: unknown } }): PaymentEvent {
  const object = (event.data?.object ?? {}) as Obj;
  const meta = metadataOf(object);
  const orderRef = meta.orderId && meta.tenantId ? { tenantId: meta.tenantId, orderId: meta.orderId } : null;
  const paymentId = idOf(object.payment_intent);
  const order = (type: 'authorized' | 'captured' | 'failed' | 'canceled'): PaymentEvent =>
    orderRef ? { eventId: event.id, type, ...orderRef, ...(paymentId ? { paymentId } : {}) } : { eventId: event.id, type: 'ignored', reason: 'no order in metadata' };
  switch (event.type) {
    case 'checkout.session.completed':
      return order(object.payment_status === 'paid' || object.payment_status === 'no_payment_required' ? 'captured' : 'authorized');
    case 'checkout.session.async_payment_succeeded':
      return order('captured');
    case 'checkout.session.async_payment_failed':
      return order('failed');
    case 'checkout.session.expired':
      return order('canceled');
    case 'charge.refunded': {
      const refundedTotal = Number(object.amount_refunded);
      if (!orderRef || !paymentId || !Number.isInteger(refundedTotal)) return { eventId: event.id, type: 'ignored', reason: 'refund without order' };
      return { eventId: event.id, type: 'refunded', ...orderRef, paymentId, refundedTotal };
    }
    case 'account.updated': {
      const accountId = str(object.id);
      if (!accountId) return { eventId: event.id, type: 'ignored', reason: 'account without id' };
      return { eventId: event.id, type: 'account_updated', accountId, ...(meta.tenantId ? { tenantId: meta.tenantId } : {}), active: object.charges_enabled === true && object.details_submitted === true };
    }
    default:
      return { eventId: event.id, type: 'ignored', reason: `${event.type} is not used` };
  }
}

/** Verifies the Stripe-Signature header over the exact raw body and maps the event. */
export function verifyProviderWebhook(rawBody: string, headers: Headers, secret: string, nowSeconds?: number): ParsedWebhook {
  const header = headers.get('stripe-signature');
  if (!header) return { ok: false, refused: 'bad_signature', message: 'no Stripe-Signature header' };
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowSeconds === undefined ? undefined : nowSeconds * 1000);
  } catch (e) {
    const message = (e as Error).message;
    if (/tolerance/i.test(message)) return { ok: false, refused: 'too_old', message: 'the signature timestamp is too old' };
    if ((e as { type?: string }).type === 'StripeSignatureVerificationError') return { ok: false, refused: 'bad_signature', message: 'the signature does not match the body' };
    return { ok: false, refused: 'malformed', message: 'the body is not an event' };
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') return { ok: false, refused: 'malformed', message: 'the body is not an event' };
  return { ok: true, event: mapProviderEvent(event as unknown as { id: string; type: string; data: { object: unknown } }) };
}
