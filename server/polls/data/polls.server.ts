/**
 * Live polls of an event and their votes (docs/decisions/0081-polls.md):
 *
 *   poll   pk T#<t>#POLLS#<eventId>              sk POLL#<pollId>   the question, options, settings,
 *                                                                   status, launch/close times, and
 *                                                                   once closed the final counts
 *   vote   pk T#<t>#POLLVOTES#<eventId>#<pollId>  sk VOTE#<userId>   the voter's choices (and name
 *                                                                   unless the poll is anonymous)
 *
 * One vote per person per poll is the key itself: a vote is a put of the voter's one item, so a
 * second vote replaces the first and is never a second count. The put is conditional (the item at
 * that key is absent, or the voter's own at the revision read), and it is written in one
 * transaction with the voter's shard of the poll's running counts (./tallies.server.ts), which a
 * closed poll refuses. The counts are the sum of the shards (O(options) to read), exact however
 * many instances write; `countVotes` counts the votes themselves (the check, and the counts of a
 * poll launched before the shards existed: `tallied` unset).
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { MAX_OPTIONS, type PollInput, type PollResults } from '#app/lib/polls/model';
import { isConditionFailure, queryAll, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { transactOrRefused } from '#server/platform/dynamo/transactions.server';
import { closeTallies, readTally, tallyUpdate } from './tallies.server';

const pollKey = (t: TenantId, eventId: string, pollId: string) => ({ pk: tenantKey(t, 'POLLS', eventId), sk: `POLL#${pollId}` });
const votesPk = (t: TenantId, eventId: string, pollId: string) => tenantKey(t, 'POLLVOTES', eventId, pollId);
const voteKey = (t: TenantId, eventId: string, pollId: string, userId: string) => ({ pk: votesPk(t, eventId, pollId), sk: `VOTE#${userId}` });

export const pollRecordSchema = z.object({
  tenantId: z.string(),
  eventId: z.string(),
  pollId: z.string(),
  question: z.string(),
  options: z.array(z.string()).min(2).max(MAX_OPTIONS),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  correct: z.array(z.number().int()),
  durationSeconds: z.number().int().nullable(),
  resultsTo: z.enum(['everyone', 'hosts']),
  status: z.enum(['draft', 'live', 'closed']),
  shared: z.boolean(),
  launchedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Set when it closes: the counts frozen then. */
  finalCounts: z.array(z.number().int()).nullable(),
  finalVoters: z.number().int().nullable(),
  /** Launched with running counts (every vote also wrote its shard): its counts are read from them. */
  tallied: z.boolean().optional(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PollRecord = z.infer<typeof pollRecordSchema>;

export interface VoteRecord {
  userId: string;
  /** Null for an anonymous poll: the name is never stored. */
  name: string | null;
  choices: number[];
  votedAt: string;
}

/** Why a write was refused: the poll is not there, or not in the state the write needs. */
export class PollStateError extends Error {
  constructor(readonly code: 'notFound' | 'notDraft' | 'notLive' | 'closed' | 'badChoices' | 'busy') {
    super(`poll refused: ${code}`);
    this.name = 'PollStateError';
  }
}

/** Recognised by name (docs/ARCHITECTURE.md: errors by name, not instanceof; the app's build and the server each load this module). */
export function pollRefusal(e: unknown): PollStateError['code'] | null {
  const err = e as { name?: unknown; code?: unknown } | null;
  return err?.name === 'PollStateError' && typeof err.code === 'string' ? (err.code as PollStateError['code']) : null;
}

const newPollId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
};

const parse = (item: Record<string, unknown> | undefined, t: TenantId): PollRecord | null => {
  if (!item || item.tenantId !== t) return null;
  const parsed = pollRecordSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
};

export async function getPoll(db: Database, t: TenantId, eventId: string, pollId: string): Promise<PollRecord | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: pollKey(t, eventId, pollId), ConsistentRead: true }));
  const poll = parse(out.Item, t);
  return poll && poll.eventId === eventId ? poll : null;
}

