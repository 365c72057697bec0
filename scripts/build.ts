/**
 * `npm run build`: the production build, keeping the previous builds' hashed browser assets beside
 * the new ones (scripts/deploy/previousAssets.ts; docs/decisions/0050-chunk-loading.md).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { carryPreviousAssets, holdPreviousAssets, KEEP_BUILDS } from './deploy/previousAssets';

const buildDir = resolve('build');
const holdDir = resolve('.cache', 'previous-assets');

holdPreviousAssets(buildDir, holdDir);
const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const carried = carryPreviousAssets(buildDir, holdDir);
console.log(`kept ${carried.length} asset file(s) of up to ${KEEP_BUILDS - 1} previous build(s) in build/client/assets`);
