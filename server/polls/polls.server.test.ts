import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { RoomNotice } from '#app/lib/chat/protocol';
import { pollInputSchema } from '#app/lib/polls/model';
import { createPoll, launchPoll, tenantPolls } from './data/polls.server';
import { castVote, NOTIFY_MS } from './polls.server';

const db = testDatabase();
const EVENT = 'noticeevent1';

describe('polls notices', () => {
  it('announces a burst of votes as a few notices per instance, each with exact running counts', async () => {
    const t = uniqueTenantId();
    const draft = await createPoll(db, t, EVENT, pollInputSchema.parse({ question: 'Which?', options: ['A', 'B', 'C', 'D'], resultsTo: 'everyone' }), 'host-1');
    const poll = await launchPoll(db, t, EVENT, draft.pollId, null);
    const notices: RoomNotice[] = [];
    const data = { tenantId: t, polls: tenantPolls(db, t), chat: { broadcast: vi.fn(async (_event: string, notice: RoomNotice) => void notices.push(notice)) } };
    const votes = Array.from({ length: 120 }, (_, i) => castVote(data as never, EVENT, poll.pollId, { userId: `voter-${i}`, name: `V${i}` }, [i % 4]));
    await Promise.all(votes);
    const castAt = Date.now();
    await vi.waitFor(() => expect(notices.at(-1)).toMatchObject({ kind: 'poll', poll: { results: { counts: [30, 30, 30, 30], voters: 120 } } }), { timeout: 5000, interval: 20 });
    expect(Date.now() - castAt).toBeLessThan(NOTIFY_MS + 2000);
    // At most one notice per NOTIFY_MS from this instance, not one per vote.
    expect(notices.length).toBeLessThan(20);
    const counts = notices.map((n) => (n.kind === 'poll' ? n.poll.results!.voters : -1));
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  }, 60_000);
});
