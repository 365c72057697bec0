// Runs the steps of a test lane in order, stopping at the first that fails, and prints the wall
// time of each stage at the end (npm test and npm run test:smoke share it). A step may be a group
// of steps run side by side (short single-threaded checks on a machine with a core to spare); their
// output is printed whole, one after the other, once the group ends.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';

const childEnv = () => ({ ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' });
const secondsSince = (t0) => (Date.now() - t0) / 1000;
const ended = (name, seconds, ok, note = '') => console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s${note}) ===`);

/** @typedef {[string, string, string[]]} Step name, command, arguments */

/** One step with the terminal to itself. */
function runAlone([name, cmd, args]) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: childEnv() });
  const seconds = secondsSince(t0);
  const ok = result.status === 0;
  ended(name, seconds, ok);
  return [[name, seconds, ok]];
}

/** Steps at the same time; each one's output is kept and printed under its name when all have ended. */
async function runTogether(group) {
  const runs = group.map(([name, cmd, args]) => {
    const t0 = Date.now();
    const output = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    return new Promise((resolve) => {
      child.on('error', (e) => {
        output.push(Buffer.from(`${e.message}\n`));
        resolve({ name, output, seconds: secondsSince(t0), ok: false });
      });
      child.on('close', (code) => resolve({ name, output, seconds: secondsSince(t0), ok: code === 0 }));
    });
  });
  const timings = [];
  for (const { name, output, seconds, ok } of await Promise.all(runs)) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(Buffer.concat(output));
    ended(name, seconds, ok, ', beside the others of its group');
    timings.push([name, seconds, ok]);
  }
  return timings;
}

/**
 * @param {Array<Step | Step[]>} steps a step, or an array of steps to run side by side
 * @returns {Promise<{ failedStep: string | null, timings: Array<[string, number, boolean]>, wallSeconds: number }>}
 */
export async function runSteps(steps) {
  const started = Date.now();
  const timings = [];
  for (const step of steps) {
    const done = Array.isArray(step[0]) ? await runTogether(step) : runAlone(step);
    timings.push(...done);
    const failed = done.find(([, , ok]) => !ok);
    if (failed) return { failedStep: failed[0], timings, wallSeconds: secondsSince(started) };
  }
  return { failedStep: null, timings, wallSeconds: secondsSince(started) };
}

/** The wall time of each stage, one line each, and the lane's own wall time (stages of a group overlap). */
export function printTimings({ timings, wallSeconds }) {
  const width = Math.max(...timings.map(([name]) => name.length));
  console.log('\nwall time per stage:');
  for (const [name, seconds, ok] of timings) console.log(`  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(8)}${ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(width)}  ${formatSeconds(wallSeconds).padStart(8)}`);
}

const formatSeconds = (s) => (s < 60 ? `${s.toFixed(0)} s` : `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`);