/** The event's polls, oldest first. */
export async function listPolls(db: Database, t: TenantId, eventId: string): Promise<PollRecord[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pollKey(t, eventId, '').pk, ':p': 'POLL#' }, ConsistentRead: true });
  return items
    .map((i) => parse(i, t))
    .filter((p): p is PollRecord => p !== null && p.eventId === eventId)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.pollId < b.pollId ? -1 : 1));
}

export async function createPoll(db: Database, t: TenantId, eventId: string, input: PollInput, createdBy: string, now = new Date()): Promise<PollRecord> {
  const at = now.toISOString();
  const poll: PollRecord = {
    ...input,
    tenantId: t,
    eventId,
    pollId: newPollId(),
    status: 'draft',
    shared: false,
    launchedAt: null,
    endsAt: null,
    closedAt: null,
    finalCounts: null,
    finalVoters: null,
    createdBy,
    createdAt: at,
    updatedAt: at,
  };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...pollKey(t, eventId, poll.pollId), ...poll }, ConditionExpression: 'attribute_not_exists(pk)' }));
  return poll;
}

/** Runs a conditional update of the poll; a failed condition is a PollStateError with `code`. */
async function updateWhere(
  db: Database,
  t: TenantId,
  eventId: string,
  pollId: string,
  code: PollStateError['code'],
  update: { set: Record<string, unknown>; condition: string; values?: Record<string, unknown> },
): Promise<PollRecord> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ...update.values };
  const sets = Object.entries(update.set).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  try {
    const out = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: pollKey(t, eventId, pollId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND ${update.condition}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const poll = parse(out.Attributes, t);
    if (!poll) throw new PollStateError('notFound');
    return poll;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    if (!(await getPoll(db, t, eventId, pollId))) throw new PollStateError('notFound');
    throw new PollStateError(code);
  }
}

/** A draft's new wording and settings (a launched poll keeps what people voted on). */
export const updatePoll = (db: Database, t: TenantId, eventId: string, pollId: string, input: PollInput, now = new Date()) =>
  updateWhere(db, t, eventId, pollId, 'notDraft', { set: { ...input, updatedAt: now.toISOString() }, condition: '#status = :draft', values: { ':draft': 'draft' } });

/** Removes a draft; a launched poll's results stay with the event. */
export async function deletePoll(db: Database, t: TenantId, eventId: string, pollId: string): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: pollKey(t, eventId, pollId), ConditionExpression: 'attribute_exists(pk) AND #status = :draft', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':draft': 'draft' } }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    throw new PollStateError((await getPoll(db, t, eventId, pollId)) ? 'notDraft' : 'notFound');
  }
}

/** Opens a draft for votes, with its timer running from now. */
export function launchPoll(db: Database, t: TenantId, eventId: string, pollId: string, durationSeconds: number | null, now = new Date()) {
  const at = now.toISOString();
  const endsAt = durationSeconds ? new Date(now.getTime() + durationSeconds * 1000).toISOString() : null;
  return updateWhere(db, t, eventId, pollId, 'notDraft', { set: { status: 'live', launchedAt: at, endsAt, tallied: true, updatedAt: at }, condition: '#status = :draft', values: { ':draft': 'draft' } });
}

/** Lets everyone see a launched poll's counts. */
export const sharePoll = (db: Database, t: TenantId, eventId: string, pollId: string, now = new Date()) =>
  updateWhere(db, t, eventId, pollId, 'notLive', { set: { shared: true, updatedAt: now.toISOString() }, condition: '#status <> :draft', values: { ':draft': 'draft' } });

/** Votes per option and voters, from the votes themselves (exact: one item per voter). */
export async function countVotes(db: Database, t: TenantId, eventId: string, pollId: string, options: number): Promise<PollResults> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': votesPk(t, eventId, pollId) }, ProjectionExpression: 'choices', ConsistentRead: true });
  const counts = Array.from({ length: options }, () => 0);
  let voters = 0;
  for (const item of items) {
    const choices = item.choices;
    if (!Array.isArray(choices) || choices.length === 0) continue;
    voters++;
    for (const c of choices) if (typeof c === 'number' && c >= 0 && c < options) counts[c]!++;
  }
  return { counts, voters };
}

