/**
 * An event's viewer experience, aggregated on write (docs/decisions/0093): counters in the event's
 * own partition, every key starting with the tenant:
 *
 *   pk T#<t>#EXPERIENCE#<eventId>
 *     sk SHARD#<n>     plays, failures, badPlays, switches, watchMs, stallMs, joins, joinFailures,
 *                      badJoins, reconnects, and the buckets su_0..4 (startup), rb_0..4 (rebuffering),
 *                      jt_0..4 (room join time); added to by each instance's one-second flush
 *
 * Reading is one query of at most EXPERIENCE_SHARDS items, whatever the audience.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { experienceOf, type ExperienceDeltas, type ViewerExperience } from '#app/lib/beacons/model';
import { addToCounters } from '#server/platform/dynamo/counters.server';
import { tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';

export const EXPERIENCE_SHARDS = 8;
const NAME = /^[a-zA-Z0-9_]{1,40}$/;
const pkOf = (t: TenantId, eventId: string) => tenantKey(t, 'EXPERIENCE', eventId);

/** Adds to one shard of the event's counters (one write however many beacons it sums). */
export async function addExperience(db: Database, t: TenantId, eventId: string, shard: number, deltas: ExperienceDeltas): Promise<void> {
  await addToCounters(db, { pk: pkOf(t, eventId), sk: `SHARD#${Math.abs(Math.floor(shard)) % EXPERIENCE_SHARDS}` }, { tenantId: t, eventId }, deltas, NAME);
}

/** The sum of the event's shards. */
export async function readExperience(db: Database, t: TenantId, eventId: string): Promise<ViewerExperience> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': pkOf(t, eventId), ':s': 'SHARD#' },
      Limit: EXPERIENCE_SHARDS,
    }),
  );
  const sums: Record<string, number> = {};
  for (const item of (out.Items as Item[] | undefined) ?? []) {
    // Tenant isolation: the key carries the tenant; the item must name it too.
    if (item.tenantId !== t) continue;
    for (const [name, value] of Object.entries(item)) if (typeof value === 'number') sums[name] = (sums[name] ?? 0) + value;
  }
  return experienceOf(sums);
}

export const experienceSection = (db: Database, t: TenantId) => ({
  add: addExperience.bind(null, db, t),
  read: readExperience.bind(null, db, t),
});
export type ExperienceSection = ReturnType<typeof experienceSection>;
