/**
 * Every screen of the route table on every sample tenant at the four breakpoints, for a person to
 * look at (`npm run screens`): test-results/screens/<tenant>/<width>/<route>.png and an index
 * (tests/visual/screens-index.ts). A route's parameters come from its own declaration in
 * app/route-table.js (`ids.query`), filled with the seeded sample's id of that kind, so a new
 * route is screenshot without anyone adding it. Each screen is taken signed out, or as the
 * tenant's demo organizer when a visitor is sent to sign in. Nothing here judges the pictures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ROUTES, type RouteEntry } from '#app/route-table.js';
import { tenantUrl } from '../e2e/fixtures';
import { contextAt, MEDIA_ARGS, settled } from './capture';
import { readSample, VISUAL_TENANTS, type TenantSample, type VisualTenant } from './sample';
import { screenFile, SCREEN_WIDTHS, type ScreenRecord } from './screens-files';
import { CHROMIUM_FULL } from '../e2e/stack';

test.use({ launchOptions: { executablePath: CHROMIUM_FULL, args: MEDIA_ARGS } });
test.describe.configure({ mode: 'parallel' });

/** The route's query with each declared id filled from the sample; kinds the sample lacks are left out. */
export function screenUrl(route: RouteEntry, sample: TenantSample): string {
  const query = new URLSearchParams();
  const entitlements = route.entitlement ? ([] as const).concat(route.entitlement as never) : [];
  for (const [name, kind] of Object.entries(route.ids?.query ?? {})) {
    if (kind === 'article') {
      const slug = sample.articles[route.path];
      if (slug) query.set(name, slug);
      continue;
    }
    if (kind === 'media') {
      const kinds = (entitlements as Array<{ media?: string; kinds?: readonly string[] }>).find((e) => e.media === `query.${name}`)?.kinds;
      if (kinds && sample.mediaKind && !kinds.includes(sample.mediaKind)) continue;
    }
    const id = sample.ids[kind];
    if (id) query.set(name, id);
  }
  const search = query.toString();
  return search ? `${route.path}?${search}` : route.path;
}

/** One signed-in context per tenant and role in this worker, reused by its screens. */
const contexts = new Map<string, Promise<BrowserContext>>();
function contextOf(browser: Browser, tenant: VisualTenant, role: 'visitor' | 'organizer', sample: TenantSample) {
  const key = `${tenant}/${role}`;
  if (!contexts.has(key)) contexts.set(key, contextAt(browser, SCREEN_WIDTHS[0], role === 'organizer' ? sample.organizer : undefined));
  return contexts.get(key)!;
}

function writeRecord(record: ScreenRecord) {
  const meta = screenFile(record.tenant, 'meta', record.route).replace(/\.png$/, '.json');
  mkdirSync(dirname(meta), { recursive: true });
  writeFileSync(meta, JSON.stringify(record));
}

const isSignInPath = (url: string) => /^\/(signIn|signUp|ssoSignIn)/.test(new URL(url).pathname);

for (const tenant of VISUAL_TENANTS) {
  for (const route of ROUTES) {
    test(`${tenant} ${route.path}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const sample = readSample()[tenant];
      const path = screenUrl(route, sample);
      let role: 'visitor' | 'organizer' = 'visitor';
      let page = await (await contextOf(browser, tenant, role, sample)).newPage();
      // A screen that answers with a file (a download) has nothing to look at: it is recorded as one.
      const open = (target: Page) => target.goto(tenantUrl(tenant, path)).catch((e: Error) => (/Download is starting/.test(e.message) ? 'download' : Promise.reject(e)));
      let response = await open(page);
      // Signing out as the organizer would end the session the other screens use.
      if (isSignInPath(page.url()) && !isSignInPath(tenantUrl(tenant, route.path)) && route.path !== '/signOut') {
        await page.close();
        role = 'organizer';
        page = await (await contextOf(browser, tenant, role, sample)).newPage();
        response = await open(page);
      }
      if (response === 'download') {
        writeRecord({ tenant, route: route.path, url: path, as: role, status: 200, landed: path, settled: true, overflow: {}, download: true });
        await page.close();
        return;
      }
      // A screen that never settles is still taken as it is: that is worth looking at too.
      // Screens that load their data after the page (the rooms) show a spinner until then.
      const settledOk = await settled(page)
        .then(() => expect(page.locator('.chakra-spinner:visible')).toHaveCount(0, { timeout: 30_000 }))
        .then(
          () => true,
          () => false,
        );
      const overflow: Record<string, number> = {};
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        // How far the page reaches past the window's width: a phone that scrolls sideways shows here.
        overflow[width] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        const file = screenFile(tenant, width, route.path);
        mkdirSync(dirname(file), { recursive: true });
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      }
      writeRecord({ tenant, route: route.path, url: path, as: role, status: (response as Exclude<typeof response, string>)?.status() ?? 0, landed: new URL(page.url()).pathname + new URL(page.url()).search, settled: settledOk, overflow });
      await page.close();
    });
  }
}
