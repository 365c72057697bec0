import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test as base } from './contextPool';
import { E2E_PORT } from './stack';

export const TENANTS = ['aurora', 'solana', 'lumiere'] as const;
export type TenantId = (typeof TENANTS)[number];

/** The four breakpoints: mobile ≤767, tablet 768–1024, desktop ≥1025, extra large ≥1180 (docs/PRODUCT.md, Rules). */
export const VIEWPORTS = {
  mobile: { width: 375, height: 800 },
  tablet: { width: 900, height: 1000 },
  desktop: { width: 1100, height: 900 },
  xl: { width: 1366, height: 900 },
} as const;

export const tenantUrl = (tenant: string, path = '/') => `http://${tenant}.localhost:${E2E_PORT}${path}`;

/** A test whose page fails it on a console error or an uncaught page error, except loads answered with an `allowed` status. */
const guardedTest = (allowed: RegExp) =>
  base.extend<{ page: Page }>({
    page: async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowed.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(page);
      expect(errors, 'console errors on the page').toEqual([]);
    },
  });

/** A console error or an uncaught page error fails the test (docs/ARCHITECTURE.md, Conventions). */
export const test = guardedTest(/status of 4\d\d/);
/** The same guard for tests of outages, whose 503 answers are expected (Chromium logs every non-2xx load). */
export const outageTest = guardedTest(/status of (4\d\d|503)/);

export { expect };

/** Resolves once React has committed the page and owns its handlers (root sets html[data-hydrated]). */
export async function pageHydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });
}

/**
 * The page is ready for a person: hydrated when it ships the client app; a page served without it
 * (information and listing pages for signed-out visitors, docs/decisions/0004 and 0069) is ready
 * once loaded.
 */
export async function pageReady(page: Page) {
  if (await page.evaluate(() => '__remixContext' in window)) await pageHydrated(page);
}

type RequestOptions = Parameters<APIRequestContext['post']>[1];

/**
 * Requests from Node (not the browser) to a tenant. Node cannot resolve <slug>.localhost, so they
 * go to 127.0.0.1 with the tenant's Host header, as a load balancer would forward them.
 */
export function tenantApi(request: APIRequestContext, tenant: string) {
  const withHost = (options: RequestOptions = {}) => ({ ...options, headers: { ...(options?.headers ?? {}), Host: `${tenant}.localhost:${E2E_PORT}` } });
  const url = (path: string) => `http://127.0.0.1:${E2E_PORT}${path}`;
  return {
    get: (path: string, options?: RequestOptions) => request.get(url(path), withHost(options)),
    post: (path: string, options?: RequestOptions) => request.post(url(path), withHost(options)),
  };
}
