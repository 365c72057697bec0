// bench/roomdata: the room data request alone. The room's browser asks its layout route for the
// person's data (`/<layout>?event=<id>&_data=<layout>`: the user, the event, the role and the first
// LiveKit token; docs/decisions/0024, "Per-join cost"); it is the per-person half of a join. One
// signed-in participant of an event that is live now, one production app instance (NODE_ENV=production,
// loopback only) on the local stack (DynamoDB Local, s3rver, cognito-local) in a temporary folder;
// autocannon with BENCH_ROOMDATA_CONNECTIONS (20) connections for BENCH_SECONDS (10) after a warm-up.
// Every answer is checked first to be the room's data with a token of this person.
// Targets: ≥ 1,000 requests/s with p99 ≤ 100 ms, no errors.
//
// BENCH_ROOMDATA_COUNT=1 routes the app's DynamoDB calls through a counting proxy in this process
// and prints the calls per request by operation (the proxy costs CPU: leave it off for the figures).
import http from 'node:http';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { createLocalDatabase, quietAwsEnv } from '#local/stack/stack';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { signedInUsers } from '#tests/support/signedInUsers';
import { withBenchStack } from './app-stack';
import { appCpuMs } from './join';
import { load, loadNow, machineLoad, table, waitForHttp } from './lib';

const APP_PORT = 3560;
const DYNAMO_PORT = 3561;
const S3_PORT = 3562;
const COGNITO_PORT = 3563;
const PROXY_PORT = 3564;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const LAYOUT = process.env.BENCH_JOIN_LAYOUT ?? 'liveEventsContainer';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_ROOMDATA_CONNECTIONS ?? 20);
const COUNT_CALLS = process.env.BENCH_ROOMDATA_COUNT === '1';

const TARGETS = { rps: 1000, p99Ms: 100 };

const origin = `http://127.0.0.1:${APP_PORT}`;
const hostName = `${TENANT}.localhost:${APP_PORT}`;

/** A pass-through HTTP proxy to DynamoDB Local that counts calls by operation (X-Amz-Target). */
function countingProxy(target: number): { server: http.Server; calls: Map<string, number>; total: () => number } {
  const calls = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? 'other').replace(/^DynamoDB_\d+\./, '');
    calls.set(operation, (calls.get(operation) ?? 0) + 1);
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return { server, calls, total: () => [...calls.values()].reduce((s, n) => s + n, 0) };
}

/** GET once, parsed: the room data's answer. */
function getJson(path: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + path, { headers: { Host: hostName, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: null });
          }
        });
      })
      .on('error', reject);
  });
}

export async function benchRoomdata(): Promise<boolean> {
  Object.assign(process.env, quietAwsEnv());
  const loadBefore = loadNow();
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const ports = { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, cognitoPort: COGNITO_PORT, tenantIds: [...registry.tenants.keys()], appPort: APP_PORT };
  return withBenchStack('roomdata', ports, async ({ stack, startApp }) => {
    const proxy = COUNT_CALLS ? countingProxy(DYNAMO_PORT) : null;
    if (proxy) await new Promise<void>((resolve) => proxy.server.listen(PROXY_PORT, '127.0.0.1', resolve));
    try {
      const app = startApp(proxy ? { DYNAMODB_ENDPOINT: `http://127.0.0.1:${PROXY_PORT}` } : {});
      await waitForHttp(`${origin}/api/health`, { Host: hostName });

      const [cookie] = await signedInUsers(stack, TENANT, 1, 'roomdata');
      const db = createLocalDatabase(stack.env);
      const event = await createEvent(
        db,
        tenantIdOf(registry, TENANT),
        newEventInput({ title: 'Room data', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en', layout: LAYOUT as never }),
        { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@bench.example', language: 'en' },
      );
      db.raw.destroy();

      const path = `/${LAYOUT}?event=${event.eventId}&_data=${LAYOUT}`;
      const headers = { Cookie: cookie!, Accept: 'application/json', 'Accept-Encoding': 'gzip' };
      // The answer under load must be the room's data for this person, with a token.
      const probe = await getJson(path, { Cookie: cookie! });
      const data = probe.body;
      const session = data?.session as { token?: unknown } | null | undefined;
      if (probe.status !== 200 || data?.shell !== false || data?.role !== 'participant' || typeof session?.token !== 'string') {
        throw new Error(`the room data answered ${probe.status}: ${JSON.stringify(data).slice(0, 300)}`);
      }

      await load('warm-up', origin + path, { Host: hostName, ...headers }, CONNECTIONS, 3);
      const callsBefore = proxy?.total() ?? 0;
      const perOperationBefore = new Map(proxy?.calls ?? []);
      const cpuBefore = appCpuMs(app.pid!);
      const roomData = await load('room data (with token), signed in', origin + path, { Host: hostName, ...headers }, CONNECTIONS, DURATION);
      const requests = roomData.rps * DURATION;
      // The app's CPU per request (process tree, user + system, from /proc): a figure other work on the machine barely moves.
      const cpuPerRequest = (appCpuMs(app.pid!) - cpuBefore) / requests;
      const machine = machineLoad(loadBefore);

      console.log(
        `\nbench/roomdata: ${TENANT} /${LAYOUT}?_data, one signed-in participant, one app instance, ${CONNECTIONS} connections for ${DURATION} s.` +
          `\nAll on this machine (${cpus().length} cores): the server, DynamoDB Local, cognito-local and the load generator share it.` +
          `\nMachine: ${machine.text}.`,
      );
      console.log(
        table([
          {
            request: roomData.label,
            'req/s': roomData.rps,
            'p50 ms': roomData.p50,
            'p99 ms': roomData.p99,
            errors: roomData.errors + roomData.non2xx,
            'app CPU ms per request': cpuPerRequest.toFixed(3),
          },
        ]),
      );
      if (proxy) {
        const rows = [...proxy.calls].map(([operation, n]) => ({ operation, 'calls per request': ((n - (perOperationBefore.get(operation) ?? 0)) / requests).toFixed(3) }));
        console.log(`\nDynamoDB calls under load (through the counting proxy): ${((proxy.total() - callsBefore) / requests).toFixed(3)} per request\n${table(rows)}`);
      }
      const checks = [
        { what: 'requests/s', target: `≥ ${TARGETS.rps}`, measured: String(roomData.rps), met: roomData.rps >= TARGETS.rps },
        { what: 'p99', target: `≤ ${TARGETS.p99Ms} ms`, measured: `${roomData.p99} ms (p50 ${roomData.p50} ms)`, met: roomData.p99 <= TARGETS.p99Ms },
        { what: 'errors', target: '0', measured: String(roomData.errors + roomData.non2xx), met: roomData.errors + roomData.non2xx === 0 },
      ];
      console.log(`\n${table(checks.map((c) => ({ check: c.what, target: c.target, measured: c.measured, '': c.met ? 'met' : 'MISSED' })))}`);
      if (machine.busy) console.log('The machine was not quiet: the figures above are lower than a quiet machine would give.');
      return checks.every((c) => c.met);
    } finally {
      proxy?.server.close();
    }
  });
}
