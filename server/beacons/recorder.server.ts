/**
 * Viewer-experience counts (docs/decisions/0093): each accepted beacon's counters are summed in
 * memory per tenant and event and written once a second by each instance, as one ADD to the
 * instance's own shard. A thousand viewers' beacons in a second cost one write per event.
 *
 * Never throws into the endpoint: a failed write is logged; the viewer's page never waits on it.
 */
import { createHash } from 'node:crypto';
import { experienceDeltas, type Beacon } from '#app/lib/beacons/model';
import type { TenantData } from '#server/data/tenantData.server';
import { log } from '#server/observability/log.server';
import { EXPERIENCE_SHARDS } from './data/experience.server';

type Data = Pick<TenantData, 'tenantId' | 'experience'>;

export const FLUSH_MS = 1000;
const SHARD = createHash('sha1').update(`${process.pid}:${Math.random()}`).digest().readUInt32BE(0) % EXPERIENCE_SHARDS;

interface Pending {
  data: Data;
  eventId: string;
  deltas: Record<string, number>;
}

const pending = new Map<string, Pending>();
let timer: NodeJS.Timeout | null = null;

/** Counts one experience beacon (a playback session, a room join, reconnects) against its event. */
export function noteExperience(data: Data, eventId: string, beacon: Beacon): void {
  const deltas = experienceDeltas(beacon);
  const key = `${data.tenantId}\u0000${eventId}`;
  let entry = pending.get(key);
  if (!entry) pending.set(key, (entry = { data, eventId, deltas: {} }));
  for (const [name, d] of Object.entries(deltas)) if (d) entry.deltas[name] = (entry.deltas[name] ?? 0) + d;
  timer ??= setTimeout(() => void flushExperience(), FLUSH_MS);
  timer.unref?.();
}

/** Writes every count waiting in memory (the timer's job; tests and shutdown call it directly). */
export async function flushExperience(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = [...pending.values()];
  pending.clear();
  await Promise.all(
    batch.map(async ({ data, eventId, deltas }) => {
      try {
        await data.experience.add(eventId, SHARD, deltas);
      } catch (e) {
        log.warn(`[beacons] could not write the experience of ${data.tenantId}/${eventId}: ${(e as Error).message}`);
      }
    }),
  );
}
