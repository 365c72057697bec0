/**
 * Webhook signatures exactly as Stripe makes them: `Stripe-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" keyed with the whsec_ secret>`. The platform checks them with
 * the stripe package's own webhooks.constructEvent, the same call it uses for Stripe.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function signatureHeader(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A fresh whsec_ secret (one per local stack). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
/** A fresh API key for the test provider's REST API (one per local stack). */
export const newTestPayApiKey = () => `tp_sk_${randomBytes(24).toString('base64url')}`;
