import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { newLivekitKeyPair } from '#local/stack/livekitKeys';

export interface LoadFigures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Bounded load on loopback only: fixed connections and duration. */
export async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  request: { method?: string; body?: string } = {},
): Promise<LoadFigures> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`benchmarks only target loopback, not ${url}`);
  const result = await autocannon({ url, headers, connections, duration, ...request });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Production refuses LiveKit's public --dev pair: bench servers share a throwaway pair of their own. */
/** The LiveKit key pair a bench's production app runs with (production refuses the public development pair). */
export const BENCH_LIVEKIT_PAIR = newLivekitKeyPair();

export function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const own = env.LIVEKIT_API_KEY ?? process.env.LIVEKIT_API_KEY;
  const livekit = env.NODE_ENV === 'production' && !own ? { LIVEKIT_API_KEY: BENCH_LIVEKIT_PAIR.apiKey, LIVEKIT_API_SECRET: BENCH_LIVEKIT_PAIR.apiSecret } : {};
  const child = spawn(command, args, { env: { ...process.env, ...livekit, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  child.on('exit', (code, signal) => {
    // 143 = ended by our SIGTERM (stopProcess); anything else is a failure worth showing.
    if (code && code !== 143 && !signal) process.stderr.write(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}\n`);
  });
  return child;
}

export async function waitForHttp(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await httpGet(url, headers);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export function table(rows: Array<Record<string, string | number>>): string {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(width[i])).join('  ');
  return [line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join('\n');
}

/**
 * GET over node:http. Node's fetch ignores a custom Host header, which tenant resolution needs,
 * and Node cannot resolve <slug>.localhost, so requests go to 127.0.0.1 with an explicit Host.
 */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The 1-minute load average now: a bench takes it before it starts, for machineLoad. */
export const loadNow = (): number => loadavg()[0]!;

/**
 * How loaded the machine was while a bench ran, said the same way by every bench: the 1-minute load
 * average before and after, and whether other work was running (above half the cores), when the
 * figures are not those of a quiet machine.
 */
export function machineLoad(before: number, after = loadNow()): { busy: boolean; text: string } {
  const busy = Math.max(before, after) > cpus().length / 2;
  return {
    busy,
    text: `load average (1 min) ${before.toFixed(2)} before, ${after.toFixed(2)} after on ${cpus().length} cores${busy ? ' — other work was running: these figures are not representative of a quiet machine' : ' (quiet)'}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Figures of record: one result record per benchmark (bench/run.ts keeps them, prints the summary
// and writes bench/results/last.json; bench/readme.ts turns that file into the README's table).
// ---------------------------------------------------------------------------------------------

/** A run counts as a figure of record when the 1-minute load average was under this before it started. */
export const RECORD_LOAD_BELOW = 1.5;

/** What a benchmark says it reached, against what it aims for. */
export interface Headline {
  /** The target in words, e.g. "≥ 20 orders/s, oversold 0". */
  target: string;
  /** The figure measured, e.g. "23.4 orders/s, oversold 0". */
  figure: string;
  met: boolean;
}

/** One benchmark's result, the same record for every benchmark. */
export interface BenchResult extends Headline {
  name: string;
  /** When the run started (ISO). */
  at: string;
  cores: number;
  /** The 1-minute load average before the benchmark started. */
  loadBefore: number;
  /** The 1-minute load average sampled while it ran (its own processes included). */
  loadDuring: { mean: number; max: number };
  /** Whether the run counts: load average under RECORD_LOAD_BELOW before it started. */
  record: boolean;
  seconds: number;
  /** "reported": the benchmark called reportHeadline; "verdict": taken from its printed verdict lines. */
  source: 'reported' | 'verdict';
}

const headlines: Headline[] = [];

/**
 * A benchmark's headline figure and target, for the summary and the results file. A benchmark
 * may call it more than once (several targets); they are joined in one record.
 */
export function reportHeadline(headline: Headline): void {
  headlines.push(headline);
}

/** The headlines reported since the last call (bench/run.ts takes them after each benchmark). */
export function takeHeadlines(): Headline[] {
  return headlines.splice(0);
}

/** Whether a run that starts at this load counts, in the words every benchmark prints. */
export const recordVerdict = (loadBefore: number): string =>
  loadBefore < RECORD_LOAD_BELOW ? `a figure of record (load average ${loadBefore.toFixed(2)} before, under ${RECORD_LOAD_BELOW})` : `not a figure of record (load average ${loadBefore.toFixed(2)} before, not under ${RECORD_LOAD_BELOW})`;
