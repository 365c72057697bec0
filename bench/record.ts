/**
 * The result record of each benchmark run by bench/run.ts: its headline (what it reported with
 * reportHeadline, else its own printed verdict lines), the machine's load before and during the
 * run, and whether the run is a figure of record. Results are kept in bench/results/last.json,
 * per benchmark the last run and the last figure of record, which bench/readme.ts turns into the
 * README's table.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { format } from 'node:util';
import { RECORD_LOAD_BELOW, recordVerdict, table, takeHeadlines, type BenchResult, type Headline } from './lib';

export const RESULTS_FILE = join(process.cwd(), 'bench', 'results', 'last.json');

export interface ResultsFile {
  updated: string;
  results: Record<string, { last: BenchResult; lastRecord?: BenchResult }>;
}

/** Lines a benchmark prints to say whether its targets were met ("… met", "… MISSED"). */
const VERDICT = /\b(met|MISSED)\b/;
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The last verdict lines of a benchmark's output, as its headline when it reported none. */
export function verdictOf(output: string, ok: boolean): Headline {
  const lines = output
    .replace(ANSI_COLOURS, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => VERDICT.test(l) && !l.startsWith('|'))
    .map((l) => l.replace(/\s{2,}/g, ' '));
  const figure = lines.slice(-3).map((l) => (l.length > 220 ? `${l.slice(0, 219)}…` : l)).join('; ');
  return { target: '(in its verdict)', figure: figure || '(no verdict line printed)', met: ok };
}

/** Copies what a benchmark prints with console.log / console.info while it runs (still printed). */
function captureConsole(): () => string {
  const { log, info } = console;
  let text = '';
  const tee =
    (print: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      text += `${format(...args)}\n`;
      print(...args);
    };
  console.log = tee(log);
  console.info = tee(info);
  return () => {
    console.log = log;
    console.info = info;
    return text;
  };
}

/** Samples the 1-minute load average every 2 s until stopped. */
function sampleLoad(): () => { mean: number; max: number } {
  const samples = [loadavg()[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 2000);
  timer.unref();
  return () => {
    clearInterval(timer);
    samples.push(loadavg()[0]!);
    return { mean: samples.reduce((a, b) => a + b, 0) / samples.length, max: Math.max(...samples) };
  };
}

/** Runs one benchmark and answers its result record; the benchmark's boolean still decides `met`. */
export async function runRecorded(name: string, run: () => Promise<boolean>): Promise<BenchResult> {
  takeHeadlines(); // nothing left over from an earlier benchmark
  const at = new Date();
  const loadBefore = loadavg()[0]!;
  console.log(`\n== bench ${name}: ${recordVerdict(loadBefore)}`);
  const stopLoad = sampleLoad();
  const stopCapture = captureConsole();
  let ok = false;
  let failure: string | null = null;
  try {
    ok = await run();
  } catch (e) {
    failure = (e as Error).stack ?? String(e);
  }
  const output = stopCapture();
  const loadDuring = stopLoad();
  if (failure) process.stderr.write(`bench ${name} failed: ${failure}\n`);
  const reported = takeHeadlines();
  const headline: Headline = failure
    ? { target: reported.map((h) => h.target).join('; ') || '(in its verdict)', figure: `failed: ${failure.split('\n')[0]}`, met: false }
    : reported.length
      ? { target: reported.map((h) => h.target).join('; '), figure: reported.map((h) => h.figure).join('; '), met: ok && reported.every((h) => h.met) }
      : verdictOf(output, ok);
  const result: BenchResult = {
    name,
    ...headline,
    at: at.toISOString(),
    cores: cpus().length,
    loadBefore,
    loadDuring,
    record: loadBefore < RECORD_LOAD_BELOW,
    seconds: (Date.now() - at.getTime()) / 1000,
    source: reported.length && !failure ? 'reported' : 'verdict',
  };
  console.log(`== bench ${name}: ${result.met ? 'met' : 'MISSED'}; ${result.record ? 'a figure of record' : 'not a figure of record'}; load average ${loadBefore.toFixed(2)} before, ${loadDuring.mean.toFixed(2)} on average and ${loadDuring.max.toFixed(2)} at most during the run`);
  return result;
}

export function readResults(file = RESULTS_FILE): ResultsFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
  } catch {
    return { updated: new Date(0).toISOString(), results: {} };
  }
}

/** Adds this run's records to the results file: each benchmark's last run, and its last figure of record. */
export function saveResults(records: BenchResult[], file = RESULTS_FILE): ResultsFile {
  const saved = readResults(file);
  for (const r of records) {
    const before = saved.results[r.name];
    saved.results[r.name] = { last: r, ...(r.record ? { lastRecord: r } : before?.lastRecord ? { lastRecord: before.lastRecord } : {}) };
  }
  saved.updated = new Date().toISOString();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(saved, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return saved;
}

const load = (r: BenchResult) => `${r.loadBefore.toFixed(2)} / ${r.loadDuring.mean.toFixed(2)} / ${r.loadDuring.max.toFixed(2)}`;

/** The summary printed after the benchmarks: one row per benchmark run. */
export function summaryTable(records: BenchResult[]): string {
  return table(
    records.map((r) => ({
      benchmark: r.name,
      target: r.target,
      figure: r.figure.length > 90 ? `${r.figure.slice(0, 89)}…` : r.figure,
      met: r.met ? 'met' : 'MISSED',
      'load before / during (mean / max)': load(r),
      'figure of record': r.record ? 'yes' : 'not a figure of record',
    })),
  );
}
