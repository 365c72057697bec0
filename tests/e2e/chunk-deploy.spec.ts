import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { carryPreviousAssets, holdPreviousAssets } from '#scripts/deploy/previousAssets';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { expectMessage, expectSameDocument, markDocument, navigate, routeModule } from './chunk-helpers';

/**
 * A page served by build A, navigating after the site was deployed as build B
 * (docs/decisions/0050-chunk-loading.md). The test stack serves the real build (A). Build B is made
 * from it by giving every hashed asset a new name, as a rebuild with changed code does, and by the
 * real build step that keeps the previous build's assets (scripts/deploy/previousAssets.ts); the browser's
 * asset requests are then answered from B's folder only, as an instance running B would answer them.
 * Remix 2's data requests carry no build version, so they may go to the stack as they are.
 */

const BUILD_A = resolve('build', 'client', 'assets');

/** Build B's assets folder, with or without build A's files kept beside its own. */
function buildB(keepPrevious: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'build-b-'));
  const buildDir = join(root, 'build');
  cpSync(BUILD_A, join(buildDir, 'client', 'assets'), { recursive: true });
  holdPreviousAssets(buildDir, join(root, 'hold'));
  // "Rebuild": every file under a new hashed name; A's names are gone.
  for (const name of readdirSync(join(buildDir, 'client', 'assets'))) {
    renameSync(join(buildDir, 'client', 'assets', name), join(buildDir, 'client', 'assets', name.replace(/(\.[a-z]+)$/, '-b$1')));
  }
  if (keepPrevious) carryPreviousAssets(buildDir, join(root, 'hold'));
  return join(buildDir, 'client', 'assets');
}

/** From now on the page's /assets/ requests are answered by an instance serving `assets`. */
async function serveAssetsFrom(page: Page, assets: string) {
  await page.route('**/assets/**', async (route) => {
    const name = new URL(route.request().url()).pathname.replace(/^\/assets\//, '');
    const file = join(assets, name);
    if (!name.includes('/') && existsSync(file)) await route.fulfill({ path: file, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } });
    else await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
}

const folders: string[] = [];
test.afterAll(() => {
  for (const folder of folders) rmSync(resolve(folder, '..', '..', '..'), { recursive: true, force: true });
});

test('build B keeps build A’s assets: the old page navigates on as if nothing happened', async ({ page }) => {
  const assets = buildB(true);
  folders.push(assets);
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  const module = await routeModule(page, 'pricing');
  expect(existsSync(join(assets, module.replace('/assets/', ''))), 'build B serves build A’s pricing module').toBe(true);
  await serveAssetsFrom(page, assets);
  await markDocument(page);
  const served = page.waitForResponse((response) => response.url().endsWith(module));
  await navigate(page, '/pricing');
  expect((await served).status()).toBe(200);
  await expect(page).toHaveURL(tenantUrl('aurora', '/pricing'));
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('chunk-load-error')).toHaveCount(0);
  await expectSameDocument(page);
});

test('build B without build A’s assets: the old page shows the message, and Reload gives a working page', async ({ page }) => {
  const assets = buildB(false);
  folders.push(assets);
  await page.goto(tenantUrl('aurora', '/signIn'));
  await pageHydrated(page);
  await serveAssetsFrom(page, assets);
  await markDocument(page);
  await navigate(page, '/pricing');
  await expectMessage(page, 'en', 'page');
  await expectSameDocument(page);
  // After the reload the document is the stack's own (build A's names again, here): the point is
  // that the message offered a way out rather than a loop.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('chunk-load-error')).toHaveCount(0);
});
