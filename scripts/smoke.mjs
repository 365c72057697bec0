// The smoke lane (npm run test:smoke), for the edit–test loop: type check, lint (cached), import circles, the unit
// tests that import what changed, the production build and one browser journey per feature (the
// browser tests tagged @smoke). Changes are the uncommitted ones, or those since SMOKE_SINCE (a git
// ref, e.g. SMOKE_SINCE=origin/main). npm test stays the complete suite.
import { printTimings, runSteps } from './steps.mjs';

const since = process.env.SMOKE_SINCE;
const lane = await runSteps([
  [
    ['type check', 'npx', ['tsc', '--noEmit']],
    ['lint', 'npx', ['eslint', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
    ['import circles', 'node', ['scripts/import-cycles.mjs']],
  ],
  ['unit tests of what changed', 'npx', ['vitest', 'run', since ? `--changed=${since}` : '--changed', '--passWithNoTests']],
  ['production build', 'npx', ['remix', 'vite:build']],
  ['one browser journey per feature', 'npx', ['playwright', 'test', '--grep', '@smoke']],
]);
printTimings(lane);
const { failedStep } = lane;
console.log(`\nsmoke lane finished in ${lane.wallSeconds.toFixed(0)} s${failedStep ? `; failed at: ${failedStep}` : ''}`);
process.exit(failedStep ? 1 : 0);
