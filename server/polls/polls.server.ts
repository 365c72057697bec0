/**
 * Live polls (docs/decisions/0081-polls.md): what each caller sees of a poll, the room's live
 * updates (a `poll` room notice on the chat bus, at most one per poll every NOTIFY_MS from each
 * instance however many vote), the timers that close polls, and the one vote path the API and the
 * benchmark share.
 */
import type { EventRecord } from '#app/lib/events/model';
import { resultsPublic, type PollInput, type PollResults, type PollView } from '#app/lib/polls/model';
import type { TenantData } from '#server/data/tenantData.server';
import { log } from '#server/observability/log.server';
import { TtlCache } from '#server/platform/ttlCache';
import { expired, pollRefusal, PollStateError, type PollRecord } from './data/polls.server';
import { countActivity, notePollLaunched } from '#server/analytics/index.server';

/** Votes on one poll are announced at most this often from each instance. */
export const NOTIFY_MS = 300;

type Data = Pick<TenantData, 'polls' | 'chat' | 'tenantId' | 'analytics'>;

/** The poll as a caller sees it: counts to hosts always, to others once they are public. */
export function pollView(poll: PollRecord, results: PollResults | null, staff: boolean, myChoices?: number[] | null): PollView {
  const publicNow = resultsPublic(poll);
  const showResults = staff || publicNow;
  return {
    pollId: poll.pollId,
    question: poll.question,
    options: poll.options,
    multiple: poll.multiple,
    anonymous: poll.anonymous,
    correct: staff || (poll.status === 'closed' && publicNow) ? poll.correct : [],
    durationSeconds: poll.durationSeconds,
    resultsTo: poll.resultsTo,
    status: poll.status,
    shared: poll.shared,
    launchedAt: poll.launchedAt,
    endsAt: poll.endsAt,
    closedAt: poll.closedAt,
    results: showResults ? results : null,
    ...(myChoices !== undefined ? { myChoices: myChoices ?? [] } : {}),
  };
}

/** A poll's counts: frozen once closed, its running counts while open (O(options)), none for a draft. */
export async function resultsOf(data: Pick<Data, 'polls'>, poll: PollRecord): Promise<PollResults | null> {
  if (poll.status === 'draft') return null;
  if (poll.finalCounts && poll.finalVoters !== null) return { counts: poll.finalCounts, voters: poll.finalVoters };
  return data.polls.tally(poll);
}

/** Closes a poll whose timer ran out (on whichever instance notices first; closing twice is harmless). */
async function settle(data: Data, poll: PollRecord, now = Date.now()): Promise<PollRecord> {
  if (!expired(poll, now)) return poll;
  const closed = await data.polls.close(poll.eventId, poll.pollId, new Date(now));
  remember(data, closed);
  void announce(data, closed);
  return closed;
}

