// bench/analytics: the event analytics tab (/userDashboard?tab=EventAnalytics&event=…, docs/decisions/0090)
// of one live event with 10,000 attendees and 100,000 chat messages. Its aggregates are seeded as
// they stand after those writes: the counters through the same hook the chat uses
// (countActivity + flushAnalytics), the attendance (each person's joins and leaves, their two
// table rows, the live state and the minute buckets) in bulk from a simulated hour of joins and
// leaves, registration answers for everyone, 5 poll and 20 answer markers. Then the organizer's
// page is asked for again and again, one request at a time (render cache off; it is a signed-in
// page anyway): the full HTML page, the table sorted by watch time, and a later page of it.
// Target: p95 < 500 ms for the page. Loopback only; bounded in count.
import { existsSync } from 'node:fs';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { createLocalDatabase, quietAwsEnv } from '#local/stack/stack';
import { amplifyCookieHeader, createPoolUser, localCognitoClient } from '#local/stack/cognito';
import { readPoolsFile } from '#server/identity/identity.server';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { countActivity, flushAnalytics } from '#server/analytics/index.server';
import { intervalsOf, isInRoom, minuteOf, watchMsOf, type MinuteBucket, type PresenceMark } from '#app/lib/analytics/model';
import { withBenchStack } from './app-stack';
import { httpGet, loadNow, machineLoad, table, waitForHttp } from './lib';

const APP_PORT = 3496;
const DYNAMO_PORT = 3497;
const S3_PORT = 3498;
const COGNITO_PORT = 3499;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const ATTENDEES = Number(process.env.BENCH_ANALYTICS_ATTENDEES ?? 10_000);
const MESSAGES = Number(process.env.BENCH_ANALYTICS_MESSAGES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 100);
const TARGET_P95_MS = 500;
const M = 60_000;

const origin = `http://127.0.0.1:${APP_PORT}`;

/** A small deterministic random sequence (the same seed every run). */
function random(seed = 42) {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** An hour of joins and leaves: everyone joins in the first 30 minutes, a third drop out and come back, most leave before now. */
function simulate(start: number, now: number) {
  const rnd = random();
  const people: Array<{ identity: string; name: string; marks: PresenceMark[] }> = [];
  for (let i = 0; i < ATTENDEES; i++) {
    const marks: PresenceMark[] = [];
    let at = start + Math.floor(rnd() * 30 * M);
    marks.push({ a: 'j', at, id: `j${i}a` });
    if (rnd() < 0.33) {
      at += Math.floor(rnd() * 10 * M) + 1000;
      marks.push({ a: 'l', at, id: `l${i}a` });
      at += Math.floor(rnd() * 5 * M) + 1000;
      marks.push({ a: 'j', at, id: `j${i}b` });
    }
    if (rnd() < 0.6) marks.push({ a: 'l', at: Math.min(now - 1000, at + Math.floor(rnd() * 25 * M) + 1000), id: `l${i}b` });
    people.push({ identity: `bench-attendee-${String(i).padStart(5, '0')}`, name: `Attendee ${i}`, marks });
  }
  // The room's count over time, as the live path writes it: each minute's maximum and its level after the last change.
  const all = people.flatMap((p) => p.marks).sort((x, y) => x.at - y.at || (x.a === 'l' ? -1 : 1));
  const buckets = new Map<number, MinuteBucket>();
  let level = 0;
  let peak = 0;
  let peakAt: number | null = null;
  for (const m of all) {
    level += m.a === 'j' ? 1 : -1;
    const minute = minuteOf(m.at);
    const b = buckets.get(minute) ?? { minute, max: 0, end: 0 };
    b.max = Math.max(b.max, level);
    b.end = level;
    buckets.set(minute, b);
    if (level > peak) [peak, peakAt] = [level, m.at];
  }
  const intervals = people.map((p) => intervalsOf(p.marks));
  const open = intervals.filter(isInRoom);
  const openSec = open.reduce((sum, i) => sum + Math.round(i[i.length - 1]!.from / 1000), 0);
  const live = { current: open.length, peak, peakAt, attendees: people.length, watchMs: intervals.reduce((sum, i) => sum + watchMsOf(i), 0), openSec };
  return { people, buckets: [...buckets.values()], live };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(label: string, url: string, headers: Record<string, string>, check: (body: string) => boolean) {
  for (let i = 0; i < 5; i++) await httpGet(url, headers);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await httpGet(url, headers);
    times.push(performance.now() - t0);
    if (res.status !== 200 || !check(res.body.toString())) throw new Error(`${label}: answered ${res.status} without what it should show`);
    bytes = res.body.length;
  }
  times.sort((a, b) => a - b);
  return { label, p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), p99: Math.round(percentile(times, 99)), max: Math.round(times.at(-1)!), kb: (bytes / 1024).toFixed(0) };
}

