import { describe, expect, it } from 'vitest';
import { csvText } from '#server/http/csvFile.server';
import type { PollRecord } from './data/polls.server';
import { csvFileName, pollCsv } from './export.server';
import { pollView } from './polls.server';

const WORDS = { respondent: 'Respondent', answer: 'Answer', correct: 'Correct', votedAt: 'Voted at', anonymous: 'Anonymous', yes: 'yes', no: 'no' };
const poll = (over: Partial<PollRecord> = {}): PollRecord => ({
  tenantId: 't',
  eventId: 'abcdefabcdef',
  pollId: 'pollpollpoll',
  question: 'Which topic next?',
  options: ['Pricing', 'Roadmap', '=Hiring'],
  multiple: true,
  anonymous: false,
  correct: [1],
  durationSeconds: null,
  resultsTo: 'hosts',
  status: 'closed',
  shared: false,
  launchedAt: '2030-01-01T10:00:00.000Z',
  endsAt: null,
  closedAt: '2030-01-01T10:05:00.000Z',
  finalCounts: [1, 2, 1],
  finalVoters: 2,
  createdBy: 'h',
  createdAt: '2030-01-01T09:00:00.000Z',
  updatedAt: '2030-01-01T10:05:00.000Z',
  ...over,
});
const votes = [
  { userId: 'u1', name: '=Ana', choices: [1], votedAt: '2030-01-01T10:01:00.000Z' },
  { userId: 'u2', name: 'Bo', choices: [0, 1, 2], votedAt: '2030-01-01T10:02:00.000Z' },
];

describe('poll export', () => {
  it('writes one row per voter with names, answers and quiz marks; formulas are neutralised', () => {
    const { columns, rows } = pollCsv(poll(), votes, WORDS);
    expect(csvText(columns, rows).trim().split('\n')).toEqual([
      'Respondent,Answer,Correct,Voted at',
      "'=Ana,Roadmap,yes,2030-01-01T10:01:00.000Z",
      'Bo,Pricing; Roadmap; =Hiring,no,2030-01-01T10:02:00.000Z',
    ]);
    expect(csvFileName(poll())).toBe('poll-which-topic-next.csv');
  });

  it('leaves names out of an anonymous poll, and the Correct column out of an opinion poll', () => {
    const { columns, rows } = pollCsv(poll({ anonymous: true, correct: [] }), votes, WORDS);
    expect(columns).toEqual(['Respondent', 'Answer', 'Voted at']);
    expect(rows.map((r) => r[0])).toEqual(['Anonymous', 'Anonymous']);
  });
});

describe('what each caller sees of a poll', () => {
  const results = { counts: [1, 2, 1], voters: 2 };
  it('shows counts and right answers to hosts, and to others only once public', () => {
    expect(pollView(poll(), results, true)).toMatchObject({ results, correct: [1] });
    expect(pollView(poll(), results, false)).toMatchObject({ results: null, correct: [] });
    expect(pollView(poll({ shared: true }), results, false)).toMatchObject({ results, correct: [1] });
    // While open, a quiz's answer stays hidden even with live results.
    expect(pollView(poll({ status: 'live', resultsTo: 'everyone' }), results, false)).toMatchObject({ results, correct: [] });
    expect(pollView(poll(), results, false, [2]).myChoices).toEqual([2]);
    expect('myChoices' in pollView(poll(), results, false)).toBe(false);
  });
});