/** The event's polls for one caller: every poll to hosts, the launched ones to everyone else. */
export async function pollsFor(data: Data, event: EventRecord, viewer: { sub: string }, staff: boolean): Promise<PollView[]> {
  const all = await data.polls.list(event.eventId);
  const shown = await Promise.all(all.filter((p) => staff || p.status !== 'draft').map((p) => settle(data, p)));
  return Promise.all(
    shown.map(async (p) => {
      const [results, mine] = await Promise.all([resultsOf(data, p), p.status === 'draft' ? null : data.polls.voteOf(p.eventId, p.pollId, viewer.sub)]);
      return pollView(p, results, staff, mine);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Live updates
// ---------------------------------------------------------------------------------------------

const pending = new Map<string, ReturnType<typeof setTimeout>>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const keyOf = (data: Data, poll: Pick<PollRecord, 'eventId' | 'pollId'>) => `${data.tenantId}:${poll.eventId}:${poll.pollId}`;

/** Tells the room about a poll now: its public view (hosts read the counts through the API when they are not public). */
export async function announce(data: Data, poll: PollRecord, counted?: PollResults): Promise<void> {
  try {
    const results = resultsPublic(poll) ? (poll.status === 'live' && counted ? counted : await resultsOf(data, poll)) : null;
    await data.chat.broadcast(poll.eventId, { kind: 'poll', poll: pollView(poll, results, false) });
  } catch (e) {
    log.warn(`[polls] announce ${keyOf(data, poll)}: ${(e as Error).message}`);
  }
}

/**
 * Announces the poll's counts after a vote: once per NOTIFY_MS per poll from this instance, with
 * the poll (its status now, never a cached one) and its running counts read then, side by side:
 * two small reads, whatever the number of votes.
 */
export function announceSoon(data: Data, poll: Pick<PollRecord, 'eventId' | 'pollId' | 'options' | 'tallied'>): void {
  const key = keyOf(data, poll);
  if (pending.has(key)) return;
  const timer = setTimeout(() => {
    pending.delete(key);
    void Promise.all([data.polls.get(poll.eventId, poll.pollId), data.polls.tally(poll)])
      .then(([fresh, counted]) => (fresh ? announce(data, fresh, counted) : undefined))
      .catch((e: unknown) => log.warn(`[polls] announce ${key}: ${(e as Error).message}`));
  }, NOTIFY_MS);
  timer.unref?.();
  pending.set(key, timer);
}

/** Closes a launched poll when its timer runs out (this instance; any other closes it when it next reads it). */
function closeWhenDue(data: Data, poll: PollRecord): void {
  if (poll.status !== 'live' || !poll.endsAt) return;
  const key = keyOf(data, poll);
  clearTimeout(timers.get(key));
  const timer = setTimeout(() => {
    timers.delete(key);
    void data.polls
      .get(poll.eventId, poll.pollId)
      .then((fresh) => (fresh ? settle(data, fresh) : null))
      .catch((e: unknown) => log.warn(`[polls] timer ${key}: ${(e as Error).message}`));
  }, Math.max(0, Date.parse(poll.endsAt) - Date.now()) + 50);
  timer.unref?.();
  timers.set(key, timer);
}

// ---------------------------------------------------------------------------------------------
// What hosts do
// ---------------------------------------------------------------------------------------------

export async function createPoll(data: Data, event: EventRecord, input: PollInput, by: string, launch: boolean): Promise<PollRecord> {
  const poll = await data.polls.create(event.eventId, input, by);
  return launch ? launchPoll(data, event, poll.pollId) : poll;
}

export async function launchPoll(data: Data, event: EventRecord, pollId: string): Promise<PollRecord> {
  const draft = await data.polls.get(event.eventId, pollId);
  if (!draft) throw new PollStateError('notFound');
  const poll = await data.polls.launch(event.eventId, pollId, draft.durationSeconds);
  remember(data, poll);
  closeWhenDue(data, poll);
  await announce(data, poll);
  await notePollLaunched(data, event.eventId, poll);
  return poll;
}

export async function closePoll(data: Data, event: EventRecord, pollId: string): Promise<PollRecord> {
  const poll = await data.polls.close(event.eventId, pollId);
  remember(data, poll);
  clearTimeout(timers.get(keyOf(data, poll)));
  await announce(data, poll);
  return poll;
}

export async function sharePoll(data: Data, event: EventRecord, pollId: string): Promise<PollRecord> {
  const poll = await data.polls.share(event.eventId, pollId);
  remember(data, poll);
  await announce(data, poll);
  return poll;
}

// ---------------------------------------------------------------------------------------------
// Votes
// ---------------------------------------------------------------------------------------------

export interface Voter {
  userId: string;
  /** The name the export shows (not stored for an anonymous poll). */
  name: string;
}

/**
 * Launched polls as this instance last read them, for votes: what a vote checks of its poll (the
 * options, single or multiple, anonymous, the timer's end) does not change once it is launched,
 * and its status only to closed, which the vote's own transaction checks in the store (a close
 * marks the running counts' shards first). So a vote reads its poll at most once per POLL_TTL_MS
 * per instance; a close, share or launch made here replaces the copy at once.
 */
export const POLL_TTL_MS = 3000;
const launched = new TtlCache<PollRecord>(POLL_TTL_MS, 1000);

function remember(data: Data, poll: PollRecord): void {
  const key = keyOf(data, poll);
  launched.delete(key);
  if (poll.status === 'draft') return;
  launched.set(key, poll);
}

async function launchedPoll(data: Data, eventId: string, pollId: string): Promise<PollRecord | null> {
  const cached = launched.get(keyOf(data, { eventId, pollId }));
  if (cached) return cached;
  const found = await data.polls.get(eventId, pollId);
  if (found) remember(data, found);
  return found;
}

/**
 * One vote through the one path (the API after its checks, and bench/engagement): the poll (read
 * at most once per POLL_TTL_MS per instance), its timer settled, the voter's one item and their
 * shard of the running counts written in one transaction by the data layer, and the room told of
 * the new counts within NOTIFY_MS. Throws PollStateError (notFound, closed, badChoices). The caller
 * has already decided that the voter may be in the event's room.
 */
export async function castVote(data: Data, eventId: string, pollId: string, voter: Voter, choices: number[], now = new Date()): Promise<{ poll: PollRecord; changed: boolean }> {
  const found = await launchedPoll(data, eventId, pollId);
  if (!found || found.status === 'draft') throw new PollStateError('notFound');
  const poll = await settle(data, found, now.getTime());
  let changed: boolean;
  try {
    ({ changed } = await data.polls.vote(poll, voter, choices, now));
  } catch (e) {
    // Closed elsewhere since this instance read it: the next vote reads it again.
    if (pollRefusal(e) === 'closed') launched.delete(keyOf(data, poll));
    throw e;
  }
  announceSoon(data, poll);
  // A first vote is one more poll answer (a changed vote is the same answer).
  if (!changed) countActivity(data, eventId, 'pollVotes');
  return { poll, changed };
}
