/**
 * Live polls of an event (docs/decisions/0081-polls.md): what a host prepares or makes on the spot,
 * what the room and the dashboard show, and the API's requests. Shared by the browser and the
 * server (server/polls/).
 */
import { z } from 'zod';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
export const MAX_QUESTION = 200;
export const MAX_OPTION = 100;
export const MIN_DURATION = 10;
export const MAX_DURATION = 3600;
/** Polls one event may hold. */
export const MAX_POLLS = 50;

export const pollIdSchema = z.string().regex(/^[a-z0-9]{12}$/);
export type PollStatus = 'draft' | 'live' | 'closed';
/** Who sees the counts while the poll is open: everyone, or only hosts until they share them. */
export type ResultsTo = 'everyone' | 'hosts';

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, 'errors.required').max(max, 'errors.tooLong'));

/** What a host writes: the question, its options and how it works. Messages are keys of the `polls` namespace. */
export const pollInputSchema = z
  .object({
    question: text(MAX_QUESTION),
    options: z.array(text(MAX_OPTION)).min(MIN_OPTIONS, 'errors.fewOptions').max(MAX_OPTIONS, 'errors.manyOptions'),
    multiple: z.boolean().default(false),
    anonymous: z.boolean().default(false),
    /** The right answers' indexes (a quiz); empty for an opinion poll. */
    correct: z.array(z.number().int().min(0).max(MAX_OPTIONS - 1)).max(MAX_OPTIONS).default([]),
    /** Seconds it stays open once launched; null: until a host closes it. */
    durationSeconds: z.number().int().min(MIN_DURATION, 'errors.duration').max(MAX_DURATION, 'errors.duration').nullable().default(null),
    resultsTo: z.enum(['everyone', 'hosts']).default('hosts'),
  })
  .strict()
  .superRefine((p, ctx) => {
    const seen = new Set(p.options.map((o) => o.toLowerCase()));
    if (seen.size !== p.options.length && !seen.has('')) ctx.addIssue({ code: 'custom', path: ['options'], message: 'errors.sameOptions' });
    const correct = new Set(p.correct);
    if (correct.size !== p.correct.length || p.correct.some((i) => i >= p.options.length)) ctx.addIssue({ code: 'custom', path: ['correct'], message: 'errors.correct' });
    if (!p.multiple && p.correct.length > 1) ctx.addIssue({ code: 'custom', path: ['correct'], message: 'errors.correct' });
  });
export type PollInput = z.infer<typeof pollInputSchema>;
export type PollInputDraft = z.input<typeof pollInputSchema>;

/** Choices of one vote: option indexes, each once. */
export const choicesSchema = z
  .array(z.number().int().min(0).max(MAX_OPTIONS - 1))
  .min(1)
  .max(MAX_OPTIONS)
  .refine((c) => new Set(c).size === c.length);

const eventId = z.string().regex(/^[a-z0-9]{12}$/);

/** POST /api/polls bodies. */
export const pollRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), eventId, poll: z.unknown(), launch: z.boolean().default(false) }).strict(),
  z.object({ intent: z.literal('update'), eventId, pollId: pollIdSchema, poll: z.unknown() }).strict(),
  z.object({ intent: z.literal('delete'), eventId, pollId: pollIdSchema }).strict(),
  z.object({ intent: z.literal('launch'), eventId, pollId: pollIdSchema }).strict(),
  z.object({ intent: z.literal('close'), eventId, pollId: pollIdSchema }).strict(),
  z.object({ intent: z.literal('share'), eventId, pollId: pollIdSchema }).strict(),
  z.object({ intent: z.literal('vote'), eventId, pollId: pollIdSchema, choices: choicesSchema }).strict(),
]);
export type PollRequest = z.infer<typeof pollRequestSchema>;

export interface PollResults {
  /** Votes per option, by index. */
  counts: number[];
  /** People who voted. */
  voters: number;
}

/** A poll as the room, the dashboard and the recording show it. */
export interface PollView {
  pollId: string;
  question: string;
  options: string[];
  multiple: boolean;
  anonymous: boolean;
  /** The right answers: to hosts always, to others once the poll is closed and its results shown. */
  correct: number[];
  durationSeconds: number | null;
  resultsTo: ResultsTo;
  status: PollStatus;
  shared: boolean;
  launchedAt: string | null;
  endsAt: string | null;
  closedAt: string | null;
  /** Null when the caller may not see the counts yet. */
  results: PollResults | null;
  /** The caller's own choices (the API's answer to them; never in a room notice). */
  myChoices?: number[];
}

export interface PollList {
  polls: PollView[];
  staff: boolean;
}

/** A launched poll on a recording's timeline (/eventVod). */
export interface PollReplay {
  pollId: string;
  /** Seconds from the recording's start when it was launched. */
  at: number;
  question: string;
  options: string[];
  correct: number[];
  results: PollResults;
}

/** Whether everyone may see the counts of this poll now. */
export const resultsPublic = (p: Pick<PollView, 'resultsTo' | 'shared'>) => p.resultsTo === 'everyone' || p.shared;

/** An empty form's values. */
export const blankPoll = (): PollInput => ({ question: '', options: ['', ''], multiple: false, anonymous: false, correct: [], durationSeconds: null, resultsTo: 'hosts' });

/** Percent of voters per option (rounded), for bars. */
export function percents(results: PollResults): number[] {
  return results.counts.map((c) => (results.voters > 0 ? Math.round((c / results.voters) * 100) : 0));
}
