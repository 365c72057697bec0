/**
 * Donations' and room sales' side of checkout (payments' contract, issue 15): the provider's
 * hosted page (reached through startCheckout, app/lib/payments/checkout.ts) opens either in place
 * of this page or, from a live room, in a new tab so the room stays; there the buyer's order
 * status is polled until it settles.
 */
import { useEffect, useState } from 'react';

/** A random idempotency key: one per attempt, so a double click makes one order. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The query parameter a page adds to its return path to know the order it comes back with is its own. */
export const RETURN_MARKER = 'donation';

/**
 * Where the provider should send the buyer back to this page: the page's path and query (without
 * an earlier return's parameters) with the marker, and the hash given.
 */
export function returnPathHere(hash = ''): string {
  const url = new URL(window.location.href);
  for (const name of ['order', 'paid', RETURN_MARKER]) url.searchParams.delete(name);
  url.searchParams.set(RETURN_MARKER, '1');
  return `${url.pathname}${url.search}${hash}`;
}

/** The order this page came back from the provider with (`?order=<id>&paid=` and the marker), or null. */
export function returnedOrder(search: string): string | null {
  const params = new URLSearchParams(search);
  const order = params.get('order');
  return order && params.get(RETURN_MARKER) === '1' && params.has('paid') ? order : null;
}

/**
 * Where the payment tab of a purchase made inside a live room returns: the buyer's orders with
 * the outcome, not the room itself (which would open the room a second time for the same person).
 */
export const ROOM_PURCHASE_RETURN = '/userDashboard?tab=Orders';

/**
 * A tab for the hosted payment page, opened in the click itself (a tab opened after an await is
 * blocked as a pop-up); null when the browser refused it anyway.
 */
export function openPaymentTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

export type PaymentOutcome = 'waiting' | 'captured' | 'failed';

const SETTLED_FAILED = new Set(['failed', 'canceled']);
const PAID = new Set(['captured', 'partially_refunded', 'refunded']);
const POLL_MS = 2000;

/** Polls GET /api/checkout/status?order=<id> while the order is open; null order: nothing to watch. */
export function useOrderOutcome(orderId: string | null): PaymentOutcome | null {
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  useEffect(() => {
    if (!orderId) {
      setOutcome(null);
      return;
    }
    setOutcome('waiting');
    let stopped = false;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const response = await fetch(`/api/checkout/status?order=${encodeURIComponent(orderId)}`, { headers: { Accept: 'application/json' } });
        const body = (await response.json().catch(() => null)) as { status?: string } | null;
        const status = body?.status ?? '';
        if (stopped) return;
        if (PAID.has(status)) return setOutcome('captured');
        if (SETTLED_FAILED.has(status)) return setOutcome('failed');
      } catch {
        // A failed poll is tried again.
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [orderId]);
  return outcome;
}
