/**
 * Every screen of the route table (app/route-table.js), on every sample tenant, passes axe's
 * WCAG 2.1 A and AA rules and the best practices below, as the first of signed out → member →
 * organizer → admin the screen admits (docs/decisions/0067). A screen that reads an id gets one
 * from the sample data (tests/e2e/screen-params.ts), so a new route is covered without anyone
 * adding it here.
 *
 * Cheap enough for every run: each worker keeps one page per tenant and viewer and walks the
 * screens in it (a fresh context and sign-in per visit cost more than the check); a test walks a
 * batch of screens, and each screen's findings fail it under the screen's own name.
 */
import axe, { type AxeResults } from 'axe-core';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { ROUTES, type RouteEntry } from '#app/route-table.js';
import { TENANTS, tenantUrl } from './fixtures';
import { screenUrl } from './screen-params';
import { tenantSamples } from './screen-samples';
import { createUser, signInContext, type TestUser } from './session-helpers';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Besides WCAG 2.1 A/AA: the best practices Lighthouse's accessibility score counts, and empty
 * table headers and headings (a header or heading that names nothing).
 */
const BEST_PRACTICES = ['accesskeys', 'aria-allowed-role', 'aria-dialog-name', 'aria-text', 'aria-treeitem-name', 'heading-order', 'image-redundant-alt', 'skip-link', 'tabindex', 'table-duplicate-name', 'empty-table-header', 'empty-heading'];
const RULES = [...axe.getRules().filter((r) => r.tags.some((t) => WCAG_21_AA.includes(t)) && !r.tags.includes('experimental') && !r.tags.includes('deprecated')).map((r) => r.ruleId), ...BEST_PRACTICES];

type Role = 'member' | 'organizer' | 'admin';
type Viewer = 'signed out' | Role;
/** Who a screen is for: the first of these it admits. */
const VIEWERS: ReadonlyArray<Viewer> = ['signed out', 'member', 'organizer', 'admin'];
/** Screens per test: few enough that a batch fits its time on a loaded machine. */
const BATCH = 12;

/** Throwaway accounts, one per tenant and role in each worker: a screen never touches a shared account. */
const accounts = new Map<string, Promise<TestUser>>();
const accountOf = (tenant: string, role: Role) => {
  const key = `${tenant}/${role}`;
  if (!accounts.has(key)) accounts.set(key, createUser(tenant, `axe-${role}`, role));
  return accounts.get(key)!;
};
const samples = new Map<string, ReturnType<typeof tenantSamples>>();
const samplesOf = (tenant: string) => {
  if (!samples.has(tenant)) samples.set(tenant, tenantSamples(tenant, () => accountOf(tenant, 'organizer')));
  return samples.get(tenant)!;
};

/** The worker's pages, one per tenant and viewer, signed in once; a page that broke is replaced. */
interface Viewers {
  page(tenant: string, viewer: Viewer): Promise<Page>;
  discard(tenant: string, viewer: Viewer): Promise<void>;
}

