/**
 * Registration questions (issue 28, item 5; docs/decisions/0083): what an organizer asks when people
 * register for an event or buy its ticket. Browser-safe: the event form's editor, the registration
 * form and the server share these schemas and rules.
 *
 * A question has a stable id (answers are keyed by it), a kind, a required flag and a label per
 * language (the event's default language required, others optional and falling back to it);
 * choice questions carry options with ids and labels per language.
 */
import { z } from 'zod';
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX, isChoice, labelIn, questionSchema, MAX_OPTIONS, MAX_QUESTIONS, LABEL_MAX, OPTION_MAX, type AnswersInput, type Question, type QuestionKind, type QuestionOption, type StoredAnswer } from './schema';
import type { Language } from '#app/lib/config/localized';

export * from './schema';

// ---------------------------------------------------------------------------------------------
// The editor's value: a JSON text in the event form's hidden field.

export const QUESTION_ERROR_CODES = ['invalid', 'tooMany', 'labelRequired', 'labelLong', 'optionsFew', 'optionsMany', 'optionLong', 'optionRequired'] as const;
export type QuestionErrorCode = (typeof QUESTION_ERROR_CODES)[number];
export const questionErrorKey = (code: QuestionErrorCode) => `registration.editorErrors.${code}` as const;
export type QuestionFormError = ReturnType<typeof questionErrorKey>;

/** The field's name in the event form. */
export const QUESTIONS_FIELD = 'registrationQuestions';
/** The JSON text is read up to this length (20 questions × 20 options × 3 languages fit). */
export const QUESTIONS_FIELD_MAX = 200_000;

export type QuestionsParse =
  | { ok: true; questions: Question[] }
  | { ok: false; error: QuestionFormError; issues: Record<string, QuestionErrorCode> };

/**
 * Validates the editor's JSON: at most MAX_QUESTIONS, each labelled in `defaultLanguage` (trimmed,
 * at most LABEL_MAX), choices with 2–MAX_OPTIONS options each named in `defaultLanguage`. Labels in
 * languages the tenant does not offer are dropped; empty ones are left out (they fall back).
 * `issues` names the first problem of each bad question, for the editor to show beside it.
 */
export function parseQuestionsField(text: string, languages: readonly string[], defaultLanguage: string): QuestionsParse {
  const fail = (code: QuestionErrorCode, issues: Record<string, QuestionErrorCode> = {}): QuestionsParse => ({ ok: false, error: questionErrorKey(code), issues });
  if (text.trim() === '') return { ok: true, questions: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('invalid');
  }
  const shape = z.array(questionSchema).max(200).safeParse(raw);
  if (!shape.success) return fail('invalid');
  if (shape.data.length > MAX_QUESTIONS) return fail('tooMany');
  if (new Set(shape.data.map((q) => q.id)).size !== shape.data.length) return fail('invalid');
  const keep = (label: Partial<Record<Language, string>>) =>
    Object.fromEntries(Object.entries(label).flatMap(([l, v]) => (languages.includes(l) && v.trim() ? [[l, v.trim()]] : []))) as Partial<Record<Language, string>>;
  const issues: Record<string, QuestionErrorCode> = {};
  const questions = shape.data.map((q): Question => {
    const label = keep(q.label);
    const options = isChoice(q.kind) ? q.options.map((o) => ({ id: o.id, label: keep(o.label) })).filter((o) => Object.keys(o.label).length > 0) : [];
    const main = label[defaultLanguage as Language];
    let issue: QuestionErrorCode | undefined;
    if (!main) issue = 'labelRequired';
    else if (Object.values(label).some((v) => v.length > LABEL_MAX)) issue = 'labelLong';
    else if (isChoice(q.kind) && options.length < 2) issue = 'optionsFew';
    else if (options.length > MAX_OPTIONS) issue = 'optionsMany';
    else if (options.some((o) => !o.label[defaultLanguage as Language])) issue = 'optionRequired';
    else if (options.some((o) => Object.values(o.label).some((v) => v.length > OPTION_MAX))) issue = 'optionLong';
    else if (new Set(options.map((o) => o.id)).size !== options.length) issue = 'invalid';
    if (issue) issues[q.id] = issue;
    return { id: q.id, kind: q.kind, required: q.required, label, options };
  });
  const first = Object.values(issues)[0];
  return first ? fail(first, issues) : { ok: true, questions };
}

// ---------------------------------------------------------------------------------------------
// Answers.

