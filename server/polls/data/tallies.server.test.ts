import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { refusal } from '#tests/support/polls';
import type { TenantId } from '#app/lib/config/tenant';
import { pollInputSchema } from '#app/lib/polls/model';
import { tenantKey } from '#server/platform/dynamo/dynamo.server';
import { castVote, closePoll, countVotes, createPoll, getPoll, launchPoll, PollStateError, pollCounts, voteOf, type PollRecord } from './polls.server';
import { readTally, shardOf, tallyDelta, TALLY_SHARDS } from './tallies.server';

const db = testDatabase();
const EVENT = 'tallyevent01';
const input = (over: object = {}) => pollInputSchema.parse({ question: 'Which?', options: ['A', 'B', 'C', 'D'], ...over });

async function livePoll(t: TenantId, over: object = {}): Promise<PollRecord> {
  const draft = await createPoll(db, t, EVENT, input(over), 'host-1');
  return launchPoll(db, t, EVENT, draft.pollId, draft.durationSeconds);
}

/** The running counts and the votes counted one by one: always the same. */
async function bothCounts(t: TenantId, poll: PollRecord) {
  const [tally, counted] = await Promise.all([readTally(db, t, EVENT, poll.pollId, poll.options.length), countVotes(db, t, EVENT, poll.pollId, poll.options.length)]);
  expect(tally).toEqual(counted);
  return tally;
}

