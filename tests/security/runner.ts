/**
 * Runs HTTP jobs over a few keep-alive connections with a deadline each. After every answer that
 * leaves the connection open, a cheap probe (GET /favicon.ico, a 302) goes down the same
 * connection: a request whose body the server never read must not stall the one behind it.
 */
import { HttpConnection, type Outcome, type RawRequest, type RawResponse } from './http';
import type { Failure } from './report';

export interface Job {
  endpoint: string;
  as: string;
  input: string;
  request: RawRequest;
  /** Extra check of the answer (the matrix: status and leaks); null when it passes. */
  check?: (response: RawResponse) => Problem | null;
}

export interface Problem {
  kind: 'leaks' | 'other';
  text: string;
}

export interface RunResult {
  requests: number;
  serverErrors: number;
  hung: number;
  leaks: number;
  other: number;
  failures: Failure[];
}

export interface RunOptions {
  port: number;
  /** Host header of the keep-alive probe. */
  probeHost: string;
  concurrency?: number;
  /** Deadline of each request (default 10 s). */
  timeoutMs?: number;
  /** First deadline of the keep-alive probe, which the server answers at once when nothing stalls (default 1 s). */
  probeTimeoutMs?: number;
}

const snippet = (body: Buffer) => body.toString('utf8').replace(/\s+/g, ' ').slice(0, 160);

export function emptyResult(): RunResult {
  return { requests: 0, serverErrors: 0, hung: 0, leaks: 0, other: 0, failures: [] };
}

export function addResult(into: RunResult, more: RunResult): RunResult {
  into.requests += more.requests;
  into.serverErrors += more.serverErrors;
  into.hung += more.hung;
  into.leaks += more.leaks;
  into.other += more.other;
  into.failures.push(...more.failures);
  return into;
}

export async function runJobs(jobs: Job[], options: RunOptions): Promise<RunResult> {
  const { port, probeHost } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1000;
  const result = emptyResult();
  const probe: RawRequest = { method: 'GET', target: '/favicon.ico', headers: [['Host', probeHost]] };
  let next = 0;

  const fail = (job: Job, kind: 'serverErrors' | 'hung' | 'leaks' | 'other', text: string) => {
    result[kind]++;
    result.failures.push({ endpoint: job.endpoint, method: job.request.method, as: job.as, input: job.input, result: text });
  };

  /**
   * The keep-alive check. A probe that is slow to answer is told apart from a stalled connection
   * by a second probe on a fresh connection: if that one is answered while the first still is
   * not, the first connection is stuck behind the request before it.
   */
  async function stalledAfter(conn: HttpConnection): Promise<{ kind: 'hung' | 'other'; text: string } | null> {
    const first = await conn.send(probe, probeTimeoutMs, { keepIfHung: true });
    if (first.kind === 'response') return first.response.status === 302 ? null : { kind: 'other', text: `the keep-alive request after it answered ${first.response.status}` };
    if (first.kind === 'closed') return { kind: 'other', text: `the keep-alive request after it was dropped (${first.error})` };
    const fresh = new HttpConnection(port);
    const control = await fresh.send(probe, timeoutMs);
    fresh.close();
    const late = await conn.receive(1000);
    if (late.kind === 'response') return null;
    if (control.kind !== 'response') return { kind: 'hung', text: 'the server stopped answering (a fresh connection hung too)' };
    return { kind: 'hung', text: 'the keep-alive request after it hung (a fresh connection was answered)' };
  }

  async function worker() {
    const conn = new HttpConnection(port);
    try {
      for (;;) {
        const job = jobs[next++];
        if (!job) return;
        result.requests++;
        const outcome: Outcome = await conn.send(job.request, timeoutMs);
        if (outcome.kind === 'hung') {
          fail(job, 'hung', `no answer within ${timeoutMs / 1000} s`);
          continue;
        }
        if (outcome.kind === 'closed') {
          fail(job, 'other', `connection dropped (${outcome.error})`);
          continue;
        }
        const { response } = outcome;
        if (response.status >= 500) fail(job, 'serverErrors', `${response.status}: ${snippet(response.body)}`);
        // Checked on error answers too: an error page must not leak either.
        const problem = job.check?.(response);
        if (problem) fail(job, problem.kind, problem.text);
        if (!outcome.keepAlive || response.status === 101) {
          conn.close();
          continue;
        }
        const stalled = await stalledAfter(conn);
        if (stalled) {
          fail(job, stalled.kind, stalled.text);
          conn.close();
        }
      }
    } finally {
      conn.close();
    }
  }

  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, () => worker()));
  return result;
}