const test = base.extend<object, { viewers: Viewers }>({
  viewers: [
    async ({ browser, playwright }, use) => {
      const request = await playwright.request.newContext();
      const contexts = new Map<string, Promise<BrowserContext>>();
      const pages = new Map<string, Promise<Page>>();
      const open = async (tenant: string, viewer: Viewer) => {
        const context = await browser.newContext({ baseURL: tenantUrl(tenant) });
        if (viewer !== 'signed out') await signInContext(context, request, await accountOf(tenant, viewer));
        return context;
      };
      const viewers: Viewers = {
        page(tenant, viewer) {
          const key = `${tenant}/${viewer}`;
          if (!pages.has(key)) {
            if (!contexts.has(key)) contexts.set(key, open(tenant, viewer));
            pages.set(
              key,
              contexts.get(key)!.then(async (context) => {
                const page = await context.newPage();
                // A screen that asks before it is left (an upload, a room) is left: the next screen is the point.
                page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
                return page;
              }),
            );
          }
          return pages.get(key)!;
        },
        async discard(tenant, viewer) {
          const key = `${tenant}/${viewer}`;
          const page = pages.get(key);
          pages.delete(key);
          await page?.then((p) => p.close()).catch(() => undefined);
        },
      };
      await use(viewers);
      for (const context of contexts.values()) await (await context).close().catch(() => undefined);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/** Loaded and, where the client app runs, hydrated (an error page sets no mark: its router is there). */
const settled = async (page: Page) => {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !('__remixContext' in window) || document.documentElement.dataset.hydrated === 'true' || ('__remixRouter' in window && document.readyState === 'complete'), undefined, { timeout: 30_000 });
  // Colours are measured at rest, not halfway through a transition: a form that waits for the
  // script (ScriptForm's disabled fieldset) is enabled, and its buttons fade in, in a render after
  // the hydration mark; then two frames pass for the fade to start, and it waits only while a
  // transition runs (they end; spinners animate, and are not waited for).
  await page.waitForFunction(() => !document.querySelector('fieldset:disabled'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await atRest(page);
};

/** Two frames for a change to start its transition, then until no CSS transition runs. */
async function atRest(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/**
 * Axe on the page and its frames: its source evaluated in each, then one axe.run. (AxeBuilder's
 * default also opens a blank page per check to merge frames' results, which cost more than the
 * check; the platform's screens have no cross-origin frames to merge.) A screen that moves on by
 * itself (/signOut goes home) is checked where it lands.
 */
async function analyze(page: Page): Promise<AxeResults> {
  for (let attempt = 0; ; attempt++) {
    try {
      await Promise.all(page.frames().map((frame) => frame.evaluate(axe.source)));
      // Only violations are wanted: passes and incomplete results are not gathered node by node.
      return await page.evaluate((rules) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] }), RULES);
    } catch (e) {
      if (attempt >= 2 || !/context was destroyed|navigat/i.test((e as Error).message)) throw e;
      await settled(page);
    }
  }
}

/** Screens that send the viewer on by themselves: /signOut signs out, then goes home. */
const MOVES_ON = new Set(['/signOut']);

type Visit = { kind: 'turned away' } | { kind: 'download' } | { kind: 'checked'; violations: string[] };

/**
 * Opens the screen. A screen that sends the viewer to sign in or refuses them (401/403) is known
 * from its first byte, so it is left at once: the sign-in screen and the refusal are screens of
 * their own, checked there.
 */
async function visit(page: Page, path: string, url: string): Promise<Visit> {
  const response = await page.goto(url, { waitUntil: 'commit' }).catch((e: Error) => {
    if (/Download is starting/.test(e.message)) return 'download' as const;
    throw e;
  });
  if (response === 'download') return { kind: 'download' };
  const status = response?.status() ?? 0;
  const landed = new URL(page.url()).pathname;
  if (status === 401 || status === 403 || (landed === '/signIn' && path !== '/signIn')) return { kind: 'turned away' };
  // A screen that moves on by itself is checked where it lands, once it has left.
  if (MOVES_ON.has(path)) await page.waitForURL((u) => u.pathname !== path, { timeout: 30_000 });
  await settled(page);
  let results = await analyze(page);
  // A control enabled after the screen came to rest fades in: a finding is measured again once
  // that fade has run, and counts if it is still there.
  if (results.violations.length) {
    await atRest(page);
    results = await analyze(page);
  }
  return {
    kind: 'checked',
    violations: results.violations.map((v) => {
      const first = v.nodes[0];
      const why = first ? [...first.any, ...first.all, ...first.none][0]?.message : undefined;
      return `${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}${why ? ` (${why})` : ''}`;
    }),
  };
}

/** The screen as the first viewer it admits; with its id it may answer with a file, and is then checked without it. */
async function checkScreen(viewers: Viewers, tenant: string, route: RouteEntry) {
  for (const url of new Set([await screenUrl(route, samplesOf(tenant)), route.path])) {
    for (const viewer of VIEWERS) {
      const page = await viewers.page(tenant, viewer);
      const seen = await visit(page, route.path, url).catch(async (e: Error) => {
        await viewers.discard(tenant, viewer);
        throw e;
      });
      if (seen.kind === 'turned away') continue;
      if (seen.kind === 'download') break;
      return { url, viewer, violations: seen.violations };
    }
  }
  return null;
}

/**
 * The first tenant is checked at every path; the others at one path of each screen module (the 14
 * room layouts and the 14 social sign-in paths share a module each): what differs between tenants
 * is their theme, language and content, which one path per module shows. AXE_EVERY_PATH=1 checks
 * every path on every tenant.
 */
const everyPath = process.env.AXE_EVERY_PATH === '1';
const onePerModule = ROUTES.filter((r, i) => ROUTES.findIndex((o) => o.file === r.file) === i);

for (const [index, tenant] of TENANTS.entries()) {
  const routes = index === 0 || everyPath ? ROUTES : onePerModule;
  for (let start = 0; start < routes.length; start += BATCH) {
    const batch = routes.slice(start, start + BATCH);
    test(`axe: ${tenant} ${batch[0]!.path} … ${batch.at(-1)!.path}`, async ({ viewers }) => {
      for (const route of batch) {
        const screen = `${tenant} ${route.path}`;
        const checked = await test.step(screen, () => checkScreen(viewers, tenant, route)).catch((e: Error) => ({ error: e.message }));
        if (checked && 'error' in checked) expect.soft(checked.error, `${screen} could not be checked`).toBe('');
        else if (checked) expect.soft(checked.violations, `axe violations on ${tenant} ${checked.url} as ${checked.viewer}`).toEqual([]);
      }
    });
  }
}
