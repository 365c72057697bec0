// bench/events: /liveEvents with 1,000 listed events in one tenant (issue 4). The render cache is
// off (RENDER_CACHE_SECONDS=0), so every request runs the listing query (one bounded query of the
// listing index, paged) and the render. Local stack (DynamoDB Local, s3rver) in a temporary folder;
// loopback only; concurrency 10, bounded time. Target: p99 ≤ 50 ms for the listing.
import { existsSync } from 'node:fs';
import { createLocalDatabase } from '#local/stack/stack';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { newEventInput, type EventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { withBenchStack } from './app-stack';
import { httpGet, load, reportHeadline, stopProcess, table, waitForHttp, type LoadFigures } from './lib';

const APP_PORT = 3426;
const DYNAMO_PORT = 3427;
const S3_PORT = 3428;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const EVENTS = 1000;
const LIVE_NOW = 20;
const TARGET_P99_MS = 50;
/** One title in ten carries this word: the search row finds a page of them among the 1,000. */
const SEARCH_WORD = 'quantum';
const TOPICS = ['Product launch', 'Town hall', 'Design review', 'Customer webinar', 'Sales kickoff', 'Engineering demo', 'Partner summit', 'Quarterly update', 'Hiring fair', 'Quantum computing primer'];

const origin = `http://127.0.0.1:${APP_PORT}`;

function input(i: number, now: number): EventInput {
  // The first LIVE_NOW started within the last 50 minutes; the rest spread over the next 60 days.
  const start = i < LIVE_NOW ? now - (5 + (i * 45) / LIVE_NOW) * 60_000 : now + 10 * 60_000 + Math.floor(((i - LIVE_NOW) / (EVENTS - LIVE_NOW)) * 60 * 86_400_000);
  return newEventInput({
    title: `${TOPICS[i % TOPICS.length]} #${i}`,
    description: 'A benchmark event.',
    eventDateTime: new Date(start).toISOString(),
    eventTimeZone: 'America/New_York',
    eventLanguage: 'en',
  });

}

export async function benchEvents(): Promise<boolean> {
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  return withBenchStack('events', { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, appPort: APP_PORT }, async ({ stack, startApp }) => {

    const db = createLocalDatabase(stack.env);
    const { events } = tenantData({ db }, tenantIdOf(loadRegistry(process.cwd()).registry, TENANT));
    const organizer = { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@example.com', language: 'en' };
    const now = Date.now();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < EVENTS) {
          const i = next++;
          await events.create(input(i, now), organizer);
        }
      }),
    );
    const seedSeconds = (performance.now() - t0) / 1000;
    db.raw.destroy();

    let app = startApp({ RENDER_CACHE_SECONDS: '0' });
    const headers = { Host: `${TENANT}.localhost:${APP_PORT}`, Cookie: 'lng=en' };
    await waitForHttp(`${origin}/liveEvents`, headers);

    const paths = { list: '/liveEvents', search: `/liveEvents?q=${SEARCH_WORD}` };
    const pages: Record<string, { bytes: number; cards: number }> = {};
    for (const [name, path] of Object.entries(paths)) {
      const page = await httpGet(origin + path, headers);
      if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
      if (page.headers['x-render-cache']) throw new Error('the render cache is on');
      const html = page.body.toString();
      pages[name] = { bytes: page.body.length, cards: (html.match(/data-testid="event-card"/g) ?? []).length };
      if (!pages[name].cards) throw new Error(`${path} shows no events`);
    }
    if (!/Live now/.test((await httpGet(origin + paths.list, headers)).body.toString())) throw new Error('no live events listed');

    await load('warm-up', origin + paths.list, headers, CONNECTIONS, 3);
    const results: LoadFigures[] = [
      await load(`GET ${paths.list}`, origin + paths.list, headers, CONNECTIONS, DURATION),
      await load(`GET ${paths.search}`, origin + paths.search, headers, CONNECTIONS, DURATION),
    ];
    console.log(
      `\nbench/events: ${TENANT}, ${EVENTS} listed events (${LIVE_NOW} live now, the rest over 60 days; seeded in ${seedSeconds.toFixed(1)} s), render cache off, concurrency ${CONNECTIONS}, ${DURATION} s each`,
    );
    console.log(
      table(
        results.map((r, i) => {
          const page = Object.values(pages)[i];
          return { request: r.label, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx, cards: page.cards, 'page KB': (page.bytes / 1024).toFixed(0) };
        }),
      ),
    );
    await stopProcess(app);

    // For information: the same listing as anonymous visitors get it, from the render cache.
    app = startApp({ RENDER_CACHE_SECONDS: '30' });
    await waitForHttp(`${origin}/liveEvents`, headers);
    await load('warm-up cached', origin + paths.list, headers, CONNECTIONS, 2);
    const cached = await load(`GET ${paths.list}, render cache on`, origin + paths.list, headers, CONNECTIONS, DURATION);
    console.log(
      table([{ request: cached.label, 'req/s': cached.rps, 'p50 ms': cached.p50, 'p99 ms': cached.p99, errors: cached.errors + cached.non2xx }]),
    );

    const listing = results[0];
    const ok = listing.p99 <= TARGET_P99_MS && results.every((r) => r.errors + r.non2xx === 0);
    console.log(`\ntarget: /liveEvents p99 ≤ ${TARGET_P99_MS} ms at concurrency ${CONNECTIONS}: ${listing.p99} ms ${ok ? 'met' : 'MISSED'}`);
    reportHeadline({ target: `/liveEvents p99 ≤ ${TARGET_P99_MS} ms at concurrency ${CONNECTIONS}, no errors`, figure: `p99 ${listing.p99} ms, ${listing.rps} req/s`, met: ok });
    return ok;
  });
}
