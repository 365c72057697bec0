/** CPU time per kind of process over a stretch of the fleet test, from /proc (Linux). */
import { readFileSync } from 'node:fs';
import type { Fleet } from '#local/fleet/fleet';

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Starts counting; the returned function gives seconds of CPU per kind since then (this process as "test clients"). */
export function cpuMeter(fleet: Fleet): () => Record<string, number> {
  const processes = fleet.processes();
  const before = new Map(processes.map((p) => [p.pid, cpuSeconds(p.pid)]));
  const mine = process.cpuUsage();
  return () => {
    const totals: Record<string, number> = {};
    for (const p of processes) totals[p.name] = (totals[p.name] ?? 0) + cpuSeconds(p.pid) - before.get(p.pid)!;
    const used = process.cpuUsage(mine);
    totals['test clients'] = (used.user + used.system) / 1e6;
    return totals;
  };
}
