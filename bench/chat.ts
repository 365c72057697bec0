// bench/chat: one event's chat with 1,000 connected clients (issue 5). The real server process
// (NODE_ENV=production tsx server/index.ts, loopback only) on the local stack (DynamoDB Local,
// s3rver, cognito-local) in a temporary folder; every socket signs in with Amplify's cookies of a
// real local Cognito user and passes the Origin check. Two scenarios: (a) one instance with the
// in-process bus; (b) two instances sharing the event through Redis pub/sub (Debian's
// redis-server), clients and senders split half/half.
//
// Load: 1,000 receiving sockets (50 users × 20 sockets) in BENCH_CHAT_PROCESSES (2) client
// processes (bench/chat-listeners.ts), plus dedicated senders (each at most 4 messages per 10 s,
// under CHAT_SEND_LIMIT) in this process, sending 20 messages/s on a fixed schedule. Every text carries its send time; each
// receiving socket records send-to-receive latency and which messages it got (lost and duplicated
// are counted per socket). Receivers only search each frame's bytes for the marker: no JSON parse.
// Warm-up first, then BENCH_SECONDS (20) measured. Target: p99 ≤ 100 ms and nothing lost, both.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { CHAT_SEND_LIMIT, CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { startRedis, type LocalRedis } from '#local/stack/redis';
import { childNodeEnv, createLocalDatabase, quietAwsEnv, startLocalStack, type LocalStack } from '#local/stack/stack';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { BUCKETS, closeListeners, MARK, now, startListeners, type Child, type ConnectOrder, type ListenerReport } from './chat-listeners';
import { loadNow, machineLoad, reportHeadline, startProcess, stopProcess, table, waitForHttp } from './lib';
import { signedInUsers } from '#tests/support/signedInUsers';

const APP_PORTS = [3440, 3441] as const;
const DYNAMO_PORT = 3442;
const S3_PORT = 3443;
const COGNITO_PORT = 3444;
const REDIS_PORT = 3445;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const LISTENER_USERS = 50;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 20);
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
const CLIENT_PROCESSES = Math.max(1, Number(process.env.BENCH_CHAT_PROCESSES ?? 2));
/** Each sender stays at half the per-user send limit, so the limit never refuses a benchmark message. */
const PER_SENDER_PER_SECOND = CHAT_SEND_LIMIT.points / CHAT_SEND_LIMIT.seconds / 2;
const SENDERS = Math.max(40, Math.ceil(RATE / PER_SENDER_PER_SECOND));
const CONNECT_TIMEOUT_MS = 180_000;
const DRAIN_TIMEOUT_MS = 15_000;
const TARGET_P99_MS = 100;
/** BENCH_CHAT_SCENARIOS=one or =two runs one of them alone. */
const SCENARIOS = (process.env.BENCH_CHAT_SCENARIOS ?? 'one,two').split(',');


// ---------------------------------------------------------------------------------------------
// The benchmark (this process: users, event, servers, senders, figures)
// ---------------------------------------------------------------------------------------------

interface Sender {
  ws: WebSocket;
  acks: number;
  errors: Map<string, number>;
  closed: boolean;
}

function openSender(url: string, host: string, origin: string, cookie: string): Promise<Sender> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Host: host, Origin: origin, Cookie: cookie }, perMessageDeflate: false });
    const sender: Sender = { ws, acks: 0, errors: new Map(), closed: false };
    let welcomed = false;
    ws.on('message', (data: Buffer) => {
      if (!welcomed) {
        welcomed = true;
        if (data.indexOf('"type":"welcome"') === 1) resolve(sender);
        else reject(new Error(`sender's first frame: ${data.toString('utf8', 0, 200)}`));
      } else if (data.indexOf('"type":"ack"') === 1) sender.acks++;
      else if (data.indexOf('"type":"error"') === 1) {
        const code = (JSON.parse(data.toString()) as { code: string }).code;
        sender.errors.set(code, (sender.errors.get(code) ?? 0) + 1);
      }
    });
    ws.on('close', (code) => {
      if (!welcomed) reject(new Error(`sender socket closed ${code}`));
      sender.closed = true;
    });
    ws.on('error', (e) => {
      if (!welcomed) reject(e);
    });
  });
}

