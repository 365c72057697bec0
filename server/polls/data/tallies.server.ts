/**
 * A poll's running counts (docs/decisions/0081-polls.md, "Running counts"): TALLY_SHARDS small
 * items per poll, each holding the counts of the voters hashed to it.
 *
 *   shard  pk T#<t>#POLLTALLY#<eventId>#<pollId>  sk SHARD#<n>   o0..o9 (votes per option),
 *                                                                voters, and `closed` once the
 *                                                                poll has closed
 *
 * A vote's item and its voter's shard are written in ONE transaction (data/polls.server.ts,
 * castVote): the shard gains the new choices and loses the old ones, so the sum of the shards is
 * exactly the votes stored, whatever the number of instances, retries or changed votes; a refused
 * or duplicate vote writes neither. A voter always lands on the same shard, and the shards spread
 * concurrent votes so that transactions seldom touch the same item (a conflict is retried).
 * Reading the counts is one query of TALLY_SHARDS items: O(options), not O(votes).
 *
 * Closing marks every shard `closed`; a vote's transaction requires its shard not to be, so no vote
 * is accepted once the close has marked the shards, and the counts read after that are final.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { TenantId } from '#app/lib/config/tenant';
import type { PollResults } from '#app/lib/polls/model';
import { queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

/** Shards per poll: enough that ~100 votes/s seldom meet on one item, few enough to read in one page. */
export const TALLY_SHARDS = 32;

const tallyPk = (t: TenantId, eventId: string, pollId: string) => tenantKey(t, 'POLLTALLY', eventId, pollId);

/** The voter's shard: always the same one for the same voter (a changed vote moves counts within it). */
export const shardOf = (userId: string) => createHash('sha1').update(userId).digest().readUInt32BE(0) % TALLY_SHARDS;

const shardKey = (t: TenantId, eventId: string, pollId: string, shard: number) => ({ pk: tallyPk(t, eventId, pollId), sk: `SHARD#${shard}` });

/** Per option: +1 for each new choice, −1 for each old one (nothing for one kept). */
export function tallyDelta(before: readonly number[] | null, after: readonly number[]): { options: Map<number, number>; voters: number } {
  const options = new Map<number, number>();
  for (const c of before ?? []) options.set(c, (options.get(c) ?? 0) - 1);
  for (const c of after) options.set(c, (options.get(c) ?? 0) + 1);
  for (const [c, d] of options) if (d === 0) options.delete(c);
  return { options, voters: before && before.length ? 0 : 1 };
}

/**
 * The Update (for a TransactWrite) of the voter's shard: the vote's change to the counts, refused
 * once the poll's shards are closed. A vote that changes nothing still checks that.
 */
export function tallyUpdate(t: TenantId, poll: { eventId: string; pollId: string }, userId: string, before: readonly number[] | null, after: readonly number[], table: string) {
  const { options, voters } = tallyDelta(before, after);
  const names: Record<string, string> = { '#closed': 'closed' };
  const values: Record<string, unknown> = { ':t': t, ':e': poll.eventId, ':p': poll.pollId };
  const adds: string[] = [];
  for (const [c, d] of options) {
    names[`#o${c}`] = `o${c}`;
    values[`:d${c}`] = d;
    adds.push(`#o${c} :d${c}`);
  }
  if (voters) {
    values[':v'] = voters;
    adds.push('voters :v');
  }
  return {
    TableName: table,
    Key: shardKey(t, poll.eventId, poll.pollId, shardOf(userId)),
    UpdateExpression: `SET tenantId = :t, eventId = :e, pollId = :p${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_not_exists(#closed)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The poll's counts: the sum of its shards (one consistent query of at most TALLY_SHARDS items). */
export async function readTally(db: Database, t: TenantId, eventId: string, pollId: string, options: number): Promise<PollResults> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': tallyPk(t, eventId, pollId) }, ConsistentRead: true });
  const counts = Array.from({ length: options }, () => 0);
  let voters = 0;
  for (const item of items) {
    if (item.tenantId !== t) continue;
    voters += typeof item.voters === 'number' ? item.voters : 0;
    for (let c = 0; c < options; c++) {
      const n = item[`o${c}`];
      if (typeof n === 'number') counts[c]! += n;
    }
  }
  return { counts, voters };
}

/** Marks every shard closed (creating the absent ones): from then on no vote's transaction succeeds. */
export async function closeTallies(db: Database, t: TenantId, eventId: string, pollId: string): Promise<void> {
  await Promise.all(
    Array.from({ length: TALLY_SHARDS }, (_, shard) =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: shardKey(t, eventId, pollId, shard),
          UpdateExpression: 'SET #closed = :yes, tenantId = :t, eventId = :e, pollId = :p',
          ExpressionAttributeNames: { '#closed': 'closed' },
          ExpressionAttributeValues: { ':yes': true, ':t': t, ':e': eventId, ':p': pollId },
        }),
      ),
    ),
  );
}
