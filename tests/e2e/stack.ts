// The browser tests' stack: playwright.config.ts starts it with these, and the tests reach it with them.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
/**
 * Where the test stack writes demo-accounts.json and outbox.jsonl (see tests/e2e/identity.ts). A
 * suite on a stack of its own (the visual suite, tests/visual/env.ts) points it elsewhere.
 */
export const E2E_STACK_DIR = process.env.E2E_STACK_DIR_OVERRIDE ?? 'test-reports/e2e-stack';
/**
 * The browser the tests drive: Debian's chromium-headless-shell (the headless-only build, the one
 * Playwright itself prefers for headless runs), not the full browser. The full browser's own process
 * did a third of the suite's CPU work (window, compositor) for pages nobody sees. E2E_CHROMIUM
 * points elsewhere (the visual suite keeps the full browser its baselines were taken with).
 */
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
/**
 * The full browser, for the tests of what a person's browser does with its devices: the headless
 * shell lists one fake microphone where the browser lists several, and answers a camera request it
 * would prompt for as if the browser could not record at all.
 */
export const CHROMIUM_FULL = '/usr/bin/chromium';
/** Debian's headless chromium on these machines needs these flags. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The test stack sweeps expired rooms this often (ROOM_EXPIRY_SWEEP_SECONDS), so a room-expiry test waits seconds, not half a minute. */
export const ROOM_EXPIRY_SWEEP_SECONDS_E2E = 5;
