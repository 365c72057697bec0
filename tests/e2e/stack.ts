// The browser tests' stack: playwright.config.ts starts it with these, and the tests reach it with them.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
/**
 * Where the test stack writes demo-accounts.json and outbox.jsonl (see tests/e2e/identity.ts). A
 * suite on a stack of its own (the visual suite, tests/visual/env.ts) points it elsewhere.
 */
export const E2E_STACK_DIR = process.env.E2E_STACK_DIR_OVERRIDE ?? 'test-reports/e2e-stack';
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
