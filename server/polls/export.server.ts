/**
 * What is kept of an event's polls after it (docs/decisions/0081-polls.md): the CSV a host
 * downloads (written by server/http/csvFile.server.ts) (one row per voter, names unless the poll is anonymous) and the polls on the
 * recording's timeline (/eventVod), each at the moment it was launched.
 */
import type { EventRecord } from '#app/lib/events/model';
import { resultsPublic, type PollReplay } from '#app/lib/polls/model';
import type { TenantData } from '#server/data/tenantData.server';
import type { PollRecord, VoteRecord } from './data/polls.server';
import { resultsOf } from './polls.server';

export interface CsvWords {
  respondent: string;
  answer: string;
  correct: string;
  votedAt: string;
  anonymous: string;
  yes: string;
  no: string;
}

/** One row per voter: who (unless anonymous), the options chosen, whether right (a quiz), when; for the one CSV writer. */
export function pollCsv(poll: PollRecord, votes: readonly VoteRecord[], words: CsvWords): { columns: string[]; rows: string[][] } {
  const quiz = poll.correct.length > 0;
  const right = new Set(poll.correct);
  const columns = [words.respondent, words.answer, ...(quiz ? [words.correct] : []), words.votedAt];
  const rows = votes.map((v) => {
    const chosen = v.choices.filter((c) => c >= 0 && c < poll.options.length);
    const isRight = chosen.length === right.size && chosen.every((c) => right.has(c));
    return [poll.anonymous ? words.anonymous : (v.name ?? ''), chosen.map((c) => poll.options[c]!).join('; '), ...(quiz ? [isRight ? words.yes : words.no] : []), v.votedAt];
  });
  return { columns, rows };
}

/** A file name for the export: the question's first words. */
export function csvFileName(poll: PollRecord): string {
  const stem = poll.question
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .split(/\s+/)
    .slice(0, 6)
    .join('-')
    .toLowerCase();
  return `poll-${stem || poll.pollId}.csv`;
}

/**
 * The event's launched polls on a recording that began at `startMs`: each at the second it was
 * launched, with its final (or current) counts. Hosts see every one; others those whose results
 * were public.
 */
export async function pollsOnRecording(data: Pick<TenantData, 'polls'>, event: EventRecord, startMs: number, durationSeconds: number | null, staff: boolean): Promise<PollReplay[]> {
  const polls = (await data.polls.list(event.eventId)).filter((p) => p.launchedAt && p.status !== 'draft' && (staff || resultsPublic(p)));
  const out: PollReplay[] = [];
  for (const p of polls) {
    const at = (Date.parse(p.launchedAt!) - startMs) / 1000;
    if (!Number.isFinite(at) || at < -5 || (durationSeconds !== null && at > durationSeconds)) continue;
    const results = await resultsOf(data, p);
    if (!results) continue;
    out.push({ pollId: p.pollId, at: Math.max(0, Math.round(at)), question: p.question, options: p.options, correct: p.status === 'closed' ? p.correct : [], results });
  }
  return out.sort((a, b) => a.at - b.at);
}
