import type { BrowserContext } from '@playwright/test';
import { expect, tenantUrl, test } from './fixtures';

/**
 * The pooled `context` fixture (tests/e2e/contextPool.ts, docs/decisions/0074): a context handed
 * to the next test carries nothing the last test left, and one the last test changed for good is
 * not handed on. Serial, so one worker runs them in order.
 */
test.describe.configure({ mode: 'serial' });

let previous: BrowserContext | undefined;

test('a test leaves a cookie, local storage, IndexedDB and a permission behind', async ({ context, page }) => {
  previous = context;
  await page.goto(tenantUrl('aurora', '/'));
  await page.evaluate(async () => {
    localStorage.setItem('left', 'behind');
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('left-behind');
      open.onsuccess = () => resolve(open.result.close());
      open.onerror = () => reject(open.error);
    });
  });
  await context.addCookies([{ name: 'left', value: 'behind', url: tenantUrl('aurora', '/') }]);
  await context.grantPermissions(['clipboard-read'], { origin: tenantUrl('aurora', '') });
  await context.newPage();
});

test('the next test gets the same context with none of it', async ({ context, page }) => {
  expect(context, 'the context is reused').toBe(previous);
  expect(context.pages(), 'only this test’s page').toEqual([page]);
  expect(await context.cookies()).toEqual([]);
  await page.goto(tenantUrl('aurora', '/'));
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state)).not.toBe('granted');
});

test('a test that adds an init script to its context …', async ({ context, page }) => {
  previous = context;
  await context.addInitScript(() => Object.assign(window, { leftBehind: true }));
  await page.goto(tenantUrl('aurora', '/'));
  expect(await page.evaluate(() => 'leftBehind' in window)).toBe(true);
});

test('… leaves the next test a new context', async ({ context, page }) => {
  expect(context, 'a new context').not.toBe(previous);
  await page.goto(tenantUrl('aurora', '/'));
  expect(await page.evaluate(() => 'leftBehind' in window)).toBe(false);
});
