// bench/ssr: requests/s and p50/p99 of two tenants' home pages answered from the render cache at
// concurrency 50, plain and with gzip and brotli, against bare Node answering the very same bytes
// (and a bare Express handler, for information) in the same run; the home page's bytes against
// their figure before the page-weight work; and the gzip size of the JavaScript each information
// screen loads. Loopback only, bounded in time.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { httpGet, load, loadNow, machineLoad, startProcess, stopProcess, table, waitForHttp, type LoadFigures } from './lib';

const APP_PORT = 3410;
const BARE_PORT = 3411;
const BARE_EXPRESS_PORT = 3412;
/** Bare Node answering the other tenants' pages, each its own bytes: 3413, 3414, … */
const BARE_OTHER_PORT = 3413;
/** Each target is loaded in this many slices, taken in turn with the others'. */
const ROUNDS = 3;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANTS = (process.env.BENCH_TENANTS ?? 'aurora,lumiere').split(',');
const INFO_SCREENS = [
  '/', '/home', '/aboutUs', '/products', '/features', '/solutions', '/pricing', '/partners', '/support', '/services',
  '/cdeVerified', '/requestInfo', '/terms', '/privacy', '/security', '/platform', '/questions', '/company', '/contactUs',
  '/blog', '/job', '/news',
];
/** A cache hit against bare Node sending the same bytes (docs/decisions/0095). */
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 30;
const TARGET_JS_KB = 110;
/** A busy machine starts the app slowly (TypeScript compiled at start, the first render). */
const START_TIMEOUT_MS = 180_000;
/** The home pages as served before the page-weight work (this bench's setup: no data services), bytes plain / gzip -9 / brotli 5. */
const HOME_BEFORE: Record<string, { plain: number; gzip: number; br: number }> = {
  aurora: { plain: 73_213, gzip: 10_180, br: 9_357 },
  lumiere: { plain: 77_559, gzip: 10_214, br: 9_317 },
};
const ENCODINGS = [
  { label: 'plain', headers: {} },
  { label: 'gzip', headers: { 'Accept-Encoding': 'gzip' } },
  { label: 'br', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
] as const;

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  encoding: string;
  kind: 'page' | 'bare node' | 'bare express';
  /** Whose page (a bare server answers one tenant's bytes). */
  tenant: string;
}

/** One target's slices as one figure: the mean rate, the median p50 and the worst p99. */
function combined(label: string, slices: LoadFigures[]): LoadFigures {
  const sorted = slices.map((s) => s.p50).sort((a, b) => a - b);
  return {
    label,
    rps: Math.round(slices.reduce((n, s) => n + s.rps, 0) / slices.length),
    p50: sorted[Math.floor(sorted.length / 2)]!,
    p99: Math.max(...slices.map((s) => s.p99)),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
  };
}

const origin = `http://127.0.0.1:${APP_PORT}`;
const host = (tenant: string) => ({ Host: `${tenant}.localhost:${APP_PORT}` });

/** Sum of gzip sizes of every script a page loads: external scripts, module preloads and inline scripts. */
async function javascriptBytes(tenant: string, path: string): Promise<number> {
  const page = await httpGet(origin + path, host(tenant));
  // A list switched off for a tenant answers its branded 404, which is measured like any screen.
  if (page.status !== 200 && page.status !== 404) throw new Error(`${tenant} ${path} answered ${page.status}`);
  const html = page.body.toString();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  let bytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) bytes += gzipSync(m[1]).length;
  for (const url of urls) {
    const res = await httpGet(new URL(url, origin).href, host(tenant));
    bytes += gzipSync(res.body).length;
  }
  return bytes;
}