interface ScenarioFigures {
  scenario: string;
  sent: number;
  refused: number;
  expected: number;
  received: number;
  lost: number;
  duplicates: number;
  closed: number;
  errorFrames: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  connectSeconds: number;
  /** CPU over the measured sends, % of one core: server process(es), client processes, the bench process (senders). */
  cpu: Record<string, string>;
  /** Messages some socket did not get, for the report. */
  incomplete: number;
}

/** CPU seconds used so far by a process and all its descendants (Linux /proc; null elsewhere). */
function treeCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  const visit = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of stat(5), counted from the state field (3).
      ticks += Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return ticks / 100;
}

/** CPU of groups of processes over a window, in % of one core (bench/rooms uses it too). */
export function cpuMeter(groups: Record<string, Array<number | undefined>>) {
  const total = (pids: Array<number | undefined>) =>
    pids.reduce<number | null>((sum, pid) => {
      const used = treeCpuSeconds(pid);
      return sum === null || used === null ? null : sum + used;
    }, 0);
  const read = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, total(pids)]));
  const self = process.cpuUsage();
  const before = read();
  const began = performance.now();
  return () => {
    const seconds = (performance.now() - began) / 1000;
    const after = read();
    const used = process.cpuUsage(self);
    const percent: Record<string, string> = {};
    for (const name of Object.keys(groups)) {
      percent[name] = before[name] === null || after[name] === null ? '-' : `${Math.round(((after[name]! - before[name]!) / seconds) * 100)}`;
    }
    percent.bench = `${Math.round(((used.user + used.system) / 1e6 / seconds) * 100)}`;
    return percent;
  };
}

function percentile(histogram: Uint32Array, total: number, p: number): number {
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let b = 0; b < histogram.length; b++) {
    seen += histogram[b]!;
    if (seen >= rank) return (b + 0.5) / 10;
  }
  return Infinity;
}

