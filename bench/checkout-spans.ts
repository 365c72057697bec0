/**
 * Where bench/checkout's time goes: the DynamoDB calls the platform makes (counted and timed per
 * command, through a middleware on the bench's client) and the buyer's phases (checkout, paying on
 * the hosted page, waiting for the webhook's fulfilment), summed over the measured orders.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { table } from './lib';

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (user + system, ms) from /proc; null where it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU time spent per order by each process of the flow over a measured run: this process (the
 * platform's checkout and webhook handling, and the buyers), and others by pid (DynamoDB Local,
 * the test provider). Unlike orders per second, these barely move with the machine's load.
 */
export function cpuTally(others: Record<string, number | undefined>) {
  let began: { own: NodeJS.CpuUsage; others: Map<string, number | null> } | null = null;
  let spent: Array<{ name: string; ms: number | null }> = [];
  const read = () => new Map(Object.entries(others).map(([name, pid]) => [name, pid === undefined ? null : processCpuMs(pid)]));
  return {
    start() {
      began = { own: process.cpuUsage(), others: read() };
    },
    stop() {
      if (!began) return;
      const own = process.cpuUsage(began.own);
      const now = read();
      spent = [
        { name: 'platform and buyers (this process)', ms: (own.user + own.system) / 1000 },
        ...[...now].map(([name, ms]) => {
          const before = began!.others.get(name);
          return { name, ms: ms === null || before === null || before === undefined ? null : ms - before };
        }),
      ];
    },
    report(orders: number): string {
      const rows = spent.map(({ name, ms }) => ({ process: name, 'CPU ms per order': ms === null ? 'n/a' : (ms / Math.max(1, orders)).toFixed(1) }));
      return rows.length ? table(rows) : '';
    },
  };
}

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
