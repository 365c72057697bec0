/**
 * Browser-test helpers for payments: the test provider of the e2e stack (its URL and API key from
 * the stack's app-env.json), checkout started from the page the way a Buy button does it, and the
 * hosted checkout page's actions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_STACK_DIR } from './stack';

export const CARDS = { success: '4242 4242 4242 4242', decline: '4000 0000 0000 0002', authenticate: '4000 0025 0000 3155' } as const;

function testPay(): { url: string; apiKey: string } {
  const env = JSON.parse(readFileSync(join(E2E_STACK_DIR, 'app-env.json'), 'utf8')) as Record<string, string | undefined>;
  if (!env.TESTPAY_URL || !env.TESTPAY_API_KEY) throw new Error('the e2e stack runs without the test payment provider (no TESTPAY_URL in app-env.json)');
  return { url: env.TESTPAY_URL, apiKey: env.TESTPAY_API_KEY };
}

async function testPayApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const { url, apiKey } = testPay();
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`test provider ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** How many times the test provider charged a checkout session's card. */
export const chargesOf = async (sessionId: string) => (await testPayApi<{ charges: number }>('GET', `/v1/test/charges/${sessionId}`)).charges;

/** Makes an onboarding link expired (as if the organizer came back to it too late). */
export const expireAccountLink = (url: string) => testPayApi('POST', '/v1/test/account_links/expire', { url });

/**
 * Starts a checkout from the page (as a Buy button does: POST /api/checkout, then
 * location.assign) for one paid ticket of the event, and waits for the hosted checkout page.
 */
export async function buyTicket(page: Page, eventId: string, returnPath = `/preview?event=${eventId}`): Promise<string> {
  const key = `e2e-${Math.random().toString(36).slice(2, 14)}`;
  const answer = await page.evaluate(
    async ({ eventId, returnPath, key }) => {
      const res = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lines: [{ kind: 'ticket', refId: eventId, quantity: 1 }], returnPath, idempotencyKey: key }),
      });
      return { status: res.status, body: (await res.json()) as { orderId?: string; redirectUrl?: string } };
    },
    { eventId, returnPath, key },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await page.goto(answer.body.redirectUrl!);
  await expect(page.getByTestId('testpay-banner')).toContainText('Test payments');
  return answer.body.orderId!;
}

/** Types a test card on the hosted page and presses Pay. */
export async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The order's status as the buyer's page polls it. */
export async function orderStatus(page: Page, orderId: string): Promise<string> {
  return page.evaluate(async (id) => ((await (await fetch(`/api/checkout/status?order=${id}`)).json()) as { status: string }).status, orderId);
}

export interface ProviderTransfer {
  id: string;
  amount: number;
  amount_reversed: number;
  destination: string;
  metadata: Record<string, string>;
}

/** The transfers the test provider made for an order (its transfer group). */
export const transfersAt = async (orderId: string) => (await testPayApi<{ data: ProviderTransfer[] }>('GET', `/v1/transfers?transfer_group=${encodeURIComponent(orderId)}`)).data;

/** What the test provider charged and refunded of a payment. */
export const paymentAt = (paymentId: string) => testPayApi<{ amount: number; amount_refunded: number; amount_transferred: number }>('GET', `/v1/payment_intents/${encodeURIComponent(paymentId)}`);

/** Connects the signed-in organizer's payout account from /primeProfilePayments through the provider's onboarding page. */
export async function onboardPayouts(page: Page, tenantPaymentsUrl: string) {
  await page.goto(tenantPaymentsUrl);
  await page.getByTestId('payout-onboard').click();
  await expect(page.getByTestId('testpay-banner')).toBeVisible();
  await page.getByLabel('Business name').fill('Studio payouts');
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/accountLinkReturn$/);
  await expect(page.getByTestId('account-link-status')).toHaveAttribute('data-status', 'active');
}
