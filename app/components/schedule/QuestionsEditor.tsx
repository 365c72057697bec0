/**
 * The event form's registration questions (docs/decisions/0083): add, remove, reorder with up and
 * down buttons, a kind, a required flag, the text per language (the tenant's main language
 * required) and, for choices, the options one per line per language. The whole list travels as
 * JSON in one hidden field that the server parses (app/lib/registration/questions.ts).
 */
import { Box, Button, Heading, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlId, errorId } from '#app/components/forms/Fields';
import type { Language } from '#app/lib/config/tenant';
import { useRootData } from '#app/lib/rootData';
import {
  MAX_QUESTIONS,
  QUESTION_KINDS,
  QUESTIONS_FIELD,
  isChoice,
  newQuestionId,
  parseQuestionsField,
  questionErrorKey,
  questionSchema,
  questionsLanguage,
  type Question,
  type QuestionKind,
} from '#app/lib/registration/questions';

interface Draft {
  id: string;
  kind: QuestionKind;
  required: boolean;
  label: Partial<Record<Language, string>>;
  optionIds: string[];
  /** The options as typed, one per line, per language. */
  optionText: Partial<Record<Language, string>>;
}

function toDraft(q: Question, languages: readonly Language[]): Draft {
  return {
    id: q.id,
    kind: q.kind,
    required: q.required,
    label: { ...q.label },
    optionIds: q.options.map((o) => o.id),
    optionText: Object.fromEntries(languages.map((l) => [l, q.options.map((o) => o.label[l] ?? '').join('\n')])),
  };
}

const lines = (text: string | undefined) => (text ?? '').split('\n');

/** What the hidden field carries: options line by line (the n-th line of each language is one option), blank ones left out. */
function toQuestion(d: Draft, languages: readonly Language[]): Question {
  const count = Math.max(0, ...languages.map((l) => lines(d.optionText[l]).length));
  const options = isChoice(d.kind)
    ? Array.from({ length: count }, (_, i) => ({
        id: d.optionIds[i] ?? `o${i}`,
        label: Object.fromEntries(languages.map((l) => [l, lines(d.optionText[l])[i]?.trim() ?? ''])),
      })).filter((o) => Object.values(o.label).some(Boolean))
    : [];
  return { id: d.id, kind: d.kind, required: d.required, label: d.label, options };
}

function initialDrafts(value: string, languages: readonly Language[]): Draft[] {
  try {
    const parsed = questionSchema.array().safeParse(JSON.parse(value || '[]'));
    return parsed.success ? parsed.data.map((q) => toDraft(q, languages)) : [];
  } catch {
    return [];
  }
}

export interface QuestionsEditorProps {
  form: string;
  /** The field's value as the form last had it (JSON). */
  value: string;
  /** The server's error for the field, already translated. */
  error?: string;
  languages: readonly Language[];
  /** Someone already registered: say that their answers are kept. */
  answered?: boolean;
}

const checkboxCss = { accentColor: 'var(--chakra-colors-brand-solid)' };

