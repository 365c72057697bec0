/**
 * The browser's side of checkout (payments' contract, POST /api/checkout): send the lines, then go
 * to the provider's hosted page; a signed-out buyer goes to sign in and comes back.
 */
import type { LineRequest } from '#app/lib/payments/model';
import type { Refusal } from './refusals';

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'signIn'; url: string }
  | { kind: 'refused'; refusals: { index: number; refused: Refusal }[] }
  | { kind: 'failed' };

export const signInPath = (returnPath: string) => `/signIn?redirectTo=${encodeURIComponent(returnPath)}`;

export async function requestCheckout(lines: LineRequest[], returnPath: string, idempotencyKey: string): Promise<CheckoutOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ lines, returnPath, idempotencyKey }),
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = (await response.json().catch(() => null)) as { redirectUrl?: string; signIn?: string; refusals?: { index: number; refused: Refusal }[] } | null;
  if (response.ok && body?.redirectUrl) return { kind: 'redirect', url: body.redirectUrl };
  if (response.status === 401) return { kind: 'signIn', url: body?.signIn ?? signInPath(returnPath) };
  if (response.status === 409 && body?.refusals) return { kind: 'refused', refusals: body.refusals };
  return { kind: 'failed' };
}
