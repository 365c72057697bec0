/**
 * The visual suite runs on a stack of its own (playwright.visual.config.ts), fresh on every run,
 * so its pages hold only the sample data and what tests/visual/seed.setup.ts adds, never what the
 * other browser tests made. Imported before anything reads E2E_PORT or the stack folder: the
 * shared helpers (tenantUrl, e2eDatabase, demoAccount, signInContext) then reach this stack.
 * Workers inherit the variables, so every process agrees on the port.
 */
const SHARED_PORT = Number(process.env.E2E_PORT ?? 3310);
process.env.VISUAL_E2E_PORT ??= String(SHARED_PORT + 50);
process.env.E2E_PORT = process.env.VISUAL_E2E_PORT;
// One folder per port, so `npm run screens` on another E2E_PORT can run beside the comparison.
process.env.E2E_STACK_DIR_OVERRIDE = `test-reports/visual-stack-${process.env.VISUAL_E2E_PORT}`;

export {};
