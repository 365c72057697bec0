/**
 * The browser's one way to start a payment (POST /api/checkout, app/lib/payments/api.ts): send
 * the lines, then read the answer as where to go next. The shop, the ticket and consultation
 * panels, donations and room sales all start checkout through it.
 */
import type { LineRequest } from './model';

export type CheckoutStart =
  /** The provider's hosted page; `orderId` names the order opened (null when the answer left it out). */
  | { kind: 'redirect'; url: string; orderId: string | null }
  /** Signed out: sign in, then come back to `returnPath`. */
  | { kind: 'signIn'; url: string }
  /** Lines that cannot be sold (an index into the lines sent, and why). */
  | { kind: 'refused'; refusals: { index: number; refused: string }[] }
  /** The request itself was refused (400). */
  | { kind: 'invalid' }
  /** No answer, or one that says nothing usable. */
  | { kind: 'failed' };

export const signInPath = (returnPath: string) => `/signIn?redirectTo=${encodeURIComponent(returnPath)}`;

type Answer = { orderId?: unknown; redirectUrl?: unknown; signIn?: unknown; refusals?: unknown } | null;

export async function startCheckout(lines: LineRequest[], returnPath: string, idempotencyKey: string): Promise<CheckoutStart> {
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
  const body = (await response.json().catch(() => null)) as Answer;
  if (response.ok && typeof body?.redirectUrl === 'string') {
    return { kind: 'redirect', url: body.redirectUrl, orderId: typeof body.orderId === 'string' ? body.orderId : null };
  }
  if (response.status === 401) return { kind: 'signIn', url: typeof body?.signIn === 'string' ? body.signIn : signInPath(returnPath) };
  if (response.status === 409) return { kind: 'refused', refusals: Array.isArray(body?.refusals) ? (body.refusals as { index: number; refused: string }[]) : [] };
  if (response.status === 400) return { kind: 'invalid' };
  return { kind: 'failed' };
}
