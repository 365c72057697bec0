/**
 * The `context` fixture, reused between the tests of a worker (docs/decisions/0074).
 *
 * A fresh browser context starts with an empty HTTP cache, so every test's first page fetched and
 * streamed the whole client app again (about 1.4 MB of script in ~90 files). Here a worker keeps
 * the context a test used and hands it to the next test with the same context options, emptied of
 * everything a test can observe (pages, cookies, permissions, local storage, IndexedDB, Cache
 * Storage, service workers) but not of its HTTP cache: the app's assets are content-hashed and
 * immutable, so a cached copy is the copy the server would send. (Chromium keeps no compiled code
 * for these off-the-record contexts, so scripts are still compiled on every load.)
 *
 * A context is never reused when its test failed, or when the test changed the context in a way
 * that cannot be undone (an init script, an exposed function, a route, the fake clock, HTTP
 * credentials, a listener on the context): the next test gets a new one.
 */
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions, type TestType } from '@playwright/test';

/** What a test can leave behind in a context and is not cleared: its use makes the context single-use. */
const IRREVERSIBLE = ['addInitScript', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'setHTTPCredentials', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'on', 'once', 'addListener', 'prependListener'] as const;
const CLOCK = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;
/** Everything an origin stores except cookies (cleared per context) and the HTTP cache (kept). */
const ORIGIN_STORAGE = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';
/** Idle contexts a worker keeps, one per set of options (most files use one). */
const MAX_IDLE = 3;

interface Pooled {
  context: BrowserContext;
  key: string;
  options: BrowserContextOptions;
  /** Set when the test did something `reset` cannot undo. */
  spoiled: boolean;
  /** Origins the context's frames have shown since it was last reset: their storage is cleared. */
  origins: Set<string>;
}

/** Marks the context spoiled when one of `names` is called on `target` (an own property shadows the prototype's method). */
function spoilOn(target: object, names: readonly string[], pooled: Pooled) {
  for (const name of names) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: true,
      value: function (this: unknown, ...args: unknown[]) {
        pooled.spoiled = true;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
}

function httpOrigin(url: string): string | null {
  return /^https?:/.test(url) ? new URL(url).origin : null;
}

export class ContextPool {
  private readonly idle: Pooled[] = [];

  constructor(private readonly browser: Browser) {}

  async lease(options: BrowserContextOptions): Promise<Pooled> {
    const key = JSON.stringify(options);
    const at = this.idle.findIndex((p) => p.key === key);
    if (at >= 0) return this.idle.splice(at, 1)[0]!;
    const context = await this.browser.newContext(options);
    const pooled: Pooled = { context, key, options, spoiled: false, origins: new Set() };
    const seen = (page: Page) =>
      page.on('framenavigated', (frame) => {
        const origin = httpOrigin(frame.url());
        if (origin) pooled.origins.add(origin);
      });
    context.on('page', seen);
    spoilOn(context, IRREVERSIBLE, pooled);
    spoilOn(context.clock, CLOCK, pooled);
    return pooled;
  }

  /** Takes the context back after a test: kept for the next one when the test passed and left nothing `reset` cannot undo. */
  async release(pooled: Pooled, passed: boolean) {
    if (passed && !pooled.spoiled) {
      try {
        await reset(pooled);
        this.idle.unshift(pooled);
        for (const old of this.idle.splice(MAX_IDLE)) await old.context.close().catch(() => undefined);
        return;
      } catch {
        // A context that could not be emptied is not handed on.
      }
    }
    await pooled.context.close().catch(() => undefined);
  }

  async close() {
    for (const pooled of this.idle.splice(0)) await pooled.context.close().catch(() => undefined);
  }
}

/** Empties the context of what a test can observe, keeping its HTTP cache. */
async function reset(pooled: Pooled) {
  const { context, options } = pooled;
  await Promise.all(context.pages().map((page) => page.close()));
  if (context.serviceWorkers().length) throw new Error('a service worker outlives the pages');
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  if (pooled.origins.size) {
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    for (const origin of pooled.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: ORIGIN_STORAGE });
    await cdp.detach();
    await blank.close();
    pooled.origins.clear();
  }
}

/** Playwright's own fixture of the options it would create the test's context with (declared here, defined by Playwright). */
type ContextOptionsFixture = { _combinedContextOptions: BrowserContextOptions };

/** Playwright's test with `context` drawn from the worker's pool; `page` is a new page of it, as before. */
export const test = (base as unknown as TestType<PlaywrightTestArgs & PlaywrightTestOptions & ContextOptionsFixture, PlaywrightWorkerArgs & PlaywrightWorkerOptions>).extend<object, { contextPool: ContextPool }>({
  contextPool: [
    async ({ browser }, use) => {
      const pool = new ContextPool(browser);
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ contextPool, _combinedContextOptions }, use, testInfo) => {
    const pooled = await contextPool.lease(_combinedContextOptions);
    await use(pooled.context);
    await contextPool.release(pooled, testInfo.status === 'passed' && testInfo.expectedStatus === 'passed');
  },
});
