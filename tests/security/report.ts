/**
 * Totals of the security suites: one line per suite in the test output (scripts/test.mjs
 * repeats them before its closing line), and test-reports/security.json ({ generatedAt, suites:
 * { fuzz: {...}, matrix: {...}, entitlement: {...} } }) for the README's figures. Each suite writes its own part (test-reports/security/<suite>.json) and then
 * rebuilds security.json from every part under a lock, since the suites run in parallel workers.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Failure {
  endpoint: string;
  method: string;
  /** Who sent it: anonymous, a tenant's admin, another tenant's session... */
  as: string;
  input: string;
  result: string;
}

/** The entitlement matrix's own figures (tests/e2e/security-entitlement.spec.ts). */
export interface EntitlementTotals {
  /** Routes, APIs and sockets that declare an entitlement. */
  declared: number;
  /** Kinds of caller asked (signed out, member, ticket holder, ...). */
  callers: number;
  /** Declared requests answered with the content to a caller the rule admits. */
  allowed: number;
  /** Declared requests refused to a caller the rule refuses. */
  refused: number;
}

export interface SuiteTotals {
  suite: 'fuzz' | 'matrix' | 'entitlement';
  /** Requests, socket upgrades and socket frames sent (keep-alive probes not counted). */
  requests: number;
  /** Endpoints covered (route table entries plus the server's own endpoints). */
  endpoints: number;
  serverErrors: number;
  hung: number;
  leaks: number;
  /** Other failed expectations (a stalled keep-alive, a dropped connection, a wrong status). */
  other: number;
  seconds: number;
  failures: Failure[];
  entitlement?: EntitlementTotals;
}

const DIR = 'test-reports';
const PARTS = join(DIR, 'security');

function withLock(fn: () => void) {
  const lock = join(DIR, 'security.lock');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another suite is writing; a stale lock (a killed run) is taken over after the deadline.
      if (Date.now() > deadline) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    fn();
  } finally {
    try {
      rmdirSync(lock);
    } catch {
      // already gone
    }
  }
}

export function summaryLine(t: SuiteTotals): string {
  if (t.entitlement) {
    const e = t.entitlement;
    return (
      `[security] ${t.suite}: ${t.requests} requests, ${e.declared} routes declared, ${e.callers} callers, ${e.allowed} allowed, ${e.refused} refused, ` +
      `${t.leaks} leaks, ${t.serverErrors} 5xx, ${t.hung} hung, ${t.other} other failures (${t.seconds.toFixed(0)} s)`
    );
  }
  return (
    `[security] ${t.suite}: ${t.requests} requests to ${t.endpoints} endpoints, ${t.serverErrors} 5xx, ${t.hung} hung, ` +
    `${t.leaks} leaks, ${t.other} other failures (${t.seconds.toFixed(0)} s)`
  );
}

/** Prints the suite's line and records its totals. */
export function recordTotals(totals: SuiteTotals): void {
  console.log(summaryLine(totals));
  mkdirSync(PARTS, { recursive: true });
  writeFileSync(join(PARTS, `${totals.suite}.json`), JSON.stringify(totals, null, 2));
  withLock(() => {
    const suites: Record<string, Omit<SuiteTotals, 'failures'> & { failures: number; summary: string }> = {};
    for (const file of readdirSync(PARTS).filter((f) => f.endsWith('.json')).sort()) {
      const part = JSON.parse(readFileSync(join(PARTS, file), 'utf8')) as SuiteTotals;
      suites[part.suite] = { ...part, failures: part.failures.length, summary: summaryLine(part) };
    }
    writeFileSync(join(DIR, 'security.json'), JSON.stringify({ generatedAt: new Date().toISOString(), suites }, null, 2));
  });
}

/** A readable list of failures for an assertion message. */
export function describeFailures(failures: Failure[], max = 80): string {
  const lines = failures.slice(0, max).map((f) => `  ${f.method} ${f.endpoint} as ${f.as} with ${f.input}: ${f.result}`);
  if (failures.length > max) lines.push(`  ... and ${failures.length - max} more (test-reports/security/*.json lists them all)`);
  return lines.join('\n');
}
