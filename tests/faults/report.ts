/**
 * The fault table (printed, and test-reports/faults.json for the README's figures) and the
 * suite's one summary line, which scripts/test.mjs repeats before its closing line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FaultResult } from './scenario';

export const REPORT_FILE = 'test-reports/faults.json';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

const errorsText = (errors: Record<string, number>) =>
  Object.entries(errors)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ') || 'none';

export function faultTable(results: FaultResult[]): string {
  return table([
    ['fault', 'requests during fault', 'errors shown (by kind)', 'accepted writes', 'lost writes', 'duplicates', 'recovery', 'result'],
    ...results.map((r) => [
      r.fault,
      String(r.requestsDuringFault),
      errorsText(r.errors),
      String(r.accepted),
      String(r.lost),
      String(r.duplicates),
      r.recoverySeconds === null ? '> 30 s' : `${r.recoverySeconds.toFixed(1)} s`,
      r.failures.length ? 'FAILED' : 'ok',
    ]),
  ]);
}

export function summaryLine(results: FaultResult[], seconds: number): string {
  const faults = results.filter((r) => r.fault !== 'none (warm-up)');
  const failed = faults.filter((r) => r.failures.length).length;
  const warmUp = results.length - faults.length ? ', refusals before any fault' : '';
  const lost = results.reduce((n, r) => n + r.lost, 0);
  const duplicates = results.reduce((n, r) => n + r.duplicates, 0);
  return `[faults] ${faults.length} faults, ${faults.length - failed} recovered cleanly, ${failed} failed${warmUp}; ${lost} lost writes, ${duplicates} duplicates (${seconds.toFixed(0)} s)`;
}

export function writeReport(results: FaultResult[], seconds: number, setupError?: string): void {
  mkdirSync('test-reports', { recursive: true });
  writeFileSync(
    REPORT_FILE,
    JSON.stringify({ generatedAt: new Date().toISOString(), seconds: Math.round(seconds), summary: summaryLine(results, seconds), ...(setupError ? { setupError } : {}), faults: results }, null, 2),
  );
}