async function runScenario(stack: LocalStack, label: string, instances: 1 | 2, listenerCookies: string[], senderCookies: string[], redisUrl?: string): Promise<ScenarioFigures> {
  const apps: ChildProcess[] = [];
  const children: Child[] = [];
  const senders: Sender[] = [];
  try {
    const ports = APP_PORTS.slice(0, instances);
    for (const port of ports) {
      const env = childNodeEnv({ ...stack.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
      const app = startProcess('node_modules/.bin/tsx', ['server/index.ts'], env as Record<string, string>);
      stack.watch(app.pid!);
      apps.push(app);
    }
    await Promise.all(ports.map((port) => waitForHttp(`http://127.0.0.1:${port}/api/health`, { Host: `${TENANT}.localhost:${port}` })));

    const db = createLocalDatabase(stack.env);
    const event = await createEvent(
      db,
      tenantIdOf(loadRegistry(process.cwd()).registry, TENANT),
      newEventInput({
        title: `Chat bench ${label}`,
        eventDateTime: new Date(Date.now() - 5 * 60_000).toISOString(),
        eventDuration: 120,
        eventTimeZone: 'UTC',
        eventLanguage: 'en',
      }),
      { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@bench.example', language: 'en' },
    );
    db.raw.destroy();
    const target = (i: number) => {
      const port = ports[i % ports.length]!;
      const host = `${TENANT}.localhost:${port}`;
      return { url: `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}?event=${event.eventId}`, host, origin: `http://${host}` };
    };

    const warmup = WARMUP_SECONDS * RATE;
    const total = warmup + DURATION * RATE;
    const connectStarted = performance.now();
    // Receivers: client process i talks to instance i (mod instances); users and sockets split evenly.
    const joining = Promise.all(
      Array.from({ length: CLIENT_PROCESSES }, (_, p) => {
        const child = startListeners();
        children.push(child);
        const sockets = Math.floor(CLIENTS / CLIENT_PROCESSES) + (p < CLIENTS % CLIENT_PROCESSES ? 1 : 0);
        const cookies = listenerCookies.filter((_, u) => u % CLIENT_PROCESSES === p);
        const order: ConnectOrder = { type: 'connect', ...target(p), cookies, sockets, warmup, total };
        return child.ask<{ open: number; failed: number; firstErrors: string[] }>(order, 'connected');
      }),
    );
    let joinTimer: NodeJS.Timeout | undefined;
    const connected = await Promise.race([
      joining,
      new Promise<never>((_, reject) => {
        joinTimer = setTimeout(() => reject(new Error(`the sockets did not all join within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(joinTimer));
    const failed = connected.reduce((s, c) => s + c.failed, 0);
    if (failed) throw new Error(`${failed} of ${CLIENTS} sockets did not join: ${connected.flatMap((c) => c.firstErrors).slice(0, 5).join('; ')}`);
    for (let i = 0; i < senderCookies.length; i++) {
      const t = target(i);
      senders.push(await openSender(t.url, t.host, t.origin, senderCookies[i]!));
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    // The schedule: message k leaves at start + k / RATE, from sender k mod SENDERS.
    const interval = 1000 / RATE;
    const start = performance.now() + 100;
    let k = 0;
    let stopMeter: (() => Record<string, string>) | undefined;
    let firstMeasuredSend = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        while (k < total && start + k * interval <= performance.now()) {
          const sentAt = now();
          if (k === warmup) {
            firstMeasuredSend = sentAt;
            stopMeter = cpuMeter({ server: apps.map((a) => a.pid), clients: children.map((c) => c.process.pid) });
          }
          senders[k % senders.length]!.ws.send(
            JSON.stringify({ type: 'send', clientId: `bench-${k}`, textMessage: `${MARK}${k}#${sentAt.toFixed(3)}#` }),
          );
          k++;
        }
        if (k >= total) resolve();
        else setTimeout(tick, Math.max(0, start + k * interval - performance.now()));
      };
      tick();
    });
    const cpu = stopMeter!();
    const measured = total - warmup;
    const expected = measured * CLIENTS;

    // Drain: until every socket has every message, or the drain time is up.
    const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
    for (;;) {
      const reports = await Promise.all(children.map((c) => c.ask<ListenerReport>({ type: 'report' }, 'report')));
      if (reports.reduce((s, r) => s + r.received, 0) >= expected || performance.now() > drainUntil) break;
      await sleep(250);
    }
    const finals = await Promise.all(children.map((c) => c.ask<ListenerReport & { firstErrors: string[] }>({ type: 'final' }, 'report')));

    const histogram = new Uint32Array(BUCKETS);
    for (const f of finals) for (const [b, n] of f.histogram!) histogram[b]! += n;
    const received = finals.reduce((s, r) => s + r.received, 0);
    const lastReceive = Math.max(...finals.map((f) => f.lastReceive));
    const perMessage = Array.from({ length: measured }, (_, m) => finals.reduce((s, f) => s + f.perMessage![m]!, 0));
    const refused = senders.reduce((s, x) => s + [...x.errors.values()].reduce((a, b) => a + b, 0), 0);
    const problems = [...new Set(finals.flatMap((f) => f.firstErrors))].slice(0, 5);
    if (problems.length) console.log(`  ${label}: ${problems.join('\n  ')}`);
    for (const s of senders) for (const [code, n] of s.errors) console.log(`  ${label}: sender error ${code} × ${n}`);
    const acked = senders.reduce((s, x) => s + x.acks, 0);
    if (acked + refused < total) console.log(`  ${label}: ${total - acked - refused} of ${total} sends got neither an ack nor an error`);
    return {
      scenario: label,
      sent: measured,
      refused,
      expected,
      received,
      lost: expected - received,
      duplicates: finals.reduce((s, r) => s + r.duplicates, 0),
      closed: finals.reduce((s, r) => s + r.closed, 0) + senders.filter((s) => s.closed).length,
      errorFrames: finals.reduce((s, r) => s + r.errorFrames, 0),
      deliveriesPerSecond: Math.round(received / ((lastReceive - firstMeasuredSend) / 1000)),
      p50: percentile(histogram, received, 50),
      p99: percentile(histogram, received, 99),
      max: Math.max(...finals.map((f) => f.maxLatency)),
      connectSeconds,
      cpu,
      incomplete: perMessage.filter((n) => n < CLIENTS).length,
    };
  } finally {
    for (const s of senders) s.ws.removeAllListeners('close').terminate();
    await Promise.all(children.map(closeListeners));
    await Promise.all(apps.map(stopProcess));
  }
}

export async function benchChat(): Promise<boolean> {
  Object.assign(process.env, quietAwsEnv());
  const loadBefore = loadNow();
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  if (CLIENTS % LISTENER_USERS !== 0) throw new Error(`BENCH_CHAT_CLIENTS must be a multiple of ${LISTENER_USERS}`);
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const dir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
  let stack: LocalStack | undefined;
  let redis: LocalRedis | undefined;
  try {
    stack = await startLocalStack({
      dataDir: dir,
      dynamoPort: DYNAMO_PORT,
      s3Port: S3_PORT,
      cognitoPort: COGNITO_PORT,
      tenantIds: [...registry.tenants.keys()],
      persist: false,
      appPort: APP_PORTS[0],
    });
    stack.removeFolderIfOrphaned(dir);
    redis = await startRedis({ port: REDIS_PORT, dir });
    stack.watch(redis.pid);

    const t0 = performance.now();
    const listenerCookies = await signedInUsers(stack, TENANT, LISTENER_USERS, 'reader');
    const senderCookies = await signedInUsers(stack, TENANT, SENDERS, 'sender');
    const usersSeconds = (performance.now() - t0) / 1000;

    const results: ScenarioFigures[] = [];
    if (SCENARIOS.includes('one')) results.push(await runScenario(stack, 'one instance, in-process bus', 1, listenerCookies, senderCookies));
    if (SCENARIOS.includes('two')) results.push(await runScenario(stack, 'two instances, Redis pub/sub', 2, listenerCookies, senderCookies, redis.url));

    console.log(
      `\nbench/chat: ${TENANT}, one event, ${CLIENTS} receiving sockets (${LISTENER_USERS} users × ${CLIENTS / LISTENER_USERS}) in ${CLIENT_PROCESSES} client processes + ${SENDERS} sender sockets in the bench process,` +
        ` ${RATE} messages/s (${RATE * CLIENTS} deliveries/s expected), ${WARMUP_SECONDS} s warm-up + ${DURATION} s measured; ${LISTENER_USERS + SENDERS} local Cognito users signed in in ${usersSeconds.toFixed(1)} s.` +
        `\nAll on this machine (${cpus().length} cores): server(s), DynamoDB Local, redis-server and the clients share it; latency = send (bench process) to receipt (client process), both clocks the same.` +
        `\nMachine: ${machineLoad(loadBefore).text}.`,
    );
    console.log(
      table(
        results.map((r) => ({
          scenario: r.scenario,
          'join s': r.connectSeconds.toFixed(1),
          'msgs sent': r.sent,
          refused: r.refused,
          'deliveries/s': r.deliveriesPerSecond,
          'p50 ms': r.p50.toFixed(1),
          'p99 ms': r.p99.toFixed(1),
          'max ms': r.max.toFixed(1),
          lost: r.lost,
          dup: r.duplicates,
          'closed sockets': r.closed,
          'CPU % server/clients/bench': `${r.cpu.server}/${r.cpu.clients}/${r.cpu.bench}`,
        })),
      ),
    );
    const ok = results.length > 0 && results.every((r) => r.p99 <= TARGET_P99_MS && r.lost === 0 && r.duplicates === 0 && r.refused === 0 && r.closed === 0);
    for (const r of results) {
      if (r.lost) console.log(`${r.scenario}: ${r.lost} of ${r.expected} deliveries missing (${r.incomplete} of ${r.sent} messages not at every socket)`);
    }
    console.log(`\ntarget: ${CLIENTS} clients, ${RATE} messages/s: p99 send-to-receive ≤ ${TARGET_P99_MS} ms and nothing lost, on one instance and on two: ${ok ? 'met' : 'MISSED'}`);
    reportHeadline({ target: `${CLIENTS} clients, ${RATE} messages/s: p99 ≤ ${TARGET_P99_MS} ms, nothing lost`, figure: results.map((r) => `${r.scenario}: p99 ${r.p99.toFixed(1)} ms, lost ${r.lost}`).join('; '), met: ok });
    return ok;
  } finally {
    await redis?.stop();
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
