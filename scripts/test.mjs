// The whole suite, in the order that fails fastest: type check, lint, import circles, tenant/theme config check
// and the production build side by side, then unit tests, the release tarball, browser tests, the visual comparison (its own fresh stack), then the fault suite alone (tests/faults/run.ts: each service stopped and
// started again under load, docs/decisions/0051). Prints one closing line with the totals.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { printTimings, runSteps } from './steps.mjs';

const steps = [
  // The static checks are single-threaded, and the build mostly so: side by side they take about
  // the type check's time.
  [
    ['type check', 'npx', ['tsc', '--noEmit']],
    ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
    ['import circles', 'node', ['scripts/import-cycles.mjs']],
    ['tenant and theme config', 'npx', ['tsx', 'scripts/tenants-check.ts']],
    ['production build', 'npx', ['remix', 'vite:build']],
  ],
  ['unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-reports/unit.json']],
  // The release tarball (npm run release) unpacked and started with node alone, from the build above.
  ['release tarball', 'env', ['RELEASE_SKIP_BUILD=1', 'npx', 'vitest', 'run', '-c', 'vitest.release.config.ts']],
  ['browser tests', 'npx', ['playwright', 'test']],
  ['visual regression', 'npx', ['playwright', 'test', '-c', 'playwright.visual.config.ts', '--project', 'visual']],
  ['fault suite', 'npx', ['tsx', 'tests/faults/run.ts']],
  // The local fleet (tests/fleet/run.ts, docs/decisions/0078): Caddy, 3 app instances, 2 LiveKit nodes.
  ['fleet', 'npx', ['tsx', 'tests/fleet/run.ts']],
];

rmSync('test-reports/unit.json', { force: true });
rmSync('test-reports/e2e.json', { force: true });
rmSync('test-reports/visual.json', { force: true });
rmSync('test-reports/security.json', { force: true });
rmSync('test-reports/security', { recursive: true, force: true });
rmSync('test-reports/faults.json', { force: true });
rmSync('test-reports/fleet.json', { force: true });
const lane = await runSteps(steps);
const { failedStep } = lane;

let passed = 0;
let failed = 0;
if (existsSync('test-reports/unit.json')) {
  const unit = JSON.parse(readFileSync('test-reports/unit.json', 'utf8'));
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}
const flaky = [];
for (const report of ['test-reports/e2e.json', 'test-reports/visual.json']) {
  if (!existsSync(report)) continue;
  const e2e = JSON.parse(readFileSync(report, 'utf8'));
  passed += (e2e.stats?.expected ?? 0) + (e2e.stats?.flaky ?? 0);
  failed += e2e.stats?.unexpected ?? 0;
  flaky.push(...flakyTests(e2e));
}
if (failedStep && failed === 0) failed = 1;
// The security suites' totals (tests/security/report.ts), next to the closing line.
if (existsSync('test-reports/security.json')) {
  const { suites } = JSON.parse(readFileSync('test-reports/security.json', 'utf8'));
  for (const suite of Object.values(suites)) console.log(suite.summary);
}
// The fault suite's line (tests/faults/report.ts): faults recovered, lost writes, duplicates.
if (existsSync('test-reports/faults.json')) {
  const faults = JSON.parse(readFileSync('test-reports/faults.json', 'utf8'));
  console.log(faults.summary);
  const faultsFailed = faults.faults.filter((f) => f.failures.length).length;
  passed += faults.faults.length - faultsFailed;
  failed += faultsFailed;
}
// The fleet test's line (tests/fleet/run.ts): its checks met; benchmark figures are printed, not counted.
if (existsSync('test-reports/fleet.json')) {
  const fleet = JSON.parse(readFileSync('test-reports/fleet.json', 'utf8'));
  console.log(fleet.summary);
  passed += fleet.passed;
  failed += fleet.failed;
}
// A browser test that failed and then passed on CI's one retry (docs/decisions/0086) is named here.
if (flaky.length) console.log(`\n${flaky.length} flaky (failed once, passed on retry):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
printTimings(lane);
console.log(`\nsuite finished in ${lane.wallSeconds.toFixed(0)} s${failedStep ? `; failed at: ${failedStep}` : ''}`);
console.log(`${passed} passed${flaky.length ? ` (${flaky.length} flaky)` : ''}, ${failed} failed`);
process.exit(failedStep ? 1 : 0);

/** The tests of a Playwright JSON report whose outcome is flaky, as `file › title`. */
function flakyTests(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === 'flaky') names.push(`${suite.file ?? file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return names;
}
