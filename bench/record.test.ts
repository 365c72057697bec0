import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportHeadline, type BenchResult } from './lib';
import { README_END, README_START, readmeSection, rewriteReadme } from './readme';
import { readResults, runRecorded, saveResults, summaryTable, verdictOf } from './record';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-record-'));
  dirs.push(dir);
  return join(dir, 'results', 'last.json');
};

const result = (over: Partial<BenchResult>): BenchResult => ({
  name: 'checkout',
  target: '≥ 20 orders/s',
  figure: '21.0 orders/s',
  met: true,
  at: '2026-12-01T01:00:00.000Z',
  cores: 2,
  loadBefore: 0.5,
  loadDuring: { mean: 1.2, max: 1.9 },
  record: true,
  seconds: 30,
  source: 'reported',
  ...over,
});

describe('benchmark result records', () => {
  it('takes a benchmark’s reported headline, its load and whether it counts', async () => {
    const r = await runRecorded('demo', async () => {
      reportHeadline({ target: '≥ 20 orders/s', figure: '25.0 orders/s', met: true });
      reportHeadline({ target: 'oversold 0', figure: 'oversold 0', met: true });
      return true;
    });
    expect(r).toMatchObject({ name: 'demo', target: '≥ 20 orders/s; oversold 0', figure: '25.0 orders/s; oversold 0', met: true, source: 'reported' });
    expect(r.record).toBe(r.loadBefore < 1.5);
    expect(r.loadDuring.max).toBeGreaterThanOrEqual(r.loadDuring.mean);
  });

  it('is missed when the benchmark says so, whatever its headlines, and when it throws', async () => {
    const missed = await runRecorded('demo', async () => {
      reportHeadline({ target: 't', figure: 'f', met: true });
      return false;
    });
    expect(missed.met).toBe(false);
    const thrown = await runRecorded('demo', async () => {
      throw new Error('the stack did not start');
    });
    expect(thrown).toMatchObject({ met: false, figure: 'failed: Error: the stack did not start' });
  });

  it('falls back on the verdict lines a benchmark printed when it reported no headline', async () => {
    const r = await runRecorded('legacy', async () => {
      console.log('| table | met |');
      console.log('some detail');
      console.log('target: /liveEvents p99 ≤ 50 ms at concurrency 10: 12 ms met');
      return true;
    });
    expect(r).toMatchObject({ source: 'verdict', met: true, figure: 'target: /liveEvents p99 ≤ 50 ms at concurrency 10: 12 ms met' });
    expect(verdictOf('nothing to say', false)).toMatchObject({ figure: '(no verdict line printed)', met: false });
  });

  it('keeps each benchmark’s last figure of record when a later run does not count', () => {
    const file = tempFile();
    saveResults([result({ figure: '21.0 orders/s' })], file);
    saveResults([result({ figure: '12.0 orders/s', met: false, record: false, loadBefore: 6 })], file);
    const saved = readResults(file).results.checkout!;
    expect(saved.last.figure).toBe('12.0 orders/s');
    expect(saved.lastRecord?.figure).toBe('21.0 orders/s');
    expect(summaryTable([saved.last])).toContain('not a figure of record');
  });
});

describe('the README’s benchmark table', () => {
  const results = {
    updated: '2026-12-01T01:30:00.000Z',
    results: {
      checkout: { last: result({ figure: '12 | 13', record: false, loadBefore: 4 }) },
      join: { last: result({ name: 'join', target: 'p99 ≤ 3 s', figure: 'p99 0.4 s', record: false, loadBefore: 3 }), lastRecord: result({ name: 'join', target: 'p99 ≤ 3 s', figure: 'p99 0.2 s' }) },
    },
  };

  it('shows the figure of record, else the last run marked as none, and names what was never measured', () => {
    const section = readmeSection(results, ['checkout', 'join', 'rooms']);
    expect(section).toContain('| join | p99 ≤ 3 s | p99 0.2 s | met | 0.50 / 1.20 / 1.90 | 2026-12-01, 2 cores: figure of record |');
    expect(section).toContain('| checkout | ≥ 20 orders/s | 12 \\| 13 | met | 4.00 / 1.20 / 1.90 | 2026-12-01, 2 cores: not a figure of record |');
    expect(section).toContain('| rooms | | not measured yet | | | |');
  });

  it('replaces only what lies between the markers', () => {
    const readme = `# Title\n\nbefore\n${README_START}\nold table\n${README_END}\nafter\n`;
    const next = rewriteReadme(readme, readmeSection(results, ['checkout']));
    expect(next.startsWith('# Title\n\nbefore\n')).toBe(true);
    expect(next.endsWith(`${README_END}\nafter\n`)).toBe(true);
    expect(next).not.toContain('old table');
    expect(() => rewriteReadme('# no markers', 'x')).toThrow(/no benchmark section/);
  });

  it('has its markers in the README', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    expect(readme.indexOf(README_START)).toBeGreaterThan(0);
    expect(readme.indexOf(README_END)).toBeGreaterThan(readme.indexOf(README_START));
  });
});
