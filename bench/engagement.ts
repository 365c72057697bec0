// bench/engagement: what an audience does in a live event, at the scale of a big one (issue 28,
// item 8). Two production app instances (NODE_ENV=production tsx server/index.ts, loopback only)
// share one event through Redis pub/sub (Debian's redis-server), on the local stack (DynamoDB Local,
// s3rver, cognito-local) in a temporary folder. BENCH_ENGAGEMENT_USERS (1,000) distinct signed-in
// members each hold one chat socket, half on each instance, in two client processes
// (bench/engagement-clients.ts).
//
// Reactions: every person sends BENCH_REACTIONS_EACH (5) reactions at random moments within
// BENCH_REACTIONS_SECONDS (10). Each instance sums its event's reactions per 250 ms window and again
// what the bus brings (docs/decisions/0079), so a client should get a few frames a second, not the
// thousands of reactions. Figures: frames per client per second (mean and the worst second of any
// client), whether every client's counts add up to every reaction sent, server CPU over the window.
// Targets: ≤ 8 frames per client in any second (two instances' windows), every reaction counted.
//
// Polls (bench/engagement-polls.ts): the same audience votes once each over HTTP on one poll; counts
// exact in the data layer and at every client, time from a vote's answer to the notice carrying it at
// the other instance's clients p99 ≤ 1 s. Waiting room (bench/engagement-waiting.ts): 500 of them
// wait in another event's waiting room as its page does, a host admits all in one action, all have
// their LiveKit token within 10 s. BENCH_ENGAGEMENT_PARTS (reactions,polls,waiting) picks parts; the
// waiting room runs before the polls, whose 1,000 votes leave DynamoDB Local busy for a while.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { startRedis } from '#local/stack/redis';
import { createLocalDatabase, quietAwsEnv } from '#local/stack/stack';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { signedInUsers } from '#tests/support/signedInUsers';
import { withBenchStack } from './app-stack';
import { cpuMeter } from './chat';
import { closeAudience, startAudience, type Audience, type AudienceReport } from './engagement-clients';
import { pollsPart, printPolls, type PollFigures } from './engagement-polls';
import { printWaiting, waitingPart, type WaitingFigures } from './engagement-waiting';
import { loadNow, machineLoad, table, waitForHttp } from './lib';

const APP_PORTS = [3470, 3471] as const;
const DYNAMO_PORT = 3472;
const S3_PORT = 3473;
const COGNITO_PORT = 3474;
const REDIS_PORT = 3475;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const USERS = Number(process.env.BENCH_ENGAGEMENT_USERS ?? 1000);
const REACTIONS_EACH = Number(process.env.BENCH_REACTIONS_EACH ?? 5);
const REACTIONS_SECONDS = Number(process.env.BENCH_REACTIONS_SECONDS ?? 10);
const CONNECT_TIMEOUT_MS = 180_000;
const DRAIN_MS = 3_000;
const TARGETS = { framesPerClientSecond: 8 };
const PARTS = new Set((process.env.BENCH_ENGAGEMENT_PARTS ?? 'reactions,polls,waiting').split(',').map((p) => p.trim()));

interface Target {
  url: string;
  host: string;
  origin: string;
}

