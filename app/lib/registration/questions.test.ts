import { describe, expect, it } from 'vitest';
import { answerCells, exportColumns, parseQuestionsField, shownQuestions, validateAnswers, LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type Question } from './questions';
import { parseEventForm } from '#app/lib/events/form';

const company: Question = { id: 'company', kind: 'shortText', required: true, label: { en: 'Company', es: 'Empresa' }, options: [] };
const track: Question = {
  id: 'track',
  kind: 'singleChoice',
  required: true,
  label: { en: 'Track', fr: 'Parcours' },
  options: [
    { id: 'a', label: { en: 'Beginner', fr: 'Débutant' } },
    { id: 'b', label: { en: 'Advanced' } },
  ],
};
const topics: Question = { id: 'topics', kind: 'multipleChoice', required: false, label: { en: 'Topics' }, options: [{ id: 'x', label: { en: 'Video' } }, { id: 'y', label: { en: 'Audio' } }] };
const notes: Question = { id: 'notes', kind: 'longText', required: false, label: { en: 'Notes' }, options: [] };
const consent: Question = { id: 'gdpr', kind: 'consent', required: true, label: { en: 'I agree to be contacted' }, options: [] };
const all = [company, track, topics, notes, consent];

describe('registration questions: the editor field', () => {
  it('accepts questions labelled in the main language and drops languages the tenant does not offer', () => {
    const out = parseQuestionsField(JSON.stringify([{ ...company, label: { en: ' Company ', es: '', fr: 'Société' } }]), ['en', 'es'], 'en');
    expect(out).toEqual({ ok: true, questions: [{ ...company, label: { en: 'Company' } }] });
  });

  it('refuses a question without its main-language text, a choice with one option, and names the question', () => {
    const out = parseQuestionsField(JSON.stringify([{ ...company, label: { es: 'Empresa' } }, { ...track, options: [track.options[0]] }]), ['en', 'es', 'fr'], 'en');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error).toBe('registration.editorErrors.labelRequired');
    expect(out.issues).toEqual({ company: 'labelRequired', track: 'optionsFew' });
  });

  it('refuses what is not JSON, too many questions, repeated ids and over-long labels (never a throw)', () => {
    expect(parseQuestionsField('{nope', ['en'], 'en')).toMatchObject({ ok: false, error: 'registration.editorErrors.invalid' });
    expect(parseQuestionsField(JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ ...company, id: `q${i}` }))), ['en'], 'en')).toMatchObject({ ok: false, error: 'registration.editorErrors.tooMany' });
    expect(parseQuestionsField(JSON.stringify([company, company]), ['en'], 'en')).toMatchObject({ ok: false, error: 'registration.editorErrors.invalid' });
    expect(parseQuestionsField(JSON.stringify([{ ...company, label: { en: 'x'.repeat(301) } }]), ['en'], 'en')).toMatchObject({ ok: false, issues: { company: 'labelLong' } });
    expect(parseQuestionsField('', ['en'], 'en')).toEqual({ ok: true, questions: [] });
  });

  it('is part of the event form: a bad list is the field error, a good one goes into the input', () => {
    const base = { title: 'Launch', date: '2099-05-01', time: '18:00', eventTimeZone: 'UTC', eventDuration: '60', eventLanguage: 'en', layout: 'liveEventsContainer', enableRecording: 'cloud', recordingDestination: 'cloud', admission: 'free' };
    const options = { now: Date.parse('2099-01-01T00:00:00Z'), languages: ['en', 'es'], defaultLanguage: 'en', tenantLanguage: 'en' };
    const good = parseEventForm({ ...base, registrationQuestions: JSON.stringify([company]) }, options);
    expect(good.ok && good.input.registrationQuestions).toEqual([{ ...company, label: { en: 'Company', es: 'Empresa' } }]);
    const bad = parseEventForm({ ...base, registrationQuestions: JSON.stringify([{ ...company, label: {} }]) }, options);
    expect(!bad.ok && bad.errors.registrationQuestions).toBe('registration.editorErrors.labelRequired');
    expect(!bad.ok && bad.values.registrationQuestions).toContain('"company"');
  });
});

describe('registration questions: answers checked on the server', () => {
  it('stores each answer with its question text and kind as asked, choices by their labels', () => {
    const out = validateAnswers(all, { company: '  Acme ', track: 'b', topics: ['y', 'x'], gdpr: true }, 'en');
    expect(out).toEqual({
      ok: true,
      answers: [
        { questionId: 'company', kind: 'shortText', label: 'Company', answer: 'Acme' },
        { questionId: 'track', kind: 'singleChoice', label: 'Track', answer: 'Advanced', optionIds: ['b'] },
        { questionId: 'topics', kind: 'multipleChoice', label: 'Topics', answer: 'Audio; Video', optionIds: ['y', 'x'] },
        { questionId: 'gdpr', kind: 'consent', label: 'I agree to be contacted', answer: 'yes' },
      ],
    });
  });

  it('names every wrong answer: required missing, too long, a choice not offered, consent not given, wrong types', () => {
    const out = validateAnswers(all, { company: ' ', track: 'zzz', topics: 'x', notes: 'n'.repeat(LONG_ANSWER_MAX + 1), gdpr: false }, 'en');
    expect(out).toEqual({
      ok: false,
      errors: {
        company: 'registration.answerErrors.required',
        track: 'registration.answerErrors.choice',
        topics: 'registration.answerErrors.invalid',
        notes: 'registration.answerErrors.tooLong',
        gdpr: 'registration.answerErrors.consent',
      },
    });
    expect(validateAnswers([company], { company: 'c'.repeat(SHORT_ANSWER_MAX + 1) }, 'en')).toEqual({ ok: false, errors: { company: 'registration.answerErrors.tooLong' } });
    expect(validateAnswers([company], {}, 'en')).toEqual({ ok: false, errors: { company: 'registration.answerErrors.required' } });
  });

  it('leaves optional questions out when unanswered and ignores unknown ids', () => {
    expect(validateAnswers([topics, notes], { other: 'x' }, 'en')).toEqual({ ok: true, answers: [] });
  });

  it('shows each question in the visitor language, falling back to the main one', () => {
    expect(shownQuestions([track], 'fr', 'en')[0]).toEqual({ id: 'track', kind: 'singleChoice', required: true, label: 'Parcours', options: [{ id: 'a', label: 'Débutant' }, { id: 'b', label: 'Advanced' }] });
  });
});

describe('registration questions: a stored answer survives edits, and the export keeps it', () => {
  it('keeps the label as answered after the question is renamed, and a removed question keeps its column', () => {
    const before = validateAnswers([company, track], { company: 'Acme', track: 'a' }, 'en');
    if (!before.ok) throw new Error('expected answers');
    // The organizer renames the first question and removes the second.
    const edited: Question[] = [{ ...company, label: { en: 'Organisation' } }, notes];
    const later = validateAnswers(edited, { company: 'Beta', notes: 'hi' }, 'en');
    if (!later.ok) throw new Error('expected answers');
    expect(before.answers[0]).toMatchObject({ label: 'Company', answer: 'Acme' });
    const columns = exportColumns(edited, [before.answers, later.answers], 'en');
    expect(columns).toEqual([
      { questionId: 'company', header: 'Organisation' },
      { questionId: 'notes', header: 'Notes' },
      { questionId: 'track', header: 'Track' },
    ]);
    expect(answerCells(columns, before.answers)).toEqual(['Acme', '', 'Beginner']);
    expect(answerCells(columns, later.answers)).toEqual(['Beta', 'hi', '']);
  });
});