/** The poll's counts now: its running counts, or (launched before they existed) its votes counted. */
export const pollCounts = (db: Database, t: TenantId, poll: Pick<PollRecord, 'eventId' | 'pollId' | 'options' | 'tallied'>): Promise<PollResults> =>
  (poll.tallied ? readTally : countVotes)(db, t, poll.eventId, poll.pollId, poll.options.length);

/**
 * Closes a live poll and freezes its counts: the status first (new votes are refused as they read
 * it), then every shard of its running counts (a vote in flight is refused by its transaction),
 * then the counts, which no vote can change any more. Closing one already closed answers it as it is (a
 * timer and a host may both close it).
 */
export async function closePoll(db: Database, t: TenantId, eventId: string, pollId: string, now = new Date()): Promise<PollRecord> {
  let closed: PollRecord;
  try {
    closed = await updateWhere(db, t, eventId, pollId, 'notLive', { set: { status: 'closed', closedAt: now.toISOString(), updatedAt: now.toISOString() }, condition: '#status = :live', values: { ':live': 'live' } });
  } catch (e) {
    if (pollRefusal(e) !== 'notLive') throw e;
    const poll = await getPoll(db, t, eventId, pollId);
    if (!poll || poll.status === 'draft') throw e;
    if (poll.finalCounts) return poll;
    closed = poll;
  }
  await closeTallies(db, t, eventId, pollId);
  const results = await pollCounts(db, t, closed);
  return updateWhere(db, t, eventId, pollId, 'notLive', { set: { finalCounts: results.counts, finalVoters: results.voters }, condition: '#status = :closed', values: { ':closed': 'closed' } });
}

/** Whether a live poll's timer has run out. */
export const expired = (poll: Pick<PollRecord, 'status' | 'endsAt'>, now: number) => poll.status === 'live' && poll.endsAt !== null && Date.parse(poll.endsAt) <= now;

/** Whether these choices fit the poll: known options, one unless it is multiple choice. */
export const validChoices = (poll: Pick<PollRecord, 'options' | 'multiple'>, choices: readonly number[]) =>
  choices.length >= 1 && (poll.multiple || choices.length === 1) && new Set(choices).size === choices.length && choices.every((c) => Number.isInteger(c) && c >= 0 && c < poll.options.length);

/** The voter's stored vote: its choices and revision (none on a vote stored before revisions). */
async function storedVote(db: Database, t: TenantId, poll: PollRecord, userId: string): Promise<{ choices: number[]; rev: number | null } | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: voteKey(t, poll.eventId, poll.pollId, userId), ConsistentRead: true }));
  if (!out.Item || out.Item.userId !== userId || !Array.isArray(out.Item.choices)) return null;
  return { choices: out.Item.choices as number[], rev: typeof out.Item.rev === 'number' ? out.Item.rev : null };
}

/** Attempts before a vote that keeps being rewritten under it (the same voter on several tabs) gives up. */
const VOTE_ATTEMPTS = 8;

/**
 * The voter's vote: their one item written (or rewritten, when they change it) in one transaction
 * with their shard of the running counts. Refused while the poll is not open or its timer has run
 * out, and by the transaction once a close has marked the shards. Answers whether it replaced an
 * earlier vote.
 *
 * Optimistic: the first attempt assumes a first vote (`attribute_not_exists(pk)`); when there is
 * one, it is read and the transaction requires that very revision, so the counts move from exactly
 * the choices replaced. A conflict with another transaction is retried (nothing was written).
 */