export async function benchAnalytics(): Promise<boolean> {
  Object.assign(process.env, quietAwsEnv());
  const loadBefore = loadNow();
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const ports = { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, cognitoPort: COGNITO_PORT, tenantIds: [...registry.tenants.keys()], appPort: APP_PORT };
  return withBenchStack('analytics', ports, async ({ stack, startApp }) => {
    const app = startApp({ RENDER_CACHE_SECONDS: '0' });
    const host = `${TENANT}.localhost:${APP_PORT}`;
    await waitForHttp(`${origin}/api/health`, { Host: host });

    // The organizer, signed in.
    const pool = readPoolsFile(stack.env.IDENTITY_POOLS_FILE!)[TENANT]!;
    const cognito = localCognitoClient(stack.env.COGNITO_ENDPOINT!, stack.env.AWS_REGION);
    const username = `bench-analytics@${TENANT}.bench.example`;
    const password = 'Bench-Analytics-Password-1!';
    await createPoolUser(cognito, { userPoolId: pool.userPoolId, tenantId: TENANT, username, password, name: 'Bench Organizer', group: 'organizer' });
    const auth = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.appClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }));
    cognito.destroy();
    const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
    const sub = (JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const headers = { Host: host, Cookie: amplifyCookieHeader(pool.appClientId, tokens, [['lng', 'en']]), Accept: 'text/html' };

    // The event and its aggregates.
    const t0 = performance.now();
    const db = createLocalDatabase(stack.env);
    const data = tenantData({ db }, tenantIdOf(registry, TENANT));
    const now = Date.now();
    const start = now - 60 * M;
    const event = await data.events.create(
      newEventInput({ title: 'Analytics benchmark', eventDateTime: new Date(start).toISOString(), eventDuration: 120, eventTimeZone: 'UTC', eventLanguage: 'en' }),
      { sub, name: 'Bench Organizer', email: username, language: 'en' },
    );
    const eventId = event.eventId;
    const { people, buckets, live } = simulate(start, now);
    await data.analytics.importAttendance(eventId, people, live, buckets);
    for (let i = 0; i < MESSAGES; i++) countActivity(data, eventId, 'chatMessages');
    countActivity(data, eventId, 'questions', 800);
    countActivity(data, eventId, 'questionsAnswered', 300);
    countActivity(data, eventId, 'pollsLaunched', 5);
    countActivity(data, eventId, 'pollVotes', 15_000);
    countActivity(data, eventId, 'reactions', 40_000);
    await flushAnalytics();
    await data.analytics.addCounts(eventId, 1, { c_tickets: 1200, r_USD_tickets: 1_200 * 1500, c_donations: 90, r_USD_donations: 90 * 1000 });
    for (let i = 0; i < 25; i++) await data.analytics.addMarker(eventId, { kind: i < 5 ? 'poll' : 'answer', at: start + (i + 1) * 2 * M, label: `Marker ${i}`, id: `m${i}` });
    await data.tickets.reserve({ eventId, orderId: 'bench-seats', quantity: ATTENDEES + 500, capacity: null });
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < people.length) {
          const p = people[next++]!;
          await data.registrationAnswers.save({ eventId, userId: p.identity, name: p.name, email: `${p.identity}@bench.example`, language: 'en', answers: [{ questionId: 'q1', kind: 'shortText', label: 'Company', answer: `Company ${next % 50}` }] });
        }
      }),
    );
    const later = (await data.analytics.attendeePage(eventId, 'watch', 25 * 40)).next;
    const seedSeconds = (performance.now() - t0) / 1000;
    db.raw.destroy();

    const page = `${origin}/userDashboard?tab=EventAnalytics&event=${eventId}`;
    const shows = (body: string) => body.includes('data-testid="analytics-attendance-table"') && body.includes('Attendee ');
    const results = [
      await timed('GET the analytics tab (HTML)', page, headers, shows),
      await timed('GET page 41 by watch time (HTML)', `${page}&sort=watch&after=${encodeURIComponent(later ?? '')}`, headers, shows),
      await timed('GET the first page by watch time (HTML)', `${page}&sort=watch`, headers, shows),
    ];
    await flushAnalytics();
    const loadAfter = machineLoad(loadBefore);
    console.log(
      `\nbench/analytics: ${TENANT}, one live event with ${ATTENDEES.toLocaleString('en')} attendees (peak ${live.peak}, ${live.current} in now), ${MESSAGES.toLocaleString('en')} chat messages, ${buckets.length} minute buckets; seeded in ${seedSeconds.toFixed(1)} s; ${REQUESTS} requests each, one at a time, render cache off`,
    );
    console.log(table(results.map((r) => ({ request: r.label, 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, 'max ms': r.max, KB: r.kb }))));
    console.log(loadAfter.text);
    const ok = results.every((r) => r.p95 < TARGET_P95_MS);
    console.log(`\ntarget: the analytics tab p95 < ${TARGET_P95_MS} ms: ${results.map((r) => `${r.p95} ms`).join(', ')} ${ok ? 'met' : 'MISSED'}`);
    void app;
    return ok;
  });
}
