/**
 * The fleet test (issue 27, item 4; docs/decisions/0078): `npx tsx tests/fleet/run.ts` after the
 * production build, a stage of `npm test`. Starts the local fleet (local/fleet/fleet.ts) on
 * FLEET_BASE_PORT (3800) and runs its scenarios (scenarios.ts) through the HTTPS front.
 * Loopback only, bounded: the whole run stops at FLEET_DEADLINE_MS. Prints every check and figure
 * against its target, writes test-reports/fleet.json, exits 1 when a check (not a benchmark
 * figure: `npm run bench -- fleet` holds those) failed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startFleet } from '#local/fleet/fleet';
import { quietAwsEnv } from '#local/stack/stack';
import { fleetScenarios } from './scenarios';
import { checkTable, type Check } from './report';

Object.assign(process.env, quietAwsEnv());
const BASE_PORT = Number(process.env.FLEET_BASE_PORT ?? 3800);
const DEADLINE_MS = Number(process.env.FLEET_DEADLINE_MS ?? 420_000);
const USERS = Number(process.env.FLEET_JOIN_USERS ?? 1000);

const began = performance.now();
const log = (line: string) => console.log(`[fleet] ${((performance.now() - began) / 1000).toFixed(1).padStart(5)} s  ${line}`);

/** Starts the fleet, runs the scenarios within the deadline, stops it; prints the table. */
export async function runFleet(base: number, deadlineMs: number): Promise<{ checks: Check[]; figures: Record<string, unknown>; failure?: Error; seconds: number; busy: boolean }> {
  const loadBefore = loadavg()[0]!;
  const fleet = await startFleet({ base, log });
  let result: { checks: Check[]; figures: Record<string, unknown> } = { checks: [], figures: {} };
  let failure: Error | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the fleet run did not finish within ${deadlineMs / 1000} s`)), deadlineMs)));
  try {
    result = await Promise.race([fleetScenarios(fleet, USERS, log), deadline]);
  } catch (e) {
    failure = e as Error;
  } finally {
    clearTimeout(timer);
    await fleet.stop();
  }
  const loadAfter = loadavg()[0]!;
  const busy = Math.max(loadBefore, loadAfter) > cpus().length / 2;
  const seconds = (performance.now() - began) / 1000;
  console.log(
    `\nThe fleet on this machine (${cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after: ${busy ? 'busy' : 'quiet'}): ` +
      `Caddy (HTTPS) → 3 app instances, 2 LiveKit nodes on one Redis, 2 media and 2 ingest workers; ${seconds.toFixed(0)} s in all.\n`,
  );
  console.log(checkTable(result.checks));
  if (failure) console.log(`\n[fleet] stopped: ${failure.stack ?? failure.message}`);
  return { ...result, failure, seconds, busy };
}

async function main(): Promise<number> {
  if (!existsSync('build/server/index.js')) {
    console.error('[fleet] build/server/index.js is missing: run `npx remix vite:build` first.');
    return 1;
  }
  const { checks, figures, failure, seconds } = await runFleet(BASE_PORT, DEADLINE_MS);
  const failed = checks.filter((c) => !c.met && !c.figure).length + (failure ? 1 : 0);
  const tests = checks.filter((c) => !c.figure);
  mkdirSync('test-reports', { recursive: true });
  const summary = `fleet: ${tests.filter((c) => c.met).length} of ${tests.length} checks met${failure ? `; stopped: ${failure.message}` : ''}`;
  writeFileSync('test-reports/fleet.json', JSON.stringify({ summary, passed: tests.filter((c) => c.met).length, failed, checks, figures, seconds }, null, 2));
  console.log(`\n${summary}`);
  return failed ? 1 : 0;
}

if (process.argv[1]?.endsWith('tests/fleet/run.ts')) process.exitCode = await main();