async function connectAudience(children: Audience[], cookies: string[], target: (i: number) => Target): Promise<void> {
  const joining = Promise.all(
    children.map((child, p) => child.ask<{ open: number; failed: number; firstErrors: string[] }>({ type: 'connect', ...target(p), cookies: cookies.filter((_, u) => u % children.length === p) }, 'connected')),
  );
  let timer: NodeJS.Timeout | undefined;
  const connected = await Promise.race([
    joining,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the sockets did not all join within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const failed = connected.reduce((s, c) => s + c.failed, 0);
  if (failed) throw new Error(`${failed} of ${cookies.length} sockets did not join: ${connected.flatMap((c) => c.firstErrors).slice(0, 5).join('; ')}`);
}

interface ReactionFigures {
  sent: number;
  frames: number;
  meanFramesPerSecond: number;
  maxFramesInASecond: number;
  /** Clients whose counts do not add up to every reaction sent. */
  shortClients: number;
  minCounted: number;
  errorFrames: number;
  closed: number;
  cpu: Record<string, string>;
}

async function reactionsPart(children: Audience[], apps: Array<number | undefined>): Promise<ReactionFigures> {
  const startAt = Date.now() + 500;
  await Promise.all(children.map((c) => c.ask({ type: 'react', perSocket: REACTIONS_EACH, seconds: REACTIONS_SECONDS, startAt }, 'scheduled')));
  await sleep(Math.max(0, startAt - Date.now()));
  const stopMeter = cpuMeter({ server: apps, clients: children.map((c) => c.process.pid) });
  await sleep(REACTIONS_SECONDS * 1000);
  const cpu = stopMeter();
  await sleep(DRAIN_MS);
  const reports = await Promise.all(children.map((c) => c.ask<AudienceReport>({ type: 'report' }, 'report')));
  const sent = reports.reduce((s, r) => s + r.sent, 0);
  const counted = reports.flatMap((r) => r.countsPerSocket);
  const frames = reports.reduce((s, r) => s + r.frames, 0);
  const problems = [...new Set(reports.flatMap((r) => r.firstErrors))].slice(0, 5);
  if (problems.length) console.log(`  reactions: ${problems.join('\n  ')}`);
  return {
    sent,
    frames,
    meanFramesPerSecond: reports.reduce((s, r) => s + r.meanFramesPerSecond * r.sockets, 0) / Math.max(1, counted.length),
    maxFramesInASecond: Math.max(...reports.map((r) => r.maxFramesInASecond)),
    shortClients: counted.filter((n) => n !== sent).length,
    minCounted: Math.min(...counted),
    errorFrames: reports.reduce((s, r) => s + r.errorFrames, 0),
    closed: reports.reduce((s, r) => s + r.closed, 0),
    cpu,
  };
}

/** Prints the reactions part's figures; answers whether its targets were met. */
function printReactions(reactions: ReactionFigures): boolean {
  console.log(
    `\nReactions: each person sends ${REACTIONS_EACH} at random moments within ${REACTIONS_SECONDS} s (${USERS * REACTIONS_EACH} in all).\n` +
      table([
        {
          'reactions sent': reactions.sent,
          'frames received': reactions.frames,
          'frames/client/s mean': reactions.meanFramesPerSecond.toFixed(2),
          'frames/client worst second': reactions.maxFramesInASecond,
          'target worst second': `≤ ${TARGETS.framesPerClientSecond}`,
          'clients missing counts': reactions.shortClients,
          'fewest counted': reactions.minCounted,
          'error frames': reactions.errorFrames,
          'closed sockets': reactions.closed,
          'CPU % servers/clients': `${reactions.cpu.server}/${reactions.cpu.clients}`,
        },
      ]),
  );
  const reactionsOk =
    reactions.sent === USERS * REACTIONS_EACH && reactions.shortClients === 0 && reactions.maxFramesInASecond <= TARGETS.framesPerClientSecond && reactions.errorFrames === 0 && reactions.closed === 0;
  console.log(`target: every reaction counted by every client, ≤ ${TARGETS.framesPerClientSecond} frames per client in any second: ${reactionsOk ? 'met' : 'MISSED'}`);
  return reactionsOk;
}

export async function benchEngagement(): Promise<boolean> {
  Object.assign(process.env, quietAwsEnv());
  const loadBefore = loadNow();
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const ports = { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, cognitoPort: COGNITO_PORT, tenantIds: [...registry.tenants.keys()], appPort: APP_PORTS[0] };
  return withBenchStack('engagement', ports, async ({ stack, startApp }) => {
    const redis = await startRedis({ port: REDIS_PORT });
    stack.watch(redis.pid);
    const children: Audience[] = [];
    let closeDb: () => void = () => undefined;
    try {
      const apps = APP_PORTS.map((port) => startApp({ PORT: String(port), REDIS_URL: redis.url }));
      await Promise.all(APP_PORTS.map((port) => waitForHttp(`http://127.0.0.1:${port}/api/health`, { Host: `${TENANT}.localhost:${port}` }, 180_000)));
      const t0 = performance.now();
      const [cookies, [hostCookie]] = await Promise.all([signedInUsers(stack, TENANT, USERS, 'audience'), signedInUsers(stack, TENANT, 1, 'host')]);
      const usersSeconds = (performance.now() - t0) / 1000;
      const tenantId = tenantIdOf(registry, TENANT);
      const db = createLocalDatabase(stack.env);
      closeDb = () => db.raw.destroy();
      const data = tenantData({ db }, tenantId);
      const event = await createEvent(
        db,
        tenantId,
        newEventInput({ title: 'Engagement bench', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en' }),
        { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@bench.example', language: 'en' },
      );
      const http = (port: number) => ({ origin: `http://127.0.0.1:${port}`, host: `${TENANT}.localhost:${port}` });
      const target = (p: number): Target => {
        const port = APP_PORTS[p % APP_PORTS.length]!;
        const { host, origin } = http(port);
        return { url: `ws://${origin.slice('http://'.length)}${CHAT_SOCKET_PATH}?event=${event.eventId}`, host, origin: `http://${host}` };
      };
      for (let p = 0; p < APP_PORTS.length; p++) children.push(startAudience());
      const joinStarted = performance.now();
      await connectAudience(children, cookies, target);
      const joinSeconds = (performance.now() - joinStarted) / 1000;
      const pids = apps.map((a) => a.pid);
      const dynamoPid = stack.pids[0];

      const reactions = PARTS.has('reactions') ? await reactionsPart(children, pids) : null;
      const waiting: WaitingFigures | null = PARTS.has('waiting')
        ? await waitingPart(
            db,
            data,
            tenantId,
            { cookie: hostCookie! },
            cookies,
            APP_PORTS.map((port) => http(port)),
            { server: pids, dynamo: [dynamoPid] },
          )
        : null;
      const polls: PollFigures | null = PARTS.has('polls')
        ? await pollsPart(
            children,
            children.map((_, p) => http(APP_PORTS[p % APP_PORTS.length]!)),
            data,
            event.eventId,
            'bench-organizer',
            { server: pids, dynamo: [dynamoPid] },
          )
        : null;

      console.log(
        `\nbench/engagement: ${TENANT}, one live event, ${USERS} distinct signed-in members (signed in in ${usersSeconds.toFixed(1)} s), one chat socket each,` +
          ` half on each of two app instances sharing the event through Redis; sockets joined in ${joinSeconds.toFixed(1)} s.` +
          `\nAll on this machine (${cpus().length} cores): both instances, DynamoDB Local, redis-server and the two client processes share it.` +
          `\nMachine: ${machineLoad(loadBefore).text}.`,
      );
      let ok = true;
      if (reactions) ok = printReactions(reactions) && ok;
      if (polls) ok = printPolls(polls, USERS) && ok;
      if (waiting) ok = printWaiting(waiting) && ok;
      return ok;
    } finally {
      await Promise.all(children.map(closeAudience));
      closeDb();
      await redis.stop();
    }
  });
}
