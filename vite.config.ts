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
    include: ['{app,server,local,scripts,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/console-guard.ts'],
  },
});