export async function benchSsr(): Promise<boolean> {
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const loadBefore = loadNow();
  const appEnv = {
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    // Pages measured here read only tenant files; the data services need not run.
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
  };
  const app = startProcess('node_modules/.bin/tsx', ['server/index.ts'], appEnv);
  const bareProcesses: Array<ReturnType<typeof startProcess>> = [];
  const homeFile = join(tmpdir(), `bench-ssr-home-${process.pid}.html`);
  try {
    await waitForHttp(`${origin}/`, host(TENANTS[0]), START_TIMEOUT_MS);
    const pages: Record<string, { plain: number; gzip: number; br: number }> = {};
    // Each page once, then a moment for its compressed copies to be made.
    for (const tenant of TENANTS) await httpGet(`${origin}/`, host(tenant));
    await sleep(500);
    for (const tenant of TENANTS) {
      const sizes = { plain: 0, gzip: 0, br: 0 };
      for (const e of ENCODINGS) {
        const page = await httpGet(`${origin}/`, { ...host(tenant), ...e.headers });
        if (page.status !== 200) throw new Error(`${tenant} home answered ${page.status}`);
        sizes[e.label] = page.body.length;
      }
      pages[tenant] = sizes;
    }
    // The bare servers answer the first tenant's page, byte for byte; one more bare Node per other
    // tenant answers that tenant's page, so each cached page is set beside the same bytes.
    writeFileSync(homeFile, (await httpGet(`${origin}/`, host(TENANTS[0]))).body);
    for (const [i, tenant] of TENANTS.slice(1).entries()) {
      const file = `${homeFile}.${tenant}`;
      writeFileSync(file, (await httpGet(`${origin}/`, host(tenant))).body);
      bareProcesses.push(startProcess('node_modules/.bin/tsx', ['bench/bare-server.ts'], { PORT: String(BARE_OTHER_PORT + i), BODY_FILE: file }));
      await waitForHttp(`http://127.0.0.1:${BARE_OTHER_PORT + i}/`, {}, START_TIMEOUT_MS);
    }

    // The bare servers run beside the app, and every target is loaded in turn, a slice at a time,
    // ROUNDS times over: on a shared machine the load of other work then weighs on each alike.
    for (const kind of ['bare node', 'bare express'] as const) {
      const port = kind === 'bare node' ? BARE_PORT : BARE_EXPRESS_PORT;
      bareProcesses.push(startProcess('node_modules/.bin/tsx', ['bench/bare-server.ts'], { PORT: String(port), BODY_FILE: homeFile, ...(kind === 'bare express' ? { BARE: 'express' } : {}) }));
      await waitForHttp(`http://127.0.0.1:${port}/`, {}, START_TIMEOUT_MS);
    }
    const bareUrl = (kind: 'bare node' | 'bare express') => `http://127.0.0.1:${kind === 'bare node' ? BARE_PORT : BARE_EXPRESS_PORT}/`;
    const targets: Target[] = [
      ...TENANTS.map((tenant) => ({ label: `${tenant} home, cached`, url: `${origin}/`, headers: host(tenant), encoding: 'plain', kind: 'page' as const, tenant })),
      ...ENCODINGS.slice(1).map((e) => ({ label: `${TENANTS[0]} home, cached`, url: `${origin}/`, headers: { ...host(TENANTS[0]), ...e.headers }, encoding: e.label, kind: 'page' as const, tenant: TENANTS[0]! })),
      ...ENCODINGS.map((e) => ({ label: 'bare node, same bytes', url: bareUrl('bare node'), headers: { ...e.headers }, encoding: e.label, kind: 'bare node' as const, tenant: TENANTS[0]! })),
      ...TENANTS.slice(1).map((tenant, i) => ({ label: `bare node, ${tenant}'s bytes`, url: `http://127.0.0.1:${BARE_OTHER_PORT + i}/`, headers: {}, encoding: 'plain', kind: 'bare node' as const, tenant })),
      { label: 'bare express, same bytes', url: bareUrl('bare express'), headers: {}, encoding: 'plain', kind: 'bare express' as const, tenant: TENANTS[0]! },
    ];
    for (const t of targets) await load(`warm-up ${t.label}`, t.url, t.headers, 10, 1);
    const slices = new Map<Target, LoadFigures[]>(targets.map((t) => [t, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) slices.get(t)!.push(await load(t.label, t.url, t.headers, CONNECTIONS, Math.max(1, Math.round(DURATION / ROUNDS))));
    }
    const results: Array<LoadFigures & { encoding: string; kind: Target['kind'] | 'uncached'; tenant: string }> = targets.map((t) => ({ ...combined(t.label, slices.get(t)!), encoding: t.encoding, kind: t.kind, tenant: t.tenant }));
    for (const bare of bareProcesses) await stopProcess(bare);

    const js: Array<{ tenant: string; screen: string; kb: number }> = [];
    for (const tenant of TENANTS) {
      const screens = [...INFO_SCREENS];
      // Detail screens: the first article linked from each list.
      for (const list of ['/blog', '/news', '/job']) {
        const link = (await httpGet(origin + list, host(tenant))).body.toString().match(/href="(\/(?:blog|news|job)Details\?slug=[^"]+)"/);
        if (link) screens.push(link[1].replace(/&amp;/g, '&'));
      }
      for (const screen of screens) js.push({ tenant, screen, kb: (await javascriptBytes(tenant, screen)) / 1024 });
    }
    await stopProcess(app);

    // The same page with the render cache off: what a render itself costs.
    const uncached = startProcess('node_modules/.bin/tsx', ['server/index.ts'], { ...appEnv, RENDER_CACHE_SECONDS: '0' });
    try {
      await waitForHttp(`${origin}/`, host(TENANTS[0]), START_TIMEOUT_MS);
      await load('warm-up uncached', `${origin}/`, host(TENANTS[0]), 10, 2);
      results.push({ ...(await load(`${TENANTS[0]} home, render cache off`, `${origin}/`, host(TENANTS[0]), CONNECTIONS, DURATION)), encoding: 'plain', kind: 'uncached', tenant: TENANTS[0]! });
    } finally {
      await stopProcess(uncached);
    }

    const bareNode = (encoding: string, tenant = TENANTS[0]) => results.find((r) => r.kind === 'bare node' && r.encoding === encoding && r.tenant === tenant)!;
    const plainHit = results.find((r) => r.kind === 'page' && r.encoding === 'plain')!;
    const rows = results.map((r) => ({
      target: r.label,
      encoding: r.encoding,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors + r.non2xx,
      'vs bare node, same bytes': (r.rps / bareNode(r.encoding, r.kind === 'uncached' || r.kind === 'bare express' ? TENANTS[0] : r.tenant).rps).toFixed(2),
      'vs plain hit': r.kind === 'page' ? (r.rps / plainHit.rps).toFixed(2) : '',
    }));
    console.log(`\nbench/ssr: home page, concurrency ${CONNECTIONS}, ${DURATION} s per target in ${ROUNDS} interleaved slices; each bare Node answers the page it stands beside byte for byte (bare Express: ${TENANTS[0]}'s)`);
    console.log(table(rows));

    console.log('\nHome page bytes (plain / gzip / br) before the page-weight work and now:');
    console.log(
      table(
        TENANTS.map((tenant) => {
          const before = HOME_BEFORE[tenant];
          const now = pages[tenant]!;
          const cell = (b: number | undefined, n: number) => (b ? `${b} → ${n} (${(((n - b) / b) * 100).toFixed(0)} %)` : String(n));
          return { tenant, plain: cell(before?.plain, now.plain), gzip: cell(before?.gzip, now.gzip), br: cell(before?.br, now.br) };
        }),
      ),
    );
    const worstJs = Math.max(...js.map((j) => j.kb));
    console.log(`\nJavaScript loaded by information screens (gzip): max ${worstJs.toFixed(1)} KB over ${js.length} tenant/screen pairs`);
    console.log(table(js.filter((j) => j.tenant === TENANTS[0]).map((j) => ({ screen: j.screen, 'gzip KB': j.kb.toFixed(1) }))));

    // Targets apply to the home page as served (cache on); the cache-off and bare rows are for information.
    const served = results.filter((r) => r.kind === 'page');
    const ratioOk = served.every((r) => r.rps / bareNode(r.encoding, r.tenant).rps >= TARGET_RATIO);
    const p99Ok = served.every((r) => r.p99 <= TARGET_P99_MS);
    // The cache-off row loads a render 50 at a time to show what a render costs: its timeouts are information too.
    const errorsOk = results.every((r) => r.kind === 'uncached' || r.errors + r.non2xx === 0);
    const jsOk = worstJs <= TARGET_JS_KB;
    const compressedOk = pages[TENANTS[0]]!.br < pages[TENANTS[0]]!.plain && pages[TENANTS[0]]!.gzip < pages[TENANTS[0]]!.plain;
    console.log(`\nMachine: ${machineLoad(loadBefore).text}.`);
    console.log(
      `\ntargets: cached page ≥ ${TARGET_RATIO}× bare Node, same bytes (plain, gzip, br) ${ratioOk ? 'met' : 'MISSED'} (plain ${(plainHit.rps / bareNode('plain').rps).toFixed(2)}); p99 ≤ ${TARGET_P99_MS} ms ${p99Ok ? 'met' : 'MISSED'}; stored gzip and br copies served ${compressedOk ? 'met' : 'MISSED'}; no errors (cached and bare) ${errorsOk ? 'met' : 'MISSED'}; JS ≤ ${TARGET_JS_KB} KB ${jsOk ? 'met' : 'MISSED'}`,
    );
    return ratioOk && p99Ok && errorsOk && jsOk && compressedOk;
  } finally {
    await stopProcess(app);
    for (const bare of bareProcesses) await stopProcess(bare);
    rmSync(homeFile, { force: true });
    for (const tenant of TENANTS.slice(1)) rmSync(`${homeFile}.${tenant}`, { force: true });
  }
}
