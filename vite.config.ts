import { availableParallelism } from 'node:os';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import remixConfig from './remix.config.js';

const isTest = process.env.VITEST === 'true';

export default defineConfig({
  plugins: isTest ? [tsconfigPaths()] : [remix(remixConfig), tsconfigPaths()],
  build: { target: 'es2022' },
  server: { hmr: true },
  test: {
    include: ['{app,server,local,scripts,deploy,bench,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two test files per core: half of a unit file's time is waiting (DynamoDB Local, Redis, ffmpeg,
    // the speech engine), so vitest's default of one file per core but one (a single worker on the
    // 2-core CI machine) left the cores idle: 428 s at 1 worker, 228 s at 4 on that machine.
    maxWorkers: 2 * availableParallelism(),
    minWorkers: 1,
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/console-guard.ts'],
  },
});
