import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, E2E_PORT, E2E_STACK_DIR, ROOM_EXPIRY_SWEEP_SECONDS_E2E } from '#tests/e2e/stack';

// The test workers (which inherit this) use the AWS SDK on Node 20 like the app: its notice about
// future releases needing Node 22 is noise in every worker's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Browser tests run Debian's chromium (never a downloaded browser) against the production build
 * served by the embedded local stack, started here in test mode (in-memory DynamoDB, temp S3).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // CI runs a failed test once more (docs/decisions/0086): the run stays green only if it then
  // passes, and npm test names every such flaky test at its end; a local run never retries.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  use: {
    baseURL: `http://aurora.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'tsx local/stack/start.ts --test',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    // The whole stack (DynamoDB Local, S3, Cognito, Redis, LiveKit, the app, a media worker) boots
    // in about 30 s on a quiet machine; a loaded one needs several times that.
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      LOCAL_DYNAMODB_PORT: String(E2E_PORT + 5000),
      LOCAL_S3_PORT: String(E2E_PORT + 1300),
      LOCAL_COGNITO_PORT: String(E2E_PORT + 5900),
      LOCAL_TEST_DIR: E2E_STACK_DIR,
      LOCAL_HOSTED_SIGNIN_PORT: String(E2E_PORT + 6000),
      // The real LiveKit server (local/stack/livekitServer.ts): signalling here, ICE/TCP on the next
      // port, media on 100 UDP ports derived from it (LOCAL_LIVEKIT_UDP_START).
      LOCAL_LIVEKIT_PORT: String(E2E_PORT + 4000),
      // Redis of the media queue (+7000 and +7001 are the security suites' app instances); the stack
      // also runs one media worker beside the app.
      LOCAL_REDIS_PORT: String(E2E_PORT + 6200),
      FORM_RATE_LIMIT_PER_HOUR: '8',
      RENDER_CACHE_SECONDS: '30',
      ROOM_EXPIRY_SWEEP_SECONDS: String(ROOM_EXPIRY_SWEEP_SECONDS_E2E),
      // Unfinished uploads are swept after 10 minutes here, not a day (docs/decisions/0060): long
      // enough for any upload of these tests on a loaded machine.
      MEDIA_UPLOAD_ABANDON_MINUTES: '10',
      // Transcodes and live packaging sized to a 2-core machine shared with two browsers: x264's
      // fastest preset (the same renditions, segments and key frames, more bits per picture).
      MEDIA_X264_PRESET: 'ultrafast',
      INGEST_X264_PRESET: 'ultrafast',
      LOCAL_APP_BOOT_SECONDS: '180',
      // Webhook retries after 1 s and 2 s here, not over 24 h (docs/decisions/0088).
      WEBHOOK_RETRY_SCHEDULE: '1,2',
    },
  },
});