export async function castVote(
  db: Database,
  t: TenantId,
  poll: PollRecord,
  voter: { userId: string; name: string },
  choices: number[],
  now = new Date(),
): Promise<{ changed: boolean }> {
  if (poll.tenantId !== t) throw new PollStateError('notFound');
  if (!validChoices(poll, choices)) throw new PollStateError('badChoices');
  if (poll.status !== 'live' || expired(poll, now.getTime())) throw new PollStateError('closed');
  const sorted = [...choices].sort((a, b) => a - b);
  let before: { choices: number[]; rev: number | null } | null = null;
  for (let attempt = 0; attempt < VOTE_ATTEMPTS; attempt++) {
    const item = {
      ...voteKey(t, poll.eventId, poll.pollId, voter.userId),
      tenantId: t,
      eventId: poll.eventId,
      pollId: poll.pollId,
      userId: voter.userId,
      ...(poll.anonymous ? {} : { name: voter.name }),
      choices: sorted,
      votedAt: now.toISOString(),
      rev: (before?.rev ?? 0) + 1,
    };
    // The one item of this voter: absent, or theirs at the revision read (never another's under a colliding key).
    const put = !before
      ? { TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }
      : before.rev === null
        ? { TableName: db.table, Item: item, ConditionExpression: 'userId = :u AND attribute_not_exists(rev)', ExpressionAttributeValues: { ':u': voter.userId } }
        : { TableName: db.table, Item: item, ConditionExpression: 'userId = :u AND rev = :rev', ExpressionAttributeValues: { ':u': voter.userId, ':rev': before.rev } };
    const update = tallyUpdate(t, poll, voter.userId, before?.choices ?? null, sorted, db.table);
    const failed = await transactOrRefused(() => db.doc.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, { Update: update }], ClientRequestToken: randomUUID() })));
    if (!failed.length) return { changed: before !== null };
    if (failed.includes(1)) throw new PollStateError('closed');
    // Their vote is not what this attempt assumed (a first vote, or another tab's change): read it and try again.
    before = await storedVote(db, t, poll, voter.userId);
  }
  // Their vote kept changing under every attempt (many tabs at once): a clear refusal, tried again by them.
  throw new PollStateError('busy');
}

/** One voter's choices, or null. */
export async function voteOf(db: Database, t: TenantId, eventId: string, pollId: string, userId: string): Promise<number[] | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: voteKey(t, eventId, pollId, userId), ConsistentRead: true }));
  if (!out.Item || out.Item.tenantId !== t || !Array.isArray(out.Item.choices)) return null;
  return out.Item.choices as number[];
}

/** Every vote of a poll (the export), oldest first. */
export async function listVotes(db: Database, t: TenantId, eventId: string, pollId: string): Promise<VoteRecord[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': votesPk(t, eventId, pollId) }, ConsistentRead: true });
  return items
    .filter((i) => i.tenantId === t && typeof i.userId === 'string' && Array.isArray(i.choices))
    .map((i) => ({ userId: i.userId as string, name: typeof i.name === 'string' ? i.name : null, choices: i.choices as number[], votedAt: String(i.votedAt ?? '') }))
    .sort((a, b) => (a.votedAt < b.votedAt ? -1 : a.votedAt > b.votedAt ? 1 : 0));
}

/** This module bound to one tenant: `context.data.polls` (server/data/tenantData.server.ts). */
export const tenantPolls = (db: Database, t: TenantId) => ({
  get: getPoll.bind(null, db, t),
  list: listPolls.bind(null, db, t),
  create: createPoll.bind(null, db, t),
  update: updatePoll.bind(null, db, t),
  delete: deletePoll.bind(null, db, t),
  launch: launchPoll.bind(null, db, t),
  close: closePoll.bind(null, db, t),
  share: sharePoll.bind(null, db, t),
  vote: castVote.bind(null, db, t),
  voteOf: voteOf.bind(null, db, t),
  /** The votes counted one by one (the check the benchmark and tests make against the running counts). */
  count: countVotes.bind(null, db, t),
  /** The running counts (O(options)): what the room's notices and the API read. */
  tally: (poll: Pick<PollRecord, 'eventId' | 'pollId' | 'options' | 'tallied'>) => pollCounts(db, t, poll),
  votes: listVotes.bind(null, db, t),
});
