// bench/ssr: requests/s and p50/p99 of two tenants' home pages at concurrency 50, against a bare
// Express handler of the same body size in the same run; and the gzip size of the JavaScript each
// information screen loads. Loopback only, bounded in time.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { httpGet, load, startProcess, stopProcess, table, waitForHttp, type LoadFigures } from './lib';

const APP_PORT = 3410;
const BARE_PORT = 3411;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANTS = (process.env.BENCH_TENANTS ?? 'aurora,lumiere').split(',');
const INFO_SCREENS = [
  '/', '/home', '/aboutUs', '/products', '/features', '/solutions', '/pricing', '/partners', '/support', '/services',
  '/cdeVerified', '/requestInfo', '/terms', '/privacy', '/security', '/platform', '/questions', '/company', '/contactUs',
  '/blog', '/job', '/news',
];
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 30;
const TARGET_JS_KB = 110;

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
  let bare;
  try {
    await waitForHttp(`${origin}/`, host(TENANTS[0]));
    const home = await httpGet(`${origin}/`, host(TENANTS[0]));
    if (home.status !== 200) throw new Error(`home answered ${home.status}`);
    const homeBytes = home.body.length;

    const results: LoadFigures[] = [];
    for (const tenant of TENANTS) {
      await load(`warm-up ${tenant}`, `${origin}/`, host(tenant), 10, 2);
      results.push(await load(`${tenant} home`, `${origin}/`, host(tenant), CONNECTIONS, DURATION));
    }

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
      await waitForHttp(`${origin}/`, host(TENANTS[0]));
      await load('warm-up uncached', `${origin}/`, host(TENANTS[0]), 10, 2);
      results.push(await load(`${TENANTS[0]} home, render cache off`, `${origin}/`, host(TENANTS[0]), CONNECTIONS, DURATION));
    } finally {
      await stopProcess(uncached);
    }

    bare = startProcess('node_modules/.bin/tsx', ['bench/bare-server.ts'], { PORT: String(BARE_PORT), BODY_BYTES: String(homeBytes) });
    await waitForHttp(`http://127.0.0.1:${BARE_PORT}/`);
    await load('warm-up bare', `http://127.0.0.1:${BARE_PORT}/`, {}, 10, 2);
    const bareFigures = await load(`bare express (${homeBytes} B)`, `http://127.0.0.1:${BARE_PORT}/`, {}, CONNECTIONS, DURATION);

    const rows = [...results, bareFigures].map((r) => ({
      target: r.label,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors + r.non2xx,
      'ratio to bare': (r.rps / bareFigures.rps).toFixed(2),
    }));
    console.log(`\nbench/ssr: home page, concurrency ${CONNECTIONS}, ${DURATION} s each, body ${homeBytes} bytes`);
    console.log(table(rows));
    const worstJs = Math.max(...js.map((j) => j.kb));
    console.log(`\nJavaScript loaded by information screens (gzip): max ${worstJs.toFixed(1)} KB over ${js.length} tenant/screen pairs`);
    console.log(table(js.filter((j) => j.tenant === TENANTS[0]).map((j) => ({ screen: j.screen, 'gzip KB': j.kb.toFixed(1) }))));

    // Targets apply to the home page as served (cache on); the cache-off row is for information.
    const served = results.filter((r) => !r.label.includes('cache off'));
    const ratioOk = served.every((r) => r.rps / bareFigures.rps >= TARGET_RATIO);
    const p99Ok = served.every((r) => r.p99 <= TARGET_P99_MS);
    const errorsOk = results.every((r) => r.errors + r.non2xx === 0);
    const jsOk = worstJs <= TARGET_JS_KB;
    console.log(`\ntargets: ratio ≥ ${TARGET_RATIO} ${ratioOk ? 'met' : 'MISSED'}; p99 ≤ ${TARGET_P99_MS} ms ${p99Ok ? 'met' : 'MISSED'}; no errors ${errorsOk ? 'met' : 'MISSED'}; JS ≤ ${TARGET_JS_KB} KB ${jsOk ? 'met' : 'MISSED'}`);
    return ratioOk && p99Ok && errorsOk && jsOk;
  } finally {
    await stopProcess(app);
    if (bare) await stopProcess(bare);
  }
}
