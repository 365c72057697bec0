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
import { cpus } from 'node:os';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { createLocalDatabase, quietAwsEnv } from '#local/stack/stack';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { joinClient, joinStorm } from '#tests/support/joiner';
import { withBenchStack } from './app-stack';
import { load, loadNow, machineLoad, table, waitForHttp, type LoadFigures } from './lib';
import { signedInUsers } from '#tests/support/signedInUsers';

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

const TARGETS = { allWithinSeconds: 10, p99Ms: 3000, pageBytes: 40 * 1024, pageToHome: 0.1, joinsPerSecond: 140 };

const origin = `http://127.0.0.1:${APP_PORT}`;
const hostName = `${TENANT}.localhost:${APP_PORT}`;
const BROWSER = { 'Accept-Encoding': 'gzip' };
const client = joinClient({ origin, host: hostName, layout: LAYOUT, timeoutMs: JOIN_TIMEOUT_MS });
const { personDataPath } = client;

/** The event's chat history: one message from each of the first `count` people (under the send limit). */
async function seedHistory(eventId: string, cookies: string[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const ws = await client.chatWelcome(eventId, cookies[i % cookies.length]!);
    await client.sendChat(ws, `history-${i}`, `Hello from the audience, message ${i + 1}: when does it start?`);
    ws.close();
  }
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/**
 * CPU time (ms, user + system) the app has used so far: the process and its descendants (the tsx
 * launcher runs node as a child), from /proc. NaN where /proc is not there.
 */
export function appCpuMs(pid: number): number {
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
    const page = await client.request(probeAgent, 'GET', roomPath, { Cookie: cookies[0]!, Accept: 'text/html' });
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
    const result = await joinStorm(USERS, RAMP_SECONDS, (i) => client.joinOnce(event.eventId, cookies[i]!));
    for (const j of result.joins) j.socket?.terminate();
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
