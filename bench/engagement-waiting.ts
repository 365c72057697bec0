// bench/engagement-waiting: the waiting-room part of bench/engagement.ts (issue 28, item 8;
// docs/decisions/0082). An event whose hosts admit participants; BENCH_WAITING_USERS (500) signed-in
// people, half on each app instance, do what the waiting page (app/components/live/waiting/
// WaitingRoom.tsx) does: it knocks once (POST /api/waitingRoom {action: 'knock'}) when the page
// shows, at a random moment within BENCH_WAITING_ARRIVE_SECONDS, then asks for its standing (GET
// /api/waitingRoom?event=) WAITING_POLL_MS (2.5 s) after each answer; once admitted it revalidates
// the room's data (the room loader's data request, `?_data=<layout>`, the only loader Remix asks
// again: the root's does not revalidate on the room's own URL), which carries the LiveKit token.
// Once everyone has knocked, the host admits everyone in one action (POST /api/waitingRoom
// {action: 'admit', all: true}, what "Admit all" sends).
//
// Figures: the host's admit request, then from the moment it was sent until each person has their
// token (p50/p99, and all of them); when each saw "admitted". Checks: before the admission a sample
// of people are refused a token by both doors (POST /api/events/token answers 403, the room's data
// has no token and says "waiting"); no one saw "admitted" or got a token before the host's action
// was sent; every token is a LiveKit token for that person's identity, with a room grant; the data
// layer holds 500 admitted. Target: all 500 have their token within 10 s of the host's action
// (ADR 0082 names none for the whole audience; it expects each to see the admission within one poll).
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { WAITING_POLL_MS } from '#app/lib/events/waitingRoom';
import type { TenantData } from '#server/data/tenantData.server';
import { createEvent, newEventInput } from '#server/events/data/events.server';
import type { createLocalDatabase } from '#local/stack/stack';
import type { TenantId } from '#app/lib/config/tenant';
import { percentile } from '#tests/support/joiner';
import { cpuMeter } from './chat';
import { preciseNow } from './engagement-poll-clients';
import { table } from './lib';
import type { InstanceTarget } from './engagement-polls';

const USERS = Number(process.env.BENCH_WAITING_USERS ?? 500);
const ARRIVE_SECONDS = Number(process.env.BENCH_WAITING_ARRIVE_SECONDS ?? 5);
const LAYOUT = 'liveEventsContainer';
/** People asked for a token before the admission (half on each instance). */
const REFUSAL_SAMPLE = 10;
const REQUEST_TIMEOUT_MS = 60_000;
/** Nobody waits longer than this after the host's action, nor this part longer than HARD_STOP_MS. */
const GIVE_UP_MS = 60_000;
const HARD_STOP_MS = 180_000;
export const WAITING_TARGETS = { allWithinMs: 10_000 };


interface Answer {
  status: number;
  json: Record<string, unknown> | null;
  at: number;
}

function send(agent: http.Agent, target: InstanceTarget, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target.origin + path,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          Host: target.host,
          Origin: `http://${target.host}`,
          Cookie: cookie,
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json, at: preciseNow() });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The identity and room of a LiveKit token (its payload; the signature is the server's business). */
function tokenClaims(jwt: unknown): { sub?: string; video?: { room?: string; roomJoin?: boolean } } | null {
  if (typeof jwt !== 'string') return null;
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string; video?: { room?: string; roomJoin?: boolean } };
  } catch {
    return null;
  }
}

/** The person's id, from the id token in their cookies (the app reads the same). */
export function subOf(cookie: string): { sub: string; email: string; name: string } {
  const pair = cookie.split('; ').find((p) => decodeURIComponent(p.split('=')[0]!).endsWith('.idToken'));
  const jwt = decodeURIComponent(pair?.split('=')[1] ?? '');
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; email?: string; name?: string };
  return { sub: claims.sub, email: claims.email ?? `${claims.sub}@bench.example`, name: claims.name ?? 'Bench host' };
}

interface Person {
  sub: string;
  knocked: boolean;
  asks: number;
  /** First answer saying "admitted", and when the room's data with a token came back (epoch ms). */
  seenAt: number;
  tokenAt: number;
  tokenOk: boolean;
  problem: string | null;
}

