import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '#local/testpay/signing';
import { mapProviderEvent, verifyProviderWebhook, WEBHOOK_TOLERANCE_SECONDS } from './webhookEvents.server';

const SECRET = 'whsec_test_secret_for_unit_tests';
const stripe = new Stripe('sk_test_unit');
const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_${type}`, object: 'event', type, created: 1, data: { object } });
const completed = event('checkout.session.completed', { id: 'cs_1', payment_status: 'paid', payment_intent: 'pi_1', metadata: { orderId: 'ord_1', tenantId: 'aurora' } });
const headers = (signature: string) => new Headers({ 'stripe-signature': signature });

describe('webhook signatures (the stripe package verifies both providers)', () => {
  it('accepts the test provider’s signature, made the way Stripe makes it', () => {
    expect(verifyProviderWebhook(completed, headers(signatureHeader(completed, SECRET)), SECRET)).toEqual({
      ok: true,
      event: { eventId: 'evt_checkout.session.completed', type: 'captured', tenantId: 'aurora', orderId: 'ord_1', paymentId: 'pi_1' },
    });
  });

  it('accepts Stripe’s own test header', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload: completed, secret: SECRET });
    expect(verifyProviderWebhook(completed, headers(header), SECRET).ok).toBe(true);
  });

  it('refuses a tampered body', () => {
    const header = signatureHeader(completed, SECRET);
    const tampered = completed.replace('"pi_1"', '"pi_2"');
    expect(verifyProviderWebhook(tampered, headers(header), SECRET)).toMatchObject({ ok: false, refused: 'bad_signature' });
  });

  it('refuses another secret and a missing header', () => {
    expect(verifyProviderWebhook(completed, headers(signatureHeader(completed, 'whsec_other')), SECRET)).toMatchObject({ ok: false, refused: 'bad_signature' });
    expect(verifyProviderWebhook(completed, new Headers(), SECRET)).toMatchObject({ ok: false, refused: 'bad_signature' });
  });

  it('refuses an old timestamp', () => {
    const old = Math.floor(Date.now() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 10;
    expect(verifyProviderWebhook(completed, headers(signatureHeader(completed, SECRET, old)), SECRET)).toMatchObject({ ok: false, refused: 'too_old' });
  });
});

describe('provider events mapped to order moves', () => {
  const meta = { metadata: { orderId: 'o', tenantId: 't' } };
  const map = (type: string, object: Record<string, unknown>) => mapProviderEvent({ id: 'e', type, data: { object } });
  it('maps each checkout outcome', () => {
    expect(map('checkout.session.completed', { ...meta, payment_status: 'unpaid', payment_intent: 'pi' })).toMatchObject({ type: 'authorized' });
    expect(map('checkout.session.async_payment_succeeded', meta)).toMatchObject({ type: 'captured' });
    expect(map('checkout.session.async_payment_failed', meta)).toMatchObject({ type: 'failed' });
    expect(map('checkout.session.expired', meta)).toMatchObject({ type: 'canceled' });
    expect(map('charge.refunded', { ...meta, payment_intent: 'pi', amount_refunded: 500 })).toMatchObject({ type: 'refunded', refundedTotal: 500 });
    expect(map('account.updated', { id: 'acct_1', charges_enabled: true, details_submitted: true, metadata: { tenantId: 't' } })).toMatchObject({ type: 'account_updated', active: true });
    expect(map('payment_intent.created', meta)).toMatchObject({ type: 'ignored' });
    expect(map('checkout.session.completed', { payment_status: 'paid' })).toMatchObject({ type: 'ignored' });
  });
});
