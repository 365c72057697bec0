import { useRef, useState } from 'react';
import type { LineKind } from '#app/lib/payments/model';

type Refusal = keyof typeof import('#app/locales/en/tickets').default.access.refused;

/**
 * Starts the payment of one line (POST /api/checkout, then the provider's page). One idempotency
 * key per page visit, so a double click or a retry opens the same order.
 */
export function useCheckout(onProblem: (problem: { refused: Refusal } | { failed: true }) => void) {
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function start(line: { kind: LineKind; refId: string }, returnPath: string) {
    setBusy(true);
    key.current ??= `${line.kind}-${line.refId}-${crypto.randomUUID()}`;
    try {
      const res = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lines: [{ ...line, quantity: 1 }], returnPath, idempotencyKey: key.current }),
      });
      const body = (await res.json().catch(() => ({}))) as { redirectUrl?: string; signIn?: string; refusals?: { refused: Refusal }[] };
      if (res.ok && body.redirectUrl) return window.location.assign(body.redirectUrl);
      if (res.status === 401 && body.signIn) return window.location.assign(body.signIn);
      onProblem(body.refusals?.[0] ? { refused: body.refusals[0].refused } : { failed: true });
    } catch {
      onProblem({ failed: true });
    }
    setBusy(false);
  }
  return { busy, start };
}
