/**
 * Every screen of the route table (app/route-table.js), on every sample tenant, passes axe's
 * WCAG 2.1 A and AA rules: signed out, and, where a screen needs an account, as a member and as
 * an organizer (an admin where organizers are refused). A screen that reads an id gets one from
 * the sample data (tests/e2e/screen-params.ts), so a new route is covered without anyone adding
 * it here. One test per tenant and screen, run in parallel like the rest of the suite.
 */
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
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

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** Throwaway accounts, one per tenant and role in each worker: a screen such as /signOut never touches a shared account. */
const accounts = new Map<string, Promise<TestUser>>();
const accountOf = (tenant: string, role: Role) => {
  const key = `${tenant}/${role}`;
  if (!accounts.has(key)) accounts.set(key, createUser(tenant, `axe-${role}`, role));
  return accounts.get(key)!;
};
const samples = new Map<string, ReturnType<typeof tenantSamples>>();

interface Visit {
  status: number;
  /** The screen sent the visitor to sign in, or refused them. */
  turnedAway: boolean;
  /** The address answered with a file, not a screen (/downloadFiles?file=…). */
  download?: boolean;
  violations: string[];
}

/** Loaded and, where the client app runs, hydrated (an error page sets no mark: its router is there). */
const settled = (page: Page) =>
  page.waitForFunction(() => !('__remixContext' in window) || document.documentElement.dataset.hydrated === 'true' || ('__remixRouter' in window && document.readyState === 'complete'), undefined, { timeout: 30_000 });

/** Axe on the page; a screen that moves on by itself (/signOut goes home) is checked where it lands. */
async function analyze(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new AxeBuilder({ page }).withRules(RULES).analyze();
    } catch (e) {
      if (attempt >= 2 || !/context was destroyed|navigat/i.test((e as Error).message)) throw e;
      await page.waitForLoadState('load');
      await settled(page);
    }
  }
}

/** Opens the screen and waits for it to settle: loaded and, when it runs the client app, hydrated. */
async function visit(page: Page, path: string, url: string, who: string): Promise<Visit> {
  const response = await page.goto(url).catch((e: Error) => {
    if (/Download is starting/.test(e.message)) return 'download' as const;
    throw e;
  });
  if (response === 'download') return { status: 200, turnedAway: false, download: true, violations: [] };
  const status = response?.status() ?? 0;
  const landed = new URL(page.url()).pathname;
  const turnedAway = status === 401 || status === 403 || (landed === '/signIn' && path !== '/signIn');
  // The sign-in screen and the refusal are screens of their own, checked once there.
  if (turnedAway) return { status, turnedAway, violations: [] };
  await settled(page);
  const results = await analyze(page);
  const violations = results.violations.map(
    (v) => `${who} ${url}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
  return { status, turnedAway, violations };
}

async function visitAs(browser: Browser, request: APIRequestContext, tenant: string, role: Role, route: RouteEntry, url: string): Promise<Visit> {
  const context = await browser.newContext({ baseURL: tenantUrl(tenant) });
  try {
    await signInContext(context, request, await accountOf(tenant, role));
    return await visit(await context.newPage(), route.path, url, `${tenant} ${role}`);
  } finally {
    await context.close();
  }
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
  for (const route of index === 0 || everyPath ? ROUTES : onePerModule) {
    test(`axe: ${tenant} ${route.path}`, async ({ browser, request }) => {
      if (!samples.has(tenant)) samples.set(tenant, tenantSamples(tenant, () => accountOf(tenant, 'organizer')));
      const check = async (url: string): Promise<Visit[]> => {
        const context = await browser.newContext({ baseURL: tenantUrl(tenant) });
        const signedOut = await visit(await context.newPage(), route.path, url, `${tenant} signed out`).finally(() => context.close());
        if (!signedOut.turnedAway) return [signedOut];
        // The roles the screen is for: members and organizers; admins where organizers are refused.
        const member = await visitAs(browser, request, tenant, 'member', route, url);
        const organizer = await visitAs(browser, request, tenant, 'organizer', route, url);
        return organizer.turnedAway ? [member, organizer, await visitAs(browser, request, tenant, 'admin', route, url)] : [member, organizer];
      };
      const url = await screenUrl(route, samples.get(tenant)!);
      let visits = await check(url);
      // With its id the address gives the file itself: the screen is the one without it.
      if (visits.some((v) => v.download)) visits = await check(route.path);
      const violations = visits.flatMap((v) => v.violations);
      expect(violations, 'axe violations (WCAG 2.1 A/AA and best practices)').toEqual([]);
    });
  }
}
