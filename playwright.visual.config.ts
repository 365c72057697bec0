import './tests/visual/env';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The visual suite (docs/decisions/0068): the same stack as the browser tests, started fresh on a
 * port of its own (tests/visual/env.ts), seeded with fixed events (tests/visual/seed.setup.ts).
 *  - `npm run test:visual`: screenshots of the representative screens against the baselines in
 *    tests/visual/baselines/ (`npm run test:visual -- --update-snapshots` writes them anew);
 *  - `npm run screens`: every screen of the route table × tenant × breakpoint into
 *    test-results/screens/, with an index, for a person to look at.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/visual',
  outputDir: 'test-results/visual',
  // One name per screen, no platform suffix: CI runs the same Debian chromium.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  timeout: 90_000,
  workers: 2,
  expect: {
    timeout: 20_000,
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  reporter: [['list'], ['json', { outputFile: 'test-reports/visual.json' }]],
  // A second whole stack boots beside whatever else runs: give it time on a loaded machine.
  webServer: (() => {
    const server = base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>;
    // Pictures made from video (posters) as the baselines were taken: the deployment's default x264
    // preset, not the browser tests' fastest one.
    const { MEDIA_X264_PRESET: _media, INGEST_X264_PRESET: _ingest, ...env } = server.env ?? {};
    return { ...server, timeout: 420_000, env: { ...env, LOCAL_APP_BOOT_SECONDS: '240' } };
  })(),
  use: { ...base.use, timezoneId: 'UTC', locale: 'en-US', colorScheme: 'light' },
  projects: [
    { name: 'seed', testMatch: /seed\.setup\.ts/, use: { browserName: 'chromium' } },
    { name: 'visual', testMatch: /visual\.spec\.ts/, dependencies: ['seed'], use: { browserName: 'chromium' } },
    { name: 'screens', testMatch: /screens\.spec\.ts/, dependencies: ['seed'], use: { browserName: 'chromium' } },
  ],
});
