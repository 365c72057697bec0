// bench/fleet: the join storm through the local fleet (issue 27, item 4; docs/decisions/0078):
// Caddy (HTTPS) in front of 3 app instances, 2 LiveKit nodes on one Redis, 2 media and 2 ingest
// workers, on this machine, with the test clients on it too. The same scenarios as the fleet test
// (tests/fleet/scenarios.ts), with the storm's figures held to their targets: 1,000 joins through
// the front within 15 s, p99 ≤ 5 s, no errors. Beside it, `npm run bench -- join` measures the same
// join on one instance over plain HTTP. Ports from BENCH_FLEET_BASE_PORT (3900).
import { existsSync } from 'node:fs';
import { runFleet } from '#tests/fleet/run';

export async function benchFleet(): Promise<boolean> {
  if (!existsSync('build/server/index.js')) throw new Error('run `npm run build` first');
  const { checks, failure, busy } = await runFleet(Number(process.env.BENCH_FLEET_BASE_PORT ?? 3900), 600_000);
  if (busy) console.log('\nThe machine was busy: the figures say more about the machine than the fleet.');
  return !failure && checks.every((c) => c.met);
}
