// bench/engagement-polls: the polls part of bench/engagement.ts (issue 28, item 8; docs/decisions/0081).
// The audience of the reactions part stays connected (one chat socket each, half on each app
// instance). A host's poll (BENCH_POLL_OPTIONS options, results to everyone) is created and launched
// through the data layer; then every person votes once over HTTP (POST /api/polls, what the room's
// poll card sends, with their own cookies), on the instance their socket is on, at a random moment
// within BENCH_POLL_SECONDS. The room hears the counts as `poll` notices on the chat bus (each
// instance announces at most once per 300 ms, with the running counts read then).
//
// Figures: the counts, from the data layer (polls.count: the votes one by one; polls.tally: the
// running counts the notices read) and from the last notice every client saw,
// against the votes sent per option; time to results: from a vote's HTTP answer to the first notice
// at each client on the OTHER instance whose counts include it. Notices carry counts, not voters, so
// "includes it" is read by rank: the vote answered i-th among those for its option (and n-th of all)
// is taken to be in the first notice arriving after its answer with at least i for that option (and
// n voters); every vote answered before it was stored before it was answered, so a notice with fewer
// cannot include all of them. Target: p99 ≤ 1 s.
import { setTimeout as sleep } from 'node:timers/promises';
import { pollInputSchema } from '#app/lib/polls/model';
import type { TenantData } from '#server/data/tenantData.server';
import { percentile } from '#tests/support/joiner';
import { cpuMeter } from './chat';
import type { Audience } from './engagement-clients';
import type { CastVote, PollReport } from './engagement-poll-clients';
import { table } from './lib';

const OPTIONS = Number(process.env.BENCH_POLL_OPTIONS ?? 4);
const VOTE_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 10);
const DRAIN_MS = 3_000;
const VOTES_TIMEOUT_MS = 240_000;
export const POLL_TARGETS = { p99Ms: 1000 };

/** One app instance a part sends to: its origin and the tenant's Host header (the polls and waiting-room parts). */
export interface InstanceTarget {
  origin: string;
  host: string;
}

export interface PollFigures {
  sent: number;
  accepted: number;
  sentPerOption: number[];
  stored: number[];
  storedVoters: number;
  /** The running counts (polls.tally: what the notices read), once all are in. */
  tallied: number[];
  talliedVoters: number;
  tallyMs: number;
  /** Clients whose last notice's counts are not the votes sent. */
  clientsOff: number;
  lastSeen: string;
  /** From the first vote's moment until the last answer (s). */
  answeredWithin: number;
  /** One count of the poll's votes one by one through the data layer, once all are in (the check; notices read the running counts). */
  countMs: number;
  voteP50: number;
  voteP99: number;
  resultsP50: number;
  resultsP99: number;
  resultsMax: number;
  /** (vote, other-instance client) pairs where no notice ever included the vote. */
  neverSeen: number;
  pairs: number;
  noticesPerClient: number;
  cpu: Record<string, string>;
  errors: string[];
}

interface Timed extends CastVote {
  /** The process (and so the instance) that cast it. */
  from: number;
  rankInOption: number;
  rank: number;
}

/** Ranks the accepted votes by answer time: overall and within their option. */
function ranked(reports: PollReport[]): Timed[] {
  const all = reports.flatMap((r, from) => r.votes.filter((v) => v.status === 200).map((v) => ({ ...v, from, rankInOption: 0, rank: 0 })));
  all.sort((a, b) => a.answeredAt - b.answeredAt);
  const perOption = new Map<number, number>();
  all.forEach((v, i) => {
    v.rank = i + 1;
    v.rankInOption = (perOption.get(v.choice) ?? 0) + 1;
    perOption.set(v.choice, v.rankInOption);
  });
  return all;
}

/** Milliseconds from each vote's answer to the first notice including it, at each client of the other instance(s). */
function timesToResults(votes: Timed[], reports: PollReport[]): { times: number[]; neverSeen: number } {
  const times: number[] = [];
  let neverSeen = 0;
  reports.forEach((report, at) => {
    const mine = votes.filter((v) => v.from !== at);
    for (const notices of report.seen) {
      for (const v of mine) {
        let found = -1;
        for (const [shape, arrived] of notices) {
          if (arrived < v.answeredAt) continue;
          const s = report.shapes[shape]!;
          if (s[0]! >= v.rank && s[1 + v.choice]! >= v.rankInOption) {
            found = arrived;
            break;
          }
        }
        if (found < 0) neverSeen++;
        else times.push(found - v.answeredAt);
      }
    }
  });
  return { times: times.sort((a, b) => a - b), neverSeen };
}

