// bench/join: the join storm (issue 12). When an event starts its audience arrives at once: here
// BENCH_JOIN_USERS (1,000) distinct signed-in members of one tenant join one live event on one app
// instance (NODE_ENV=production tsx server/index.ts, render cache on, loopback only) on the local
// stack (DynamoDB Local, s3rver, cognito-local) in a temporary folder. A join is what the room's
// browser does: the room page (the shared shell), then together the person's data (the room
// loader's data request, which carries the LiveKit token; docs/decisions/0024) and the chat socket
// up to its welcome (the history snapshot: BENCH_JOIN_HISTORY (40) messages are sent first). Arrivals
// are spread evenly over BENCH_JOIN_RAMP_SECONDS (default 5 s, 200 a second: an audience that
// arrives "within the same minute" compressed twelvefold); all must have joined within 10 s of the
// first arrival. Each joiner has its own connections, like a browser.
//
// Also measured in the same run, at concurrency 50 for BENCH_SECONDS (10) each: the signed-in room
// page, the token route and the cached anonymous home page; joins/s = 1/(1/page + 1/token).
// Targets: all joined within 10 s, p99 join ≤ 3 s, no errors; room page ≤ 40 KB of HTML; room page
// ≥ 0.10× the cached home page's requests/s; joins/s ≥ 140 (LiveKit Meet's static room page plus
// its token route on this machine).
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { createLocalDatabase, quietAwsEnv } from '#local/stack/stack';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { withBenchStack } from './app-stack';
import { load, loadNow, machineLoad, table, waitForHttp, type LoadFigures } from './lib';
import { signedInUsers } from './users';

const APP_PORT = 3450;
const DYNAMO_PORT = 3451;
const S3_PORT = 3452;
const COGNITO_PORT = 3453;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const LAYOUT = process.env.BENCH_JOIN_LAYOUT ?? 'liveEventsContainer';
const USERS = Number(process.env.BENCH_JOIN_USERS ?? 1000);
const RAMP_SECONDS = Number(process.env.BENCH_JOIN_RAMP_SECONDS ?? 5);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const HISTORY = Number(process.env.BENCH_JOIN_HISTORY ?? 40);
const CONNECTIONS = 50;
const JOIN_TIMEOUT_MS = 30_000;
/**
 * What the room shell fetches for the person once it runs (docs/decisions/0024): Remix's data
 * request for the room route (whose id is its path): the user, the room and the first video token.
 * The root's data is not asked again in a room.
 */
const personDataPath = (eventId: string) => `/${LAYOUT}?event=${eventId}&_data=${LAYOUT}`;

const TARGETS = { allWithinSeconds: 10, p99Ms: 3000, pageBytes: 40 * 1024, pageToHome: 0.1, joinsPerSecond: 140 };

const origin = `http://127.0.0.1:${APP_PORT}`;
const hostName = `${TENANT}.localhost:${APP_PORT}`;

interface Answer {
  status: number;
  body: Buffer;
}

/** Browsers accept compressed answers; so do the joiners and the loads here. */
const BROWSER = { 'Accept-Encoding': 'gzip' };

function request(agent: http.Agent, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(origin + path, { method, agent, headers: { Host: hostName, ...BROWSER, ...headers }, timeout: JOIN_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The chat socket up to its welcome frame (which carries the history snapshot); closed afterwards by the caller. */
function chatWelcome(eventId: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${APP_PORT}${CHAT_SOCKET_PATH}?event=${eventId}`, {
      headers: { Host: hostName, Origin: `http://${hostName}`, Cookie: cookie },
      perMessageDeflate: false,
      handshakeTimeout: JOIN_TIMEOUT_MS,
    });
    ws.once('message', (data: Buffer) => {
      if (data.indexOf('"type":"welcome"') === 1) resolve(ws);
      else reject(new Error(`first chat frame: ${data.toString('utf8', 0, 120)}`));
    });
    ws.once('close', (code) => reject(new Error(`chat socket closed ${code}`)));
    ws.once('error', reject);
  });
}

/** The event's chat history: one message from each of the first `count` people (under the send limit). */
async function seedHistory(eventId: string, cookies: string[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const ws = await chatWelcome(eventId, cookies[i % cookies.length]!);
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        if (data.indexOf('"type":"ack"') === 1) resolve();
        else if (data.indexOf('"type":"error"') === 1) reject(new Error(`history message refused: ${data.toString('utf8', 0, 200)}`));
      });
      ws.send(JSON.stringify({ type: 'send', clientId: `history-${i}`, textMessage: `Hello from the audience, message ${i + 1}: when does it start?` }));
    });
    ws.close();
  }
}

