/**
 * The page a buyer lands on after the provider's hosted page (?order=<id>&paid=1|0, set by
 * /api/checkout/return): polls GET /api/checkout/status until the order is settled, so a webhook
 * that arrives after the buyer does still turns "confirming" into "paid". Shared by the shell's
 * checkout notice and /preview's ticket panel.
 */
import { useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { OrderStatusAnswer } from './api';

export type OrderReturnState = 'idle' | 'confirming' | 'paid' | 'failed';

const PAID_STATUSES = new Set(['authorized', 'captured']);
const FAILED_STATUSES = new Set(['failed', 'canceled']);
const MAX_POLLS = 60;

// Both outcomes are read from the order itself: the address alone proves nothing.
const initialState = (order: string | null, paid: string | null): OrderReturnState => (order && (paid === '1' || paid === '0') ? 'confirming' : 'idle');

/**
 * The order this page came back with and how it stands. `active: false` leaves it idle (the page
 * already shows the outcome); `onPaid` runs once when the order is paid (e.g. to reload the data).
 */
export function useOrderReturn({ active = true, onPaid }: { active?: boolean; onPaid?: () => void } = {}) {
  const [params] = useSearchParams();
  const order = params.get('order');
  const paid = params.get('paid');
  const [state, setState] = useState<OrderReturnState>(() => initialState(order, paid));
  const paidListener = useRef(onPaid);
  paidListener.current = onPaid;

  useEffect(() => setState(initialState(order, paid)), [order, paid]);

  useEffect(() => {
    if (!active || state !== 'confirming' || !order) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      try {
        const res = await fetch(`/api/checkout/status?order=${encodeURIComponent(order)}`, { headers: { Accept: 'application/json' } });
        // Not the buyer's order (or signed out since): nothing to say about it.
        if (res.status === 401 || res.status === 404) return stop ? undefined : setState('idle');
        const body = res.ok ? ((await res.json()) as Partial<OrderStatusAnswer>) : null;
        if (stop) return;
        if (body?.status && PAID_STATUSES.has(body.status)) {
          setState('paid');
          return paidListener.current?.();
        }
        if (body?.status && FAILED_STATUSES.has(body.status)) return setState('failed');
        // Sent back unpaid (?paid=0) with the order still open: the buyer left without paying.
        if (body?.status && paid === '0') return setState('failed');
      } catch {
        // A network blip: the next poll tries again.
      }
      if (!stop && attempt < MAX_POLLS) timer = setTimeout(() => void poll(attempt + 1), Math.min(500 * 2 ** Math.min(attempt, 2), 2000));
    };
    void poll(0);
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
  }, [active, state, order, paid]);

  return { order, state: active ? state : ('idle' as const) };
}
