/**
 * The fleet's checks: what was measured against its target, printed as one table. A `figure` is a
 * performance target: the test prints it, the benchmark (`npm run bench -- fleet`) holds it
 * (timing targets are a benchmark's, never a test's, on a machine others share).
 */
export interface Check {
  what: string;
  target: string;
  measured: string;
  met: boolean;
  figure?: boolean;
}

export function checkTable(checks: Check[]): string {
  const rows = checks.map((c) => [c.what, c.target, c.measured, c.met ? 'met' : c.figure ? 'missed (benchmark figure)' : 'MISSED']);
  const header = ['check', 'target', 'measured', ''];
  const width = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i]!)).join('  ').trimEnd();
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