interface Join {
  ms: number;
  error: string | null;
  socket?: WebSocket;
  /** How long each step took (ms), to show where a join waits. */
  steps: Record<string, number>;
}

const STEPS = ['page', 'room data', 'chat welcome'] as const;

/** The promise's value, with its duration written to steps[name]. */
async function timed<T>(steps: Record<string, number>, name: (typeof STEPS)[number], work: Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    return await work;
  } catch (e) {
    // Name the step, so the report says where joins fail.
    throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    steps[name] = performance.now() - began;
  }
}

/** One person joining: page, then the person's data (with the token) and chat welcome together (what the room does). */
async function joinOnce(eventId: string, cookie: string): Promise<Join> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const began = performance.now();
  const steps: Record<string, number> = {};
  const headers = { Cookie: cookie, Accept: 'text/html' };
  try {
    const page = await timed(steps, 'page', request(agent, 'GET', `/${LAYOUT}?event=${eventId}`, headers));
    if (page.status !== 200) return { ms: performance.now() - began, error: `page ${page.status}`, steps };
    const json = { Cookie: cookie, Accept: 'application/json' };
    const [data, socket] = await Promise.all([timed(steps, 'room data', request(agent, 'GET', personDataPath(eventId), json)), timed(steps, 'chat welcome', chatWelcome(eventId, cookie))]);
    const ms = performance.now() - began;
    if (data.status !== 200) return { ms, error: `person's data ${data.status}`, socket, steps };
    const session = (JSON.parse(data.body.toString('utf8')) as { session?: { token?: string } | null }).session;
    if (!session?.token) return { ms, error: 'no token in the room data', socket, steps };
    return { ms, error: null, socket, steps };
  } catch (e) {
    return { ms: performance.now() - began, error: e instanceof Error ? e.message : String(e), steps };
  } finally {
    agent.destroy();
  }
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/**
 * CPU time (ms, user + system) the app has used so far: the process and its descendants (the tsx
 * launcher runs node as a child), from /proc. NaN where /proc is not there.
 */
function appCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ticks = Number(fields[11]) + Number(fields[12]);
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) ticks += (appCpuMs(Number(task)) * CLOCK_TICKS) / 1000;
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function storm(eventId: string, cookies: string[]) {
  const gap = (RAMP_SECONDS * 1000) / cookies.length;
  const began = performance.now();
  const joins = await Promise.all(
    cookies.map(async (cookie, i) => {
      await sleep(i * gap);
      return joinOnce(eventId, cookie);
    }),
  );
  const wallSeconds = (performance.now() - began) / 1000;
  for (const j of joins) j.socket?.terminate();
  const ok = joins.filter((j) => !j.error).map((j) => j.ms).sort((a, b) => a - b);
  const errors = new Map<string, number>();
  for (const j of joins) if (j.error) errors.set(j.error, (errors.get(j.error) ?? 0) + 1);
  const steps = STEPS.map((step) => {
    const times = joins.filter((j) => !j.error).map((j) => j.steps[step] ?? NaN).sort((a, b) => a - b);
    return { step, p50: percentile(times, 50), p99: percentile(times, 99) };
  });
  return { wallSeconds, joined: ok.length, p50: percentile(ok, 50), p99: percentile(ok, 99), max: ok.at(-1) ?? NaN, errors, steps };
}

