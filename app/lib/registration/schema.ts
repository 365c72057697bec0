/**
 * Registration questions as stored with the event (docs/decisions/0083): their shape, bounds and
 * the answers' stored shape. No translation keys here: the event model imports it, and every
 * screen that shows an event would otherwise carry the registration strings.
 */
import { z } from 'zod';
import { PLATFORM_LANGUAGES, languageSchema, type Language } from '#app/lib/config/localized';

export const QUESTION_KINDS = ['shortText', 'longText', 'singleChoice', 'multipleChoice', 'consent'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const CHOICE_KINDS: readonly QuestionKind[] = ['singleChoice', 'multipleChoice'];
export const isChoice = (kind: QuestionKind) => CHOICE_KINDS.includes(kind);

export const MAX_QUESTIONS = 20;
export const LABEL_MAX = 300;
export const MAX_OPTIONS = 20;
export const OPTION_MAX = 100;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 2000;

const ID = /^[a-z0-9]{1,16}$/;
export const questionIdSchema = z.string().regex(ID);

const labelsSchema = z.partialRecord(languageSchema, z.string().max(LABEL_MAX * 2));

/** A question as stored with the event (`registrationQuestions`). */
export const questionSchema = z.object({
  id: questionIdSchema,
  kind: z.enum(QUESTION_KINDS),
  required: z.boolean(),
  label: labelsSchema,
  options: z.array(z.object({ id: questionIdSchema, label: labelsSchema })).max(MAX_OPTIONS).default([]),
});
export type Question = z.infer<typeof questionSchema>;
export type QuestionOption = Question['options'][number];

/** A fresh id for a question or an option (browser and server). */
export function newQuestionId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

/** The text of a label in `language`, else in the fallback language, else the first one given. */
export function labelIn(label: Partial<Record<Language, string>>, language: string, fallback: string): string {
  const pick = (l: string) => (PLATFORM_LANGUAGES as readonly string[]).includes(l) ? label[l as Language]?.trim() : undefined;
  return pick(language) || pick(fallback) || Object.values(label).find((v) => v?.trim())?.trim() || '';
}


/**
 * One answer as stored with the registration: the question's id, kind and label as they were when
 * answered (the event's default language), and the answer's text, so later edits of the questions
 * change neither (docs/decisions/0083).
 */
export const storedAnswerSchema = z.object({
  questionId: questionIdSchema,
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  /** What a reader sees: the text typed, the chosen options' labels ("; " between them), or "yes". */
  answer: z.string(),
  /** Option ids chosen (choices only), for a later comparison with the current options. */
  optionIds: z.array(z.string()).optional(),
});
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/** The language every question must be labelled in: the tenant's default, else its first. */
export const questionsLanguage = (languages: { supported: readonly string[]; default?: string }): string => languages.default ?? languages.supported[0] ?? 'en';

/** What a browser sends: text for text and single choice (an option id), option ids for multiple choice, true for consent. */
export const answersInputSchema = z.record(questionIdSchema, z.union([z.string().max(LONG_ANSWER_MAX * 4), z.array(z.string().max(64)).max(MAX_OPTIONS * 2), z.boolean()])).default({});
export type AnswersInput = z.infer<typeof answersInputSchema>;