export interface WaitingFigures {
  people: number;
  knocked: number;
  refusedBefore: string;
  decided: number;
  admitMs: number;
  seenP50: number;
  seenP99: number;
  tokenP50: number;
  tokenP99: number;
  allTokensMs: number;
  withToken: number;
  badTokens: number;
  early: number;
  storedAdmitted: number;
  asksPerPerson: number;
  cpu: Record<string, string>;
  problems: string[];
}

export async function waitingPart(
  db: ReturnType<typeof createLocalDatabase>,
  data: Pick<TenantData, 'waiting'>,
  tenantId: TenantId,
  host: { cookie: string },
  cookies: string[],
  targets: InstanceTarget[],
  pids: { server: Array<number | undefined>; dynamo: Array<number | undefined> },
): Promise<WaitingFigures> {
  const organizer = subOf(host.cookie);
  const event = await createEvent(
    db,
    tenantId,
    newEventInput({ title: 'Waiting room bench', eventDateTime: new Date(Date.now() - 60_000).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en', hostsAdmit: true }),
    { sub: organizer.sub, name: organizer.name, email: organizer.email, language: 'en' },
  );
  const eventId = event.eventId;
  const people = cookies.slice(0, USERS);
  const targetOf = (i: number) => targets[i % targets.length]!;
  const agents = people.map(() => new http.Agent({ keepAlive: true, maxSockets: 2 }));
  const persons: Person[] = people.map((c) => ({ sub: subOf(c).sub, knocked: false, asks: 0, seenAt: 0, tokenAt: 0, tokenOk: false, problem: null }));
  const hostAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  let admitSentAt = Infinity;
  let knocks = 0;
  let allKnocked: () => void = () => undefined;
  const everyoneKnocked = new Promise<void>((resolve) => (allKnocked = resolve));
  const problems: string[] = [];
  const note = (p: Person, problem: string) => {
    p.problem ??= problem;
    if (problems.length < 5) problems.push(problem);
  };

  /** One waiting page: knock, ask every WAITING_POLL_MS after each answer, then the room's data. */
  async function page(i: number, startAt: number): Promise<void> {
    const p = persons[i]!;
    const ask = (method: 'GET' | 'POST', path: string, body?: unknown) => send(agents[i]!, targetOf(i), people[i]!, method, path, body);
    await sleep(Math.max(0, startAt + Math.random() * ARRIVE_SECONDS * 1000 - Date.now()));
    try {
      let answer = await ask('POST', '/api/waitingRoom', { eventId, action: 'knock' });
      p.knocked = answer.status === 200 && answer.json?.state === 'waiting';
      if (!p.knocked) note(p, `knock ${answer.status} ${JSON.stringify(answer.json)}`);
      if (++knocks === people.length) allKnocked();
      if (!p.knocked) return;
      while (answer.json?.state !== 'admitted') {
        if (answer.status !== 200) return note(p, `standing ${answer.status} ${JSON.stringify(answer.json)}`);
        if (preciseNow() - admitSentAt > GIVE_UP_MS || Date.now() > hardStop) return note(p, 'not admitted in time');
        await sleep(WAITING_POLL_MS);
        answer = await ask('GET', `/api/waitingRoom?event=${eventId}`);
        p.asks++;
      }
      p.seenAt = answer.at;
      const room = await ask('GET', `/${LAYOUT}?event=${eventId}&_data=${LAYOUT}`);
      const session = room.json?.session as { token?: string } | null | undefined;
      const claims = tokenClaims(session?.token);
      if (room.status !== 200 || !claims) return note(p, `room data ${room.status}: no token`);
      p.tokenAt = room.at;
      p.tokenOk = claims.sub === p.sub && claims.video?.roomJoin === true && Boolean(claims.video.room);
    } catch (e) {
      note(p, (e as Error).message);
      if (!p.knocked && ++knocks === people.length) allKnocked();
    }
  }

  const startAt = Date.now() + 200;
  const hardStop = startAt + HARD_STOP_MS;
  const pages = people.map((_, i) => page(i, startAt));
  await everyoneKnocked;

  // Before the admission: both doors to the video refuse people who are waiting.
  let refused = 0;
  const sample = Array.from({ length: Math.min(REFUSAL_SAMPLE, people.length) }, (_, s) => s);
  for (const i of sample) {
    const ask = (method: 'GET' | 'POST', path: string, body?: unknown) => send(hostAgent, targetOf(i), people[i]!, method, path, body);
    const token = await ask('POST', '/api/events/token', { eventId });
    const room = await ask('GET', `/${LAYOUT}?event=${eventId}&_data=${LAYOUT}`);
    const waiting = room.json?.waiting as { state?: string } | null | undefined;
    if (token.status === 403 && !token.json?.token && room.json?.session === null && waiting?.state === 'waiting') refused++;
    else problems.push(`before admission: token ${token.status}, room data ${room.status} ${JSON.stringify(room.json).slice(0, 120)}`);
  }

  // Everyone has had time to ask at least once more; then the host clicks "Admit all".
  await sleep(WAITING_POLL_MS);
  const stopMeter = cpuMeter(pids);
  admitSentAt = preciseNow();
  const admit = await send(hostAgent, targets[0]!, host.cookie, 'POST', '/api/waitingRoom', { eventId, action: 'admit', all: true });
  const admitMs = admit.at - admitSentAt;
  if (admit.status !== 200) problems.push(`admit ${admit.status} ${JSON.stringify(admit.json).slice(0, 200)}`);
  await Promise.all(pages);
  const cpu = stopMeter();
  for (const a of [...agents, hostAgent]) a.destroy();

  const admitted = (await data.waiting.list(eventId)).filter((r) => r.state === 'admitted').length;
  const got = persons.filter((p) => p.tokenAt > 0);
  const seen = persons.filter((p) => p.seenAt > 0).map((p) => p.seenAt - admitSentAt).sort((a, b) => a - b);
  const tokens = got.map((p) => p.tokenAt - admitSentAt).sort((a, b) => a - b);
  return {
    people: people.length,
    knocked: persons.filter((p) => p.knocked).length,
    refusedBefore: `${refused}/${sample.length}`,
    decided: typeof admit.json?.decided === 'number' ? admit.json.decided : 0,
    admitMs,
    seenP50: percentile(seen, 50),
    seenP99: percentile(seen, 99),
    tokenP50: percentile(tokens, 50),
    tokenP99: percentile(tokens, 99),
    allTokensMs: got.length === people.length ? tokens.at(-1)! : NaN,
    withToken: got.length,
    badTokens: got.filter((p) => !p.tokenOk).length,
    early: persons.filter((p) => (p.seenAt && p.seenAt < admitSentAt) || (p.tokenAt && p.tokenAt < admitSentAt)).length,
    storedAdmitted: admitted,
    asksPerPerson: persons.reduce((s, p) => s + p.asks, 0) / Math.max(1, persons.length),
    cpu,
    problems,
  };
}

/** Prints the part's figures; answers whether its targets were met. */
export function printWaiting(f: WaitingFigures): boolean {
  if (f.problems.length) console.log(`  waiting room: ${f.problems.join('\n  ')}`);
  const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '-');
  console.log(
    `\nWaiting room: ${f.people} people knock (the waiting page's POST) within ${ARRIVE_SECONDS} s and ask their standing every ${WAITING_POLL_MS / 1000} s; the host admits all in one action; each then loads the room's data (with its LiveKit token).\n` +
      table([
        {
          knocked: `${f.knocked}/${f.people}`,
          'refused before (token route + room data)': f.refusedBefore,
          'admit request': `${f.admitMs.toFixed(0)} ms (${f.decided} decided)`,
          'stored admitted': f.storedAdmitted,
          'seen admitted s p50/p99': `${s(f.seenP50)}/${s(f.seenP99)}`,
          'token s p50/p99': `${s(f.tokenP50)}/${s(f.tokenP99)}`,
          'all tokens': `${f.withToken}/${f.people} in ${s(f.allTokensMs)} s`,
          'target all': `≤ ${WAITING_TARGETS.allWithinMs / 1000} s`,
          'bad/early': `${f.badTokens}/${f.early}`,
          'asks/person': f.asksPerPerson.toFixed(1),
          'CPU % servers/DynamoDB': `${f.cpu.server}/${f.cpu.dynamo}`,
        },
      ]),
  );
  const ok =
    f.knocked === f.people &&
    f.refusedBefore === `${Math.min(REFUSAL_SAMPLE, f.people)}/${Math.min(REFUSAL_SAMPLE, f.people)}` &&
    f.decided === f.people &&
    f.storedAdmitted === f.people &&
    f.withToken === f.people &&
    f.badTokens === 0 &&
    f.early === 0 &&
    f.allTokensMs <= WAITING_TARGETS.allWithinMs;
  console.log(`target: all ${f.people} admitted in one action have their token within ${WAITING_TARGETS.allWithinMs / 1000} s, none before it: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}
