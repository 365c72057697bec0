/**
 * Where bench/checkout's time goes: the DynamoDB calls the platform makes (counted and timed per
 * command, through a middleware on the bench's client) and the buyer's phases (checkout, paying on
 * the hosted page, waiting for the webhook's fulfilment), summed over the measured orders.
 */
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { table } from './lib';

interface Tally {
  calls: number;
  ms: number;
}

type Middleware = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => (args: unknown) => Promise<unknown>;

export interface CheckoutSpans {
  /** Times one phase of a purchase while counting is on. */
  phase<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Counting on (the measured run) or off (warm-up, contention). */
  counting(on: boolean): void;
  /** The tallies per order, as a table. */
  report(orders: number): string;
}

/** The platform's functions on the call stack (server/ outside the DynamoDB module), innermost first. */
function siteOf(stack: string): string {
  const frames = stack
    .split('\n')
    .map((line) => /at (?:async )?([\w.<>]+) \(.*\/(server\/[^:]+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !m[2]!.startsWith('server/platform/dynamo/'))
    .map((m) => m[1]);
  return frames.slice(0, 3).join(' < ') || '(outside server/)';
}

export function checkoutSpans(client: Database['raw']): CheckoutSpans {
  const calls = new Map<string, Tally>();
  const phases = new Map<string, Tally>();
  let on = false;
  const add = (into: Map<string, Tally>, name: string, ms: number) => {
    const t = into.get(name) ?? { calls: 0, ms: 0 };
    t.calls += 1;
    t.ms += ms;
    into.set(name, t);
  };
  // BENCH_CHECKOUT_SPANS=sites: each call is named by where the platform made it (the calling functions under server/).
  const bySite = process.env.BENCH_CHECKOUT_SPANS === 'sites';
  const middleware: Middleware = (next, context) => async (args) => {
    if (!on) return next(args);
    const name = `${(context.commandName ?? 'command').replace(/Command$/, '')}${bySite ? ` ${siteOf(new Error().stack ?? '')}` : ''}`;
    const began = performance.now();
    try {
      return await next(args);
    } finally {
      add(calls, name, performance.now() - began);
    }
  };
  (client.middlewareStack as unknown as { add(mw: Middleware, options: { step: 'initialize'; name: string }): void }).add(middleware, { step: 'initialize', name: 'benchCheckoutSpans' });
  return {
    async phase(name, work) {
      if (!on) return work();
      const began = performance.now();
      try {
        return await work();
      } finally {
        add(phases, name, performance.now() - began);
      }
    },
    counting(value) {
      on = value;
    },
    report(orders) {
      const per = (n: number) => (n / Math.max(1, orders)).toFixed(2);
      const rows = [
        ...[...phases].map(([name, t]) => ({ span: `phase: ${name}`, 'per order': per(t.calls), 'ms per order (wall, overlapping)': per(t.ms) })),
        ...[...calls].sort((a, b) => b[1].calls - a[1].calls).map(([name, t]) => ({ span: `DynamoDB ${name}`, 'per order': per(t.calls), 'ms per order (wall, overlapping)': per(t.ms) })),
      ];
      const total = [...calls.values()].reduce((s, t) => s + t.calls, 0);
      return `${table(rows)}\nDynamoDB calls per order: ${per(total)}`;
    },
  };
}