export async function benchJoin(): Promise<boolean> {
  Object.assign(process.env, quietAwsEnv());
  const loadBefore = loadNow();
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const ports = { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, cognitoPort: COGNITO_PORT, tenantIds: [...registry.tenants.keys()], appPort: APP_PORT };
  return withBenchStack('join', ports, async ({ stack, startApp }) => {
    const app = startApp();
    await waitForHttp(`${origin}/api/health`, { Host: hostName });

    const t0 = performance.now();
    const cookies = await signedInUsers(stack, TENANT, USERS, 'joiner');
    const usersSeconds = (performance.now() - t0) / 1000;
    const db = createLocalDatabase(stack.env);
    const event = await createEvent(
      db,
      tenantIdOf(registry, TENANT),
      newEventInput({ title: 'Join storm', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en', layout: LAYOUT as never }),
      { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@bench.example', language: 'en' },
    );
    db.raw.destroy();
    await seedHistory(event.eventId, cookies, Math.min(HISTORY, cookies.length * 8));

    // The page every joiner gets: its HTML bytes, checked to be the room.
    const roomPath = `/${LAYOUT}?event=${event.eventId}`;
    const probeAgent = new http.Agent();
    const page = await request(probeAgent, 'GET', roomPath, { Cookie: cookies[0]!, Accept: 'text/html' });
    probeAgent.destroy();
    if (page.status !== 200 || !page.body.includes('data-testid="room-joining"')) throw new Error(`the room page answered ${page.status}`);
    const pageBytes = page.body.length;

    // Throughput, each side alone, in the same run.
    const anonymous = { Host: hostName, ...BROWSER };
    const signedIn = { ...anonymous, Cookie: cookies[0]! };
    const rows: LoadFigures[] = [];
    await load('warm-up', `${origin}/`, anonymous, 10, 2);
    await load('warm-up', origin + roomPath, signedIn, 10, 2);
    const home = await load('home page, anonymous, cached', `${origin}/`, anonymous, CONNECTIONS, DURATION);
    const room = await load('room page, signed in', origin + roomPath, signedIn, CONNECTIONS, DURATION);
    const tokenRoute = await load('token route, signed in', `${origin}/api/events/token`, { ...signedIn, 'Content-Type': 'application/json', Accept: 'application/json' }, CONNECTIONS, DURATION, {
      method: 'POST',
      body: JSON.stringify({ eventId: event.eventId }),
    });
    rows.push(home, room, tokenRoute);
    rows.push(await load('room data (with token), signed in', origin + personDataPath(event.eventId), signedIn, CONNECTIONS, DURATION));
    const joinsPerSecond = 1 / (1 / room.rps + 1 / tokenRoute.rps);

    const cpuBefore = appCpuMs(app.pid!);
    const result = await storm(event.eventId, cookies);
    // The app's CPU per join: what the storm costs it, whatever else runs on the machine.
    const cpuPerJoin = (appCpuMs(app.pid!) - cpuBefore) / USERS;

    console.log(
      `\nbench/join: ${TENANT} /${LAYOUT}, one app instance, ${HISTORY} messages of history; throughput at concurrency ${CONNECTIONS}, ${DURATION} s each; ${USERS} local Cognito users signed in in ${usersSeconds.toFixed(1)} s.` +
        `\nAll on this machine (${cpus().length} cores): the server, DynamoDB Local, cognito-local and the clients share it.` +
        `\nMachine: ${machineLoad(loadBefore).text}.`,
    );
    console.log(
      table(
        rows.map((r) => ({ request: r.label, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx, 'ratio to home': (r.rps / home.rps).toFixed(3) })),
      ),
    );
    const checks = [
      { what: `all ${USERS} joined (arrivals over ${RAMP_SECONDS} s)`, target: `≤ ${TARGETS.allWithinSeconds} s`, measured: `${result.joined} in ${result.wallSeconds.toFixed(2)} s`, met: result.joined === USERS && result.wallSeconds <= TARGETS.allWithinSeconds },
      { what: 'join p50 / p99 / max', target: `p99 ≤ ${TARGETS.p99Ms} ms`, measured: `${result.p50.toFixed(0)} / ${result.p99.toFixed(0)} / ${result.max.toFixed(0)} ms`, met: result.p99 <= TARGETS.p99Ms },
      { what: 'join errors', target: '0', measured: String(USERS - result.joined), met: result.joined === USERS },
      { what: 'room page HTML (signed in)', target: `≤ ${TARGETS.pageBytes} B`, measured: `${pageBytes} B`, met: pageBytes <= TARGETS.pageBytes },
      { what: 'room page req/s ÷ cached home req/s', target: `≥ ${TARGETS.pageToHome}`, measured: (room.rps / home.rps).toFixed(3), met: room.rps / home.rps >= TARGETS.pageToHome },
      { what: 'joins/s = 1/(1/page + 1/token)', target: `≥ ${TARGETS.joinsPerSecond}`, measured: joinsPerSecond.toFixed(0), met: joinsPerSecond >= TARGETS.joinsPerSecond },
      { what: 'errors under load', target: '0', measured: String(rows.reduce((s, r) => s + r.errors + r.non2xx, 0)), met: rows.every((r) => r.errors + r.non2xx === 0) },
    ];
    console.log(`\n${table(checks.map((c) => ({ check: c.what, target: c.target, measured: c.measured, '': c.met ? 'met' : 'MISSED' })))}`);
    console.log(`\napp CPU per join (storm, process tree, user + system): ${cpuPerJoin.toFixed(2)} ms`);
    console.log(`\nwhere a join waits (storm, ms):\n${table(result.steps.map((r) => ({ step: r.step, p50: r.p50.toFixed(0), p99: r.p99.toFixed(0) })))}`);
    for (const [error, count] of result.errors) console.log(`join error ×${count}: ${error}`);
    return checks.every((c) => c.met);
  });
}
