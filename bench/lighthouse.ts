// bench/lighthouse: Lighthouse (mobile: simulated slow 4G and a 4× slower CPU, Lighthouse's
// default) with Debian's chromium on the information screens, /liveEvents, /vod, /channelPage and
// /preview of one tenant, served by the production build on a local stack seeded like `npm start`
// (the sample deck and shop) plus a few upcoming events, as a signed-out visitor sees them. Targets:
// performance ≥ 95 and accessibility 100 on every page. Each page's line says what it loads and
// what holds its first paint (render-blocking files, scripts and their main-thread time); each
// report is kept in test-reports/lighthouse/. Figures depend on the machine: its load before and
// after is printed (machineLoad) and a busy machine is named. BENCH_LIGHTHOUSE_ORIGIN (e.g.
// http://aurora.localhost:3000 of `npm start`) measures an app already running instead; the event
// and channel measured are then the first that its /liveEvents and /customerChannels link to.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadRegistry, tenantIdOf } from '#server/config/registry.server';
import { newEventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { seedSampleDecks, seedSampleShops } from '#local/stack/seed';
import { createLocalDatabase, createLocalStorage } from '#local/stack/stack';
import { withBenchStack } from './app-stack';
import { httpGet, loadNow, machineLoad, reportHeadline, table, waitForHttp } from './lib';

const APP_PORT = 3436;
const DYNAMO_PORT = 3437;
const S3_PORT = 3438;
const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const TARGET_PERFORMANCE = 95;
const TARGET_ACCESSIBILITY = 100;
const INFO_SCREENS = ['/', '/aboutUs', '/company', '/products', '/features', '/solutions', '/platform', '/services', '/pricing', '/partners', '/support', '/questions', '/cdeVerified', '/terms', '/privacy', '/security', '/requestInfo', '/contactUs', '/blog', '/news', '/job'];
const RUNNING = process.env.BENCH_LIGHTHOUSE_ORIGIN;
/** BENCH_LIGHTHOUSE_PAGES: a comma-separated subset of the pages, e.g. "/liveEvents,/vod". */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);

interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  'first paint s': string;
  'LCP s': string;
  'blocking ms': number;
}

async function seed(stack: Parameters<Parameters<typeof withBenchStack>[2]>[0]['stack']): Promise<{ eventId: string; channelId: string }> {
  const { registry } = loadRegistry(process.cwd());
  const db = createLocalDatabase(stack.env);
  const stores = { db, storage: createLocalStorage(stack.env) };
  await seedSampleDecks(stores, registry);
  await seedSampleShops(stores, registry);
  const data = tenantData(stores, tenantIdOf(registry, TENANT));
  const organizer = { sub: 'bench-organizer', name: 'Bench Organizer', email: 'organizer@example.com', language: 'en' };
  const topics = ['Product launch', 'Town hall', 'Design review', 'Customer webinar', 'Partner summit', 'Quarterly update'];
  const events = [];
  for (const [i, title] of topics.entries()) {
    const eventDateTime = new Date(Date.now() + (i + 1) * 86_400_000).toISOString();
    events.push(await data.events.create(newEventInput({ title, description: 'An event of the Lighthouse bench.', eventDateTime, eventTimeZone: 'America/New_York', eventLanguage: 'en' }), organizer));
  }
  const channel = (await data.channels.list())[0];
  if (!channel) throw new Error(`${TENANT} has no sample channel`);
  db.raw.destroy();
  return { eventId: events[0]!.eventId, channelId: channel.channelId };
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
const REPORTS = 'test-reports/lighthouse';

type Result = Awaited<ReturnType<typeof audited>>;

/** What the page loads and what holds its first paint and its main thread, from Lighthouse's own audits. */
function breakdown(lhr: Result): string {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []);
  const scripts = items('network-requests').filter((r) => r.resourceType === 'Script');
  const scriptKb = Math.round(scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 1024);
  const blocking = items('render-blocking-resources');
  const blockingMs = Math.round(Number((lhr.audits['render-blocking-resources']?.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0));
  const scriptMs = Math.round(lhr.audits['bootup-time']?.numericValue ?? 0);
  const mainMs = Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0);
  const blockingFiles = blocking.map((b) => String(b.url).replace(/^https?:\/\/[^/]+/, '')).join(', ');
  return `scripts ${scripts.length} (${scriptKb} KB), script time ${scriptMs} ms, main thread ${mainMs} ms; render-blocking ${blocking.length ? `${blockingFiles} (${blockingMs} ms)` : 'none'}`;
}

/** GET of a tenant address: to loopback with its Host header (Node does not resolve <slug>.localhost). */
function get(url: string) {
  const { host, port, pathname, search } = new URL(url);
  return httpGet(`http://127.0.0.1:${port || 80}${pathname}${search}`, { Host: host });
}