export function QuestionsEditor({ form, value, error, languages, answered = false }: QuestionsEditorProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const main = (root ? questionsLanguage(root.tenant.languages) : languages[0] ?? 'en') as Language;
  const ordered = useMemo(() => [main, ...languages.filter((l) => l !== main)], [main, languages]);
  const [drafts, setDrafts] = useState(() => initialDrafts(value, ordered));
  const [notice, setNotice] = useState('');
  const focusNext = useRef<string | null>(null);
  const json = JSON.stringify(drafts.map((d) => toQuestion(d, ordered)));
  // After a refused save: which question is wrong, by the same rules the server ran.
  const issues = error ? (() => { const p = parseQuestionsField(json, languages, main); return p.ok ? {} : p.issues; })() : {};

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const update = (id: string, change: (d: Draft) => Draft) => setDrafts((all) => all.map((d) => (d.id === id ? change(d) : d)));
  const add = () => {
    const id = newQuestionId();
    setDrafts((all) => [...all, { id, kind: 'shortText', required: false, label: {}, optionIds: [], optionText: {} }]);
    focusNext.current = controlId(form, `q-${id}-kind`);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= drafts.length) return;
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    setDrafts(next);
    // Keep the focus on the button pressed, now in its new place; at an end, on the other one.
    const edge = (by === -1 && target === 0) || (by === 1 && target === drafts.length - 1);
    focusNext.current = controlId(form, `q-${moved!.id}-${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
    setNotice(t('registration.editor.moved', { n: target + 1 }));
  };
  const remove = (index: number) => {
    const next = drafts.filter((_, i) => i !== index);
    setDrafts(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? controlId(form, `q-${neighbour.id}-remove`) : controlId(form, 'q-add');
    setNotice(t('registration.editor.removed'));
  };
  const setOptions = (d: Draft, language: Language, text: string): Draft => {
    const count = Math.max(lines(text).length, ...ordered.map((l) => (l === language ? 0 : lines(d.optionText[l]).length)));
    const optionIds = [...d.optionIds];
    while (optionIds.length < count) optionIds.push(newQuestionId());
    return { ...d, optionIds, optionText: { ...d.optionText, [language]: text } };
  };
  const languageName = (l: Language) => t(`language.names.${l}`);

  return (
    // The error summary links here.
    <Box as="fieldset" id={controlId(form, QUESTIONS_FIELD)} tabIndex={-1} borderWidth="0" p="0" m="0" minW="0" data-testid="questions-editor">
      <Heading as="legend" size="md" mb="2" p="0">
        {t('registration.editor.legend')}
      </Heading>
      <input type="hidden" name={QUESTIONS_FIELD} value={json} />
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('registration.editor.help', { language: languageName(main) })}
        </Text>
        {answered ? (
          <Text fontSize="sm" color="fg.muted" data-testid="questions-kept">
            {t('registration.editor.keptAnswers')}
          </Text>
        ) : null}
        {error ? (
          <Text id={errorId(form, QUESTIONS_FIELD)} color="fg.error" fontSize="sm" data-testid={`error-${QUESTIONS_FIELD}`}>
            {error}
          </Text>
        ) : null}
        {drafts.length === 0 ? (
          <Text fontSize="sm" data-testid="questions-empty">
            {t('registration.editor.empty')}
          </Text>
        ) : null}
        <chakra.ol listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="4">
          {drafts.map((d, index) => {
            const n = index + 1;
            const issue = issues[d.id];
            const key = (part: string) => controlId(form, `q-${d.id}-${part}`);
            return (
              <chakra.li key={d.id} borderWidth="1px" borderRadius="l2" p={{ base: '3', md: '4' }} data-testid="question-row" aria-labelledby={key('title')} aria-invalid={issue ? true : undefined}>
                <Stack gap="3">
                  <HStack justify="space-between" gap="2" wrap="wrap">
                    <Text id={key('title')} fontWeight="semibold">
                      {t('registration.editor.question', { n })}
                    </Text>
                    <HStack gap="1">
                      <IconButton id={key('up')} size="sm" variant="outline" aria-label={t('registration.editor.moveUp', { n })} disabled={index === 0} onClick={() => move(index, -1)} data-testid="question-up">
                        <span aria-hidden>↑</span>
                      </IconButton>
                      <IconButton id={key('down')} size="sm" variant="outline" aria-label={t('registration.editor.moveDown', { n })} disabled={index === drafts.length - 1} onClick={() => move(index, 1)} data-testid="question-down">
                        <span aria-hidden>↓</span>
                      </IconButton>
                      <IconButton id={key('remove')} size="sm" variant="outline" colorPalette="red" aria-label={t('registration.editor.remove', { n })} onClick={() => remove(index)} data-testid="question-remove">
                        <span aria-hidden>✕</span>
                      </IconButton>
                    </HStack>
                  </HStack>
                  {issue ? (
                    <Text color="fg.error" fontSize="sm" data-testid="question-error">
                      {t(questionErrorKey(issue))}
                    </Text>
                  ) : null}
                  <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
                    <Box flex="1">
                      <chakra.label htmlFor={key('kind')} fontWeight="medium" fontSize="sm" display="block" mb="1">
                        {t('registration.editor.kind')}
                      </chakra.label>
                      <NativeSelect.Root size="md">
                        <NativeSelect.Field id={key('kind')} value={d.kind} bg="bg" onChange={(e) => { const kind = e.currentTarget.value as QuestionKind; update(d.id, (x) => ({ ...x, kind })); }} data-testid="question-kind">
                          {QUESTION_KINDS.map((k) => (
                            <option key={k} value={k}>
                              {t(`registration.editor.kinds.${k}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Box>
                    <chakra.label htmlFor={key('required')} display="flex" alignItems="center" gap="2" minH="10" cursor="pointer">
                      <chakra.input type="checkbox" id={key('required')} checked={d.required} onChange={(e) => { const required = e.currentTarget.checked; update(d.id, (x) => ({ ...x, required })); }} w="5" h="5" css={checkboxCss} data-testid="question-required" />
                      <span>{t('registration.editor.required')}</span>
                    </chakra.label>
                  </Stack>
                  {ordered.map((l) => (
                    <Box key={l}>
                      <chakra.label htmlFor={key(`label-${l}`)} fontWeight="medium" fontSize="sm" display="block" mb="1">
                        {t(l === main ? 'registration.editor.label' : 'registration.editor.labelOptional', { language: languageName(l) })}
                      </chakra.label>
                      <Input id={key(`label-${l}`)} lang={l} value={d.label[l] ?? ''} bg="bg" autoComplete="off" required={l === main} onChange={(e) => { const text = e.currentTarget.value; update(d.id, (x) => ({ ...x, label: { ...x.label, [l]: text } })); }} data-testid={`question-label-${l}`} />
                    </Box>
                  ))}
                  {isChoice(d.kind)
                    ? ordered.map((l) => (
                        <Box key={l}>
                          <chakra.label htmlFor={key(`options-${l}`)} fontWeight="medium" fontSize="sm" display="block" mb="1">
                            {t(l === main ? 'registration.editor.options' : 'registration.editor.optionsOptional', { language: languageName(l) })}
                          </chakra.label>
                          <Textarea id={key(`options-${l}`)} lang={l} rows={3} bg="bg" value={d.optionText[l] ?? ''} onChange={(e) => { const text = e.currentTarget.value; update(d.id, (x) => setOptions(x, l, text)); }} data-testid={`question-options-${l}`} />
                        </Box>
                      ))
                    : null}
                </Stack>
              </chakra.li>
            );
          })}
        </chakra.ol>
        <Button id={controlId(form, 'q-add')} variant="outline" alignSelf={{ base: 'stretch', md: 'flex-start' }} onClick={add} disabled={drafts.length >= MAX_QUESTIONS} data-testid="question-add">
          {t('registration.editor.add')}
        </Button>
        <Text aria-live="polite" srOnly>
          {notice}
        </Text>
      </Stack>
    </Box>
  );
}