describe('polls running counts', () => {
  it('moves the counts by the change only: a duplicate vote changes nothing, a changed vote moves one count', () => {
    expect(tallyDelta(null, [2])).toEqual({ options: new Map([[2, 1]]), voters: 1 });
    expect(tallyDelta([2], [2])).toEqual({ options: new Map(), voters: 0 });
    expect(tallyDelta([0, 2], [2, 3])).toEqual({
      options: new Map([
        [0, -1],
        [3, 1],
      ]),
      voters: 0,
    });
    expect(new Set(Array.from({ length: 500 }, (_, i) => shardOf(`voter-${i}`))).size).toBe(TALLY_SHARDS);
    expect(shardOf('voter-7')).toBe(shardOf('voter-7'));
  });

  it('launches polls with running counts, and keeps them exact through duplicates, changes and refusals', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t, { multiple: true });
    expect(poll.tallied).toBe(true);
    expect(await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [0])).toEqual({ changed: false });
    expect(await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [0])).toEqual({ changed: true });
    expect(await bothCounts(t, poll)).toEqual({ counts: [1, 0, 0, 0], voters: 1 });
    await castVote(db, t, poll, { userId: 'u2', name: 'Vic' }, [1, 2]);
    await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [3, 0]);
    expect(await bothCounts(t, poll)).toEqual({ counts: [1, 1, 1, 1], voters: 2 });
    await castVote(db, t, poll, { userId: 'u2', name: 'Vic' }, [3]);
    expect(await bothCounts(t, poll)).toEqual({ counts: [1, 0, 0, 2], voters: 2 });
    // Refused votes write nothing.
    expect(await refusal(castVote(db, t, poll, { userId: 'u3', name: 'Wes' }, [7]))).toBe('badChoices');
    expect(await refusal(castVote(db, t, poll, { userId: 'u3', name: 'Wes' }, []))).toBe('badChoices');
    expect(await bothCounts(t, poll)).toEqual({ counts: [1, 0, 0, 2], voters: 2 });
    // Another tenant's counts of the same event and poll id are their own (none).
    expect(await readTally(db, uniqueTenantId(), EVENT, poll.pollId, 4)).toEqual({ counts: [0, 0, 0, 0], voters: 0 });
  });

  it('refuses a vote once the close has marked the shards, even from a copy of the poll still live; the frozen counts are final', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [1]);
    const closed = await closePoll(db, t, EVENT, poll.pollId);
    expect(closed).toMatchObject({ status: 'closed', finalCounts: [0, 1, 0, 0], finalVoters: 1 });
    // `poll` is the record as read before the close (another instance's copy): the store refuses.
    expect(await refusal(castVote(db, t, poll, { userId: 'u2', name: 'Vic' }, [0]))).toBe('closed');
    expect(await refusal(castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [2]))).toBe('closed');
    expect(await voteOf(db, t, EVENT, poll.pollId, 'u1')).toEqual([1]);
    expect(await bothCounts(t, poll)).toEqual({ counts: [0, 1, 0, 0], voters: 1 });
  });

  it('stays exact with votes racing the close: every accepted vote is in the frozen counts', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    const accepted: number[] = [];
    const other: string[] = [];
    // 20 in flight at a time (an instance's requests), the close landing in the middle of them.
    let next = 0;
    const votes = Array.from({ length: 20 }, async () => {
      while (next < 200) {
        const i = next++;
        await castVote(db, t, poll, { userId: `voter-${i}`, name: `V${i}` }, [i % 4]).then(
          () => accepted.push(i),
          (e: unknown) => (e instanceof PollStateError && e.code === 'closed' ? null : other.push(String(e))),
        );
      }
    });
    await vi.waitFor(() => expect(accepted.length).toBeGreaterThan(40), { timeout: 20_000, interval: 5 });
    const closed = await closePoll(db, t, EVENT, poll.pollId);
    await Promise.all(votes);
    expect(other).toEqual([]);
    const expected = [0, 0, 0, 0];
    for (const i of accepted) expected[i % 4]!++;
    expect(closed.finalCounts).toEqual(expected);
    expect(closed.finalVoters).toBe(accepted.length);
    expect(accepted.length).toBeLessThan(200);
    expect(await bothCounts(t, poll)).toEqual({ counts: expected, voters: accepted.length });
  }, 60_000);

  it('stays exact when one voter changes their vote on two instances at once, again and again', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    const second = testDatabase();
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          Promise.all([castVote(db, t, poll, { userId: `u${i}`, name: 'U' }, [(i + round) % 4]), castVote(second, t, poll, { userId: `u${i}`, name: 'U' }, [(i + round + 1) % 4])]),
        ),
      );
    }
    const expected = [0, 0, 0, 0];
    for (let i = 0; i < 20; i++) expected[(await voteOf(db, t, EVENT, poll.pollId, `u${i}`))![0]!]!++;
    expect(await bothCounts(t, poll)).toEqual({ counts: expected, voters: 20 });
  }, 60_000);

  it('counts a poll launched before running counts existed from its votes', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    const legacy: PollRecord = { ...poll, tallied: undefined };
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: `T#${t}#POLLS#${EVENT}`, sk: `POLL#${poll.pollId}`, ...legacy } }));
    // A vote stored before (no revision, no shard), then changed through the new path.
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { pk: `T#${t}#POLLVOTES#${EVENT}#${poll.pollId}`, sk: 'VOTE#old', tenantId: t, eventId: EVENT, pollId: poll.pollId, userId: 'old', choices: [0], votedAt: new Date().toISOString() },
      }),
    );
    const stored = (await getPoll(db, t, EVENT, poll.pollId))!;
    expect(stored.tallied).toBeUndefined();
    expect(await castVote(db, t, stored, { userId: 'old', name: 'Old' }, [2])).toEqual({ changed: true });
    await castVote(db, t, stored, { userId: 'new', name: 'New' }, [2]);
    expect(await pollCounts(db, t, stored)).toEqual({ counts: [0, 0, 2, 0], voters: 2 });
    expect((await closePoll(db, t, EVENT, poll.pollId)).finalCounts).toEqual([0, 0, 2, 0]);
  });
  it('refuses as busy a vote that another tab rewrites under every attempt, and counts stay exact', async () => {
    const t = uniqueTenantId('tally');
    const poll = await livePoll(t);
    await castVote(db, t, poll, { userId: 'u-busy', name: 'Busy' }, [0]);
    // Before each of this vote's transactions, "another tab" changes the same vote's revision.
    const key = { pk: tenantKey(t, 'POLLVOTES', EVENT, poll.pollId), sk: 'VOTE#u-busy' };
    const stored = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    expect(stored.Item?.userId).toBe('u-busy');
    const send = db.doc.send.bind(db.doc);
    const rewriteFirst = async (command: unknown) => {
      if (command instanceof TransactWriteCommand) await send(new UpdateCommand({ TableName: db.table, Key: key, UpdateExpression: 'ADD rev :one', ExpressionAttributeValues: { ':one': 1 } }));
      return send(command as never);
    };
    const racing = { ...db, doc: { send: rewriteFirst } } as unknown as typeof db;
    expect(await refusal(castVote(racing, t, poll, { userId: 'u-busy', name: 'Busy' }, [1]))).toBe('busy');
    expect(await voteOf(db, t, EVENT, poll.pollId, 'u-busy')).toEqual([0]);
    expect(await bothCounts(t, poll)).toEqual({ counts: [1, 0, 0, 0], voters: 1 });
  });
});