export const ANSWER_ERROR_CODES = ['required', 'tooLong', 'choice', 'consent', 'invalid'] as const;
export type AnswerErrorCode = (typeof ANSWER_ERROR_CODES)[number];
export const answerErrorKey = (code: AnswerErrorCode) => `registration.answerErrors.${code}` as const;
export type AnswerFormError = ReturnType<typeof answerErrorKey>;



export type AnswersResult = { ok: true; answers: StoredAnswer[] } | { ok: false; errors: Record<string, AnswerFormError> };

const textSchema = (max: number) => z.string().trim().max(max, 'tooLong');

/**
 * The server's check of a registration's answers against the event's questions (zod): required
 * answers given, text within its length, choices among the options, consent ticked when required.
 * Unknown question ids are ignored; an optional question left empty stores nothing.
 */
export function validateAnswers(questions: readonly Question[], input: AnswersInput, defaultLanguage: string): AnswersResult {
  const errors: Record<string, AnswerFormError> = {};
  const answers: StoredAnswer[] = [];
  for (const q of questions) {
    const raw = input[q.id];
    const label = labelIn(q.label, defaultLanguage, defaultLanguage);
    const bad = (code: AnswerErrorCode) => (errors[q.id] = answerErrorKey(code));
    if (q.kind === 'shortText' || q.kind === 'longText') {
      const parsed = textSchema(q.kind === 'shortText' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX).safeParse(raw ?? '');
      if (!parsed.success) bad(typeof raw === 'string' ? 'tooLong' : 'invalid');
      else if (!parsed.data) {
        if (q.required) bad('required');
      } else answers.push({ questionId: q.id, kind: q.kind, label, answer: parsed.data });
      continue;
    }
    if (q.kind === 'consent') {
      if (raw !== undefined && typeof raw !== 'boolean') bad('invalid');
      else if (raw === true) answers.push({ questionId: q.id, kind: q.kind, label, answer: 'yes' });
      else if (q.required) bad('consent');
      continue;
    }
    const ids = q.kind === 'singleChoice' ? (typeof raw === 'string' ? (raw ? [raw] : []) : raw === undefined ? [] : null) : Array.isArray(raw) ? [...new Set(raw)] : raw === undefined ? [] : null;
    if (ids === null) {
      bad('invalid');
      continue;
    }
    const chosen = ids.map((id) => q.options.find((o) => o.id === id));
    if (chosen.some((o) => !o)) bad('choice');
    else if (chosen.length === 0) {
      if (q.required) bad('required');
    } else {
      const options = chosen as QuestionOption[];
      answers.push({ questionId: q.id, kind: q.kind, label, answer: options.map((o) => labelIn(o.label, defaultLanguage, defaultLanguage)).join('; '), optionIds: options.map((o) => o.id) });
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}

/** For display to hosts: the question as it was asked and the answer, in the stored order. */
export function answersForDisplay(answers: readonly StoredAnswer[]): Array<{ question: string; answer: string }> {
  return answers.map((a) => ({ question: a.label, answer: a.answer }));
}

// ---------------------------------------------------------------------------------------------
// The export: one column per question, those asked today first (in their order), then questions
// since removed that someone answered (their label as answered).

export interface ExportColumn {
  questionId: string;
  header: string;
}

export function exportColumns(current: readonly Question[], answered: ReadonlyArray<readonly StoredAnswer[]>, defaultLanguage: string): ExportColumn[] {
  const columns: ExportColumn[] = current.map((q) => ({ questionId: q.id, header: labelIn(q.label, defaultLanguage, defaultLanguage) }));
  const seen = new Set(columns.map((c) => c.questionId));
  for (const list of answered) {
    for (const a of list) {
      if (seen.has(a.questionId)) continue;
      seen.add(a.questionId);
      columns.push({ questionId: a.questionId, header: a.label });
    }
  }
  return columns;
}

/** One row's answer cells, in the columns' order ('' where nothing was answered). */
export function answerCells(columns: readonly ExportColumn[], answers: readonly StoredAnswer[]): string[] {
  const byId = new Map(answers.map((a) => [a.questionId, a.answer]));
  return columns.map((c) => byId.get(c.questionId) ?? '');
}

/** A question as the registration form shows it: its text and options in the visitor's language. */
export interface ShownQuestion {
  id: string;
  kind: QuestionKind;
  required: boolean;
  label: string;
  options: Array<{ id: string; label: string }>;
}

export function shownQuestions(questions: readonly Question[], language: string, fallback: string): ShownQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    required: q.required,
    label: labelIn(q.label, language, fallback),
    options: q.options.map((o) => ({ id: o.id, label: labelIn(o.label, language, fallback) })),
  }));
}
