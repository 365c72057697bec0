// Runs the steps of a test lane in order, stopping at the first that fails, and prints the wall
// time of each stage at the end (npm test and npm run test:smoke share it).
import { spawnSync } from 'node:child_process';

/**
 * @param {Array<[string, string, string[]]>} steps name, command, arguments
 * @returns {{ failedStep: string | null, timings: Array<[string, number, boolean]> }}
 */
export function runSteps(steps) {
  const timings = [];
  for (const [name, cmd, args] of steps) {
    const t0 = Date.now();
    console.log(`\n=== ${name} ===`);
    const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
    const seconds = (Date.now() - t0) / 1000;
    const ok = result.status === 0;
    timings.push([name, seconds, ok]);
    console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s) ===`);
    if (!ok) return { failedStep: name, timings };
  }
  return { failedStep: null, timings };
}

/** The wall time of each stage, one line each, and the total. */
export function printTimings(timings) {
  const width = Math.max(...timings.map(([name]) => name.length));
  console.log('\nwall time per stage:');
  for (const [name, seconds, ok] of timings) console.log(`  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(8)}${ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(width)}  ${formatSeconds(timings.reduce((sum, [, s]) => sum + s, 0)).padStart(8)}`);
}

const formatSeconds = (s) => (s < 60 ? `${s.toFixed(0)} s` : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`);
