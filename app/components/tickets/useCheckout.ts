import { useRef, useState } from 'react';
import { startCheckout } from '#app/lib/payments/checkout';
import type { LineKind } from '#app/lib/payments/model';

type Refusal = keyof typeof import('#app/locales/en/tickets').default.access.refused;

/**
 * Starts the payment of one line (startCheckout, then the provider's page). One idempotency
 * key per page visit, so a double click or a retry opens the same order.
 */
export function useCheckout(onProblem: (problem: { refused: Refusal } | { failed: true }) => void) {
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  async function start(line: { kind: LineKind; refId: string }, returnPath: string) {
    setBusy(true);
    key.current ??= `${line.kind}-${line.refId}-${crypto.randomUUID()}`;
    const started = await startCheckout([{ ...line, quantity: 1 }], returnPath, key.current);
    if (started.kind === 'redirect' || started.kind === 'signIn') return window.location.assign(started.url);
    const first = started.kind === 'refused' ? started.refusals[0] : undefined;
    onProblem(first ? { refused: first.refused as Refusal } : { failed: true });
    setBusy(false);
  }
  return { busy, start };
}