export async function pollsPart(
  children: Audience[],
  targets: InstanceTarget[],
  data: Pick<TenantData, 'polls'>,
  eventId: string,
  hostSub: string,
  pids: { server: Array<number | undefined>; dynamo: Array<number | undefined> },
): Promise<PollFigures> {
  const input = pollInputSchema.parse({
    question: 'Which session should come next?',
    options: Array.from({ length: OPTIONS }, (_, i) => `Option ${i + 1}`),
    resultsTo: 'everyone',
  });
  const poll = await data.polls.create(eventId, input, hostSub);
  const launched = await data.polls.launch(eventId, poll.pollId, null);

  // Each process's seats vote in turn for the options, so every option gets a known number of votes.
  const seats = (await Promise.all(children.map((c) => c.ask<PollReport>({ type: 'polls' }, 'polls')))).map((r) => r.seen.length);
  let next = 0;
  const choices = seats.map((n) => Array.from({ length: n }, () => next++ % OPTIONS));
  const startAt = Date.now() + 500;
  const stopMeter = cpuMeter({ ...pids, clients: children.map((c) => c.process.pid) });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(children.map((c, p) => c.ask({ type: 'vote', ...targets[p]!, eventId, pollId: poll.pollId, choices: choices[p]!, startAt, seconds: VOTE_SECONDS }, 'voted'))),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the votes were not all answered within ${VOTES_TIMEOUT_MS / 1000} s`)), VOTES_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const cpu = stopMeter();
  await sleep(DRAIN_MS);

  const reports = await Promise.all(children.map((c) => c.ask<PollReport>({ type: 'polls' }, 'polls')));
  const cast = reports.flatMap((r) => r.votes);
  const accepted = cast.filter((v) => v.status === 200);
  const sentPerOption = Array.from({ length: OPTIONS }, (_, k) => accepted.filter((v) => v.choice === k).length);
  const counting = performance.now();
  const stored = await data.polls.count(eventId, poll.pollId, OPTIONS);
  const countMs = performance.now() - counting;
  const tallying = performance.now();
  const tally = await data.polls.tally(launched);
  const tallyMs = performance.now() - tallying;
  const expected = [accepted.length, ...sentPerOption].join(',');
  const lastShapes = reports.flatMap((r) => r.seen.map((notices) => (notices.length ? r.shapes[notices.at(-1)![0]]!.join(',') : 'none')));
  const { times, neverSeen } = timesToResults(ranked(reports), reports);
  const voteMs = cast.map((v) => v.ms).sort((a, b) => a - b);
  const lastSeen = [...new Set(lastShapes)];
  return {
    sent: cast.length,
    accepted: accepted.length,
    sentPerOption,
    stored: stored.counts,
    storedVoters: stored.voters,
    tallied: tally.counts,
    talliedVoters: tally.voters,
    tallyMs,
    clientsOff: lastShapes.filter((s) => s !== expected).length,
    lastSeen: lastSeen.length === 1 ? lastSeen[0]!.split(',').slice(1).join('/') : `${lastSeen.length} different`,
    answeredWithin: (Math.max(...accepted.map((v) => v.answeredAt)) - startAt) / 1000,
    countMs,
    voteP50: percentile(voteMs, 50),
    voteP99: percentile(voteMs, 99),
    resultsP50: percentile(times, 50),
    resultsP99: percentile(times, 99),
    resultsMax: times.at(-1) ?? NaN,
    neverSeen,
    pairs: times.length + neverSeen,
    noticesPerClient: reports.reduce((s, r) => s + r.seen.reduce((n, seat) => n + seat.length, 0), 0) / Math.max(1, lastShapes.length),
    cpu,
    errors: [...new Set(reports.flatMap((r) => r.errors))].slice(0, 5),
  };
}

/** Prints the part's figures; answers whether its targets were met. */
export function printPolls(f: PollFigures, users: number): boolean {
  if (f.errors.length) console.log(`  polls: ${f.errors.join('\n  ')}`);
  const exact =
    f.accepted === users &&
    f.sent === users &&
    f.stored.join(',') === f.sentPerOption.join(',') &&
    f.storedVoters === users &&
    f.tallied.join(',') === f.sentPerOption.join(',') &&
    f.talliedVoters === users &&
    f.clientsOff === 0;
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  console.log(
    `\nPolls: one poll of ${OPTIONS} options (results to everyone); each person votes once over HTTP (POST /api/polls) on their own instance, at a random moment within ${VOTE_SECONDS} s.\n` +
      table([
        {
          'votes sent/accepted': `${f.sent}/${f.accepted}`,
          'sent per option': f.sentPerOption.join('/'),
          'stored (polls.count)': `${f.stored.join('/')} (${f.storedVoters} voters)`,
          'running (polls.tally)': `${f.tallied.join('/')} (${f.talliedVoters} voters)`,
          'last notice at clients': f.lastSeen,
          'clients off': f.clientsOff,
          'notices/client': f.noticesPerClient.toFixed(1),
          'vote ms p50/p99': `${ms(f.voteP50)}/${ms(f.voteP99)}`,
          'all answered': `${f.answeredWithin.toFixed(1)} s`,
          'one count/tally': `${ms(f.countMs)}/${ms(f.tallyMs)} ms`,
          'CPU % servers/DynamoDB/clients': `${f.cpu.server}/${f.cpu.dynamo}/${f.cpu.clients}`,
        },
      ]) +
      '\n' +
      table([
        {
          'time to results (other instance)': `${f.pairs} vote × client pairs`,
          p50: `${ms(f.resultsP50)} ms`,
          p99: `${ms(f.resultsP99)} ms`,
          max: `${ms(f.resultsMax)} ms`,
          'never seen': f.neverSeen,
          'target p99': `≤ ${POLL_TARGETS.p99Ms} ms`,
        },
      ]),
  );
  const ok = exact && f.neverSeen === 0 && f.resultsP99 <= POLL_TARGETS.p99Ms;
  console.log(`target: counts exact (data layer and every client's last notice), time to results p99 ≤ ${POLL_TARGETS.p99Ms / 1000} s: ${ok ? 'met' : 'MISSED'}`);
  return ok;
}
