import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { refusal } from '#tests/support/polls';
import type { TenantId } from '#app/lib/config/tenant';
import { pollInputSchema } from '#app/lib/polls/model';
import { readTally } from './tallies.server';
import { castVote, closePoll, countVotes, createPoll, deletePoll, getPoll, launchPoll, listPolls, listVotes, sharePoll, updatePoll, voteOf } from './polls.server';

const db = testDatabase();
const EVENT = 'pollevent001';
const input = (over: object = {}) => pollInputSchema.parse({ question: 'Best  colour?', options: ['Red', 'Green', 'Blue'], ...over });

async function livePoll(t: TenantId, over: object = {}) {
  const draft = await createPoll(db, t, EVENT, input(over), 'host-1');
  return launchPoll(db, t, EVENT, draft.pollId, draft.durationSeconds);
}

/** Runs the jobs `width` at a time (an instance's requests in flight), all of them. */
async function inFlight(jobs: (() => Promise<unknown>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) await jobs[next++]!();
  }));
}

describe('polls data layer', () => {
  it('prepares, edits, launches and lists polls per tenant; a launched poll is not edited or deleted', async () => {
    const t = uniqueTenantId();
    const a = await createPoll(db, t, EVENT, input(), 'host-1');
    expect(a).toMatchObject({ question: 'Best colour?', status: 'draft', shared: false });
    const edited = await updatePoll(db, t, EVENT, a.pollId, input({ question: 'Favourite colour?' }));
    expect(edited.question).toBe('Favourite colour?');
    const b = await createPoll(db, t, EVENT, input({ question: 'To delete' }), 'host-1');
    await deletePoll(db, t, EVENT, b.pollId);
    const live = await launchPoll(db, t, EVENT, a.pollId, 60);
    expect(live.status).toBe('live');
    expect(Date.parse(live.endsAt!) - Date.parse(live.launchedAt!)).toBe(60_000);
    expect(await refusal(updatePoll(db, t, EVENT, a.pollId, input()))).toBe('notDraft');
    expect(await refusal(deletePoll(db, t, EVENT, a.pollId))).toBe('notDraft');
    expect(await refusal(launchPoll(db, t, EVENT, a.pollId, null))).toBe('notDraft');
    expect((await listPolls(db, t, EVENT)).map((p) => p.pollId)).toEqual([a.pollId]);
    // Another tenant sees nothing of it, and cannot act on it.
    const other = uniqueTenantId();
    expect(await listPolls(db, other, EVENT)).toEqual([]);
    expect(await getPoll(db, other, EVENT, a.pollId)).toBeNull();
    expect(await refusal(closePoll(db, other, EVENT, a.pollId))).toBe('notFound');
    expect(await refusal(castVote(db, other, live, { userId: 'u1', name: 'U' }, [0]))).toBe('notFound');
  });

  it('keeps one vote per person: a second vote replaces the first', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    expect(await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [0])).toEqual({ changed: false });
    expect(await castVote(db, t, poll, { userId: 'u2', name: 'Vic' }, [0])).toEqual({ changed: false });
    expect(await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [2])).toEqual({ changed: true });
    expect(await countVotes(db, t, EVENT, poll.pollId, 3)).toEqual({ counts: [1, 0, 1], voters: 2 });
    expect(await voteOf(db, t, EVENT, poll.pollId, 'u1')).toEqual([2]);
    expect((await listVotes(db, t, EVENT, poll.pollId)).map((v) => [v.name, v.choices])).toEqual([
      ['Vic', [0]],
      ['Uma', [2]],
    ]);
  });

  it('checks choices against the poll: one unless multiple choice, known options only', async () => {
    const t = uniqueTenantId();
    const single = await livePoll(t);
    expect(await refusal(castVote(db, t, single, { userId: 'u1', name: 'U' }, [0, 1]))).toBe('badChoices');
    expect(await refusal(castVote(db, t, single, { userId: 'u1', name: 'U' }, [3]))).toBe('badChoices');
    const multi = await livePoll(t, { multiple: true, anonymous: true });
    await castVote(db, t, multi, { userId: 'u1', name: 'Uma' }, [2, 0]);
    expect(await countVotes(db, t, EVENT, multi.pollId, 3)).toEqual({ counts: [1, 0, 1], voters: 1 });
    // An anonymous poll never stores the name.
    expect((await listVotes(db, t, EVENT, multi.pollId))[0]).toMatchObject({ name: null, choices: [0, 2] });
  });

  it('refuses votes once closed or past its timer, and freezes the counts when it closes', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t);
    await castVote(db, t, poll, { userId: 'u1', name: 'Uma' }, [1]);
    const closed = await closePoll(db, t, EVENT, poll.pollId);
    expect(closed).toMatchObject({ status: 'closed', finalCounts: [0, 1, 0], finalVoters: 1 });
    expect(await refusal(castVote(db, t, closed, { userId: 'u2', name: 'Vic' }, [0]))).toBe('closed');
    expect(await refusal(castVote(db, t, closed, { userId: 'u1', name: 'Uma' }, [0]))).toBe('closed');
    // Closing again (a timer and a host) answers it as it is.
    expect(await closePoll(db, t, EVENT, poll.pollId)).toMatchObject({ finalCounts: [0, 1, 0] });
    expect((await sharePoll(db, t, EVENT, poll.pollId)).shared).toBe(true);

    const timed = await livePoll(t, { durationSeconds: 10 });
    const later = new Date(Date.parse(timed.endsAt!) + 1);
    expect(await refusal(castVote(db, t, timed, { userId: 'u1', name: 'Uma' }, [0], later))).toBe('closed');
    const draft = await createPoll(db, t, EVENT, input(), 'host-1');
    expect(await refusal(castVote(db, t, draft, { userId: 'u1', name: 'Uma' }, [0]))).toBe('closed');
    expect(await refusal(sharePoll(db, t, EVENT, draft.pollId))).toBe('notLive');
  });

  it('counts exactly with 1,000 voters voting at once through two clients, some changing their vote', async () => {
    const t = uniqueTenantId();
    const poll = await livePoll(t, { options: ['A', 'B', 'C', 'D'] });
    const second = testDatabase();
    const voters = Array.from({ length: 1000 }, (_, i) => ({ userId: `voter-${i}`, name: `Voter ${i}` }));
    // Two "instances", each with 40 requests in flight, the voters interleaved between them.
    // Every tenth voter then changes to D, twice, once on each instance, while the others still vote.
    const jobs = voters.map((v, i) => async () => {
      await castVote(i % 2 ? db : second, t, poll, v, [i % 4]);
      if (i % 10 === 0) await Promise.all([castVote(db, t, poll, v, [3]), castVote(second, t, poll, v, [3])]);
    });
    await Promise.all([inFlight(jobs.filter((_, i) => i % 2 === 0), 40), inFlight(jobs.filter((_, i) => i % 2 === 1), 40)]);
    const expected = [0, 0, 0, 0];
    voters.forEach((_, i) => expected[i % 10 === 0 ? 3 : i % 4]!++);
    expect(await countVotes(db, t, EVENT, poll.pollId, 4)).toEqual({ counts: expected, voters: 1000 });
    // The running counts (what the room's notices read) say the same.
    expect(await readTally(db, t, EVENT, poll.pollId, 4)).toEqual({ counts: expected, voters: 1000 });
    const closed = await closePoll(db, t, EVENT, poll.pollId);
    expect(closed.finalCounts).toEqual(expected);
    expect(closed.finalVoters).toBe(1000);
  }, 60_000);
});