/** The first `<path>?<param>=` link on a page of the running app. */
async function firstLink(origin: string, page: string, path: string, param: string): Promise<string> {
  const html = (await get(origin + page)).body.toString();
  const found = html.match(new RegExp(`href="${path}\\?${param}=([^"&]+)`));
  if (!found) throw new Error(`${origin}${page} links to no ${path}`);
  return decodeURIComponent(found[1]!);
}

/** One Lighthouse run of the page; a trace lost on a busy machine (NO_NAVSTART, …) is taken again, twice at most. */
async function audited(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }))?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const why = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    if (attempt === 3) throw new Error(`${url}: ${why}`);
    console.log(`${url}: ${why}; again`);
  }
}

async function measure(origin: string, eventId: string, channelId: string, loadBefore: number): Promise<boolean> {
  const pages = [...INFO_SCREENS, '/liveEvents', '/vod', `/channelPage?channel=${channelId}`, `/preview?event=${eventId}`].filter((p) => !ONLY || ONLY.includes(p.split('?')[0]!));
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const rows: Figures[] = [];
  mkdirSync(REPORTS, { recursive: true });
  try {
    for (const page of pages) {
      const url = origin + page;
      // Lighthouse loads each page once, cold; the render cache is warmed first, as a visitor after the first finds it.
      await get(url).catch(() => undefined);
      const lhr = await audited(url, chrome.port);
      writeFileSync(`${REPORTS}/${page.split('?')[0]!.replace(/^\//, '') || 'home'}.json`, JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]?.numericValue;
      const row: Figures = {
        page: page.split('?')[0]!,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        'first paint s': seconds(audit('first-contentful-paint')),
        'LCP s': seconds(audit('largest-contentful-paint')),
        'blocking ms': Math.round(audit('total-blocking-time') ?? 0),
      };
      rows.push(row);
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
      const note = failing.length ? `  accessibility: ${failing.map((a) => a.id).join(', ')}` : '';
      console.log(`${row.page}: performance ${row.performance}, accessibility ${row.accessibility}, first paint ${row['first paint s']} s, LCP ${row['LCP s']} s, blocking ${row['blocking ms']} ms${note}\n  ${breakdown(lhr)}`);
    }
  } finally {
    chrome.kill();
  }

  console.log(`\nbench/lighthouse: ${origin}, signed out, Lighthouse mobile (simulated throttling), Debian chromium, production build; ${cpus().length} cores.\nMachine: ${machineLoad(loadBefore).text}.`);
  console.log(table(rows.map((r) => ({ ...r, performance: `${r.performance} ${r.performance >= TARGET_PERFORMANCE ? '≥' : '<'} ${TARGET_PERFORMANCE}`, accessibility: `${r.accessibility} ${r.accessibility >= TARGET_ACCESSIBILITY ? '=' : '<'} ${TARGET_ACCESSIBILITY}` }))));
  const perfOk = rows.every((r) => r.performance >= TARGET_PERFORMANCE);
  const a11yOk = rows.every((r) => r.accessibility >= TARGET_ACCESSIBILITY);
  console.log(`\ntargets: performance ≥ ${TARGET_PERFORMANCE} ${perfOk ? 'met' : 'MISSED'}; accessibility ${TARGET_ACCESSIBILITY} ${a11yOk ? 'met' : 'MISSED'}`);
  const lowest = (key: 'performance' | 'accessibility') => Math.min(...rows.map((r) => r[key]));
  reportHeadline({ target: `performance ≥ ${TARGET_PERFORMANCE}, accessibility ${TARGET_ACCESSIBILITY} on every page`, figure: `${rows.length} pages: performance ≥ ${lowest('performance')}, accessibility ≥ ${lowest('accessibility')}`, met: perfOk && a11yOk });
  return perfOk && a11yOk;
}

export async function benchLighthouse(): Promise<boolean> {
  const loadBefore = loadNow();
  if (RUNNING) {
    const origin = RUNNING.replace(/\/$/, '');
    return measure(origin, await firstLink(origin, '/liveEvents', '/preview', 'event'), await firstLink(origin, '/customerChannels', '/channelPage', 'channel'), loadBefore);
  }
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  // A loaded machine starts DynamoDB Local slowly: the stack gets three minutes.
  return withBenchStack('lighthouse', { dynamoPort: DYNAMO_PORT, s3Port: S3_PORT, appPort: APP_PORT, timeoutMs: 180_000 }, async ({ stack, startApp }) => {
    const { eventId, channelId } = await seed(stack);
    startApp();
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/`, { Host: `${TENANT}.localhost:${APP_PORT}` }, 180_000);
    return measure(`http://${TENANT}.localhost:${APP_PORT}`, eventId, channelId, loadBefore);
  });
}
