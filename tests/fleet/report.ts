/**
 * The fleet's checks: what was measured against its target, printed as one table. A `figure` is
 * reported, not held by the test: a performance target (the benchmark, `npm run bench -- fleet`,
 * holds it: timing targets are a benchmark's, never a test's, on a machine others share) or a
 * known open defect, named where the check is made.
 */
export interface Check {
  what: string;
  target: string;
  measured: string;
  met: boolean;
  figure?: boolean;
}

export function checkTable(checks: Check[]): string {
  const rows = checks.map((c) => [c.what, c.target, c.measured, c.met ? 'met' : c.figure ? 'missed (reported, not held)' : 'MISSED']);
  const header = ['check', 'target', 'measured', ''];
  const width = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i]!)).join('  ').trimEnd();
  return [line(header), line(width.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
