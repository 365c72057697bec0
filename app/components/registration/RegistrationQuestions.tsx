/**
 * The registration questions on the event page (docs/decisions/0083), asked before Register or
 * Buy ticket: each in the visitor's language, required ones marked; the server's field errors shown
 * under their questions with what was typed kept, and the focus moved to the first wrong one.
 */
import { Box, Heading, Input, NativeSelect, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type AnswerFormError, type AnswersInput, type ShownQuestion } from '#app/lib/registration/questions';

const FORM = 'registration';
const fieldId = (id: string) => `${FORM}-q-${id}`;
const errorIdOf = (id: string) => `${FORM}-q-${id}-error`;
const inputCss = { accentColor: 'var(--chakra-colors-brand-solid)' };

function Label({ q, htmlFor, as = 'label' }: { q: ShownQuestion; htmlFor?: string; as?: 'label' | 'legend' }) {
  const { t } = useTranslation();
  return (
    <chakra.label as={as} htmlFor={htmlFor} display="block" fontWeight="semibold" mb="1" p="0">
      {q.label}{' '}
      <Text as="span" fontWeight="normal" fontSize="sm" color="fg.muted">
        {t(q.required ? 'registration.form.required' : 'registration.form.optional')}
      </Text>
    </chakra.label>
  );
}

/** The answers' state, the form to show and the hook to show the server's errors. */
export function useRegistrationQuestions(questions: readonly ShownQuestion[], buying: boolean) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<AnswersInput>({});
  const [errors, setErrors] = useState<Record<string, AnswerFormError>>({});
  const box = useRef<HTMLDivElement>(null);
  const set = (id: string, value: AnswersInput[string]) => {
    setAnswers((a) => ({ ...a, [id]: value }));
    // A changed answer is no longer the refused one: its error goes until the next try.
    setErrors((e) => (id in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== id)) : e));
  };

  /** The server refused some answers: show each under its question and move to the first. */
  function showErrors(fields: Record<string, AnswerFormError>) {
    setErrors(fields);
    const first = questions.find((q) => fields[q.id]);
    if (first) requestAnimationFrame(() => box.current?.querySelector<HTMLElement>(`[data-question="${first.id}"] input, [data-question="${first.id}"] textarea, [data-question="${first.id}"] select`)?.focus());
  }

  const described = (q: ShownQuestion) => (errors[q.id] ? errorIdOf(q.id) : undefined);
  const errorText = (q: ShownQuestion): ReactNode =>
    errors[q.id] ? (
      <Text id={errorIdOf(q.id)} color="fg.error" fontSize="sm" mt="1" data-testid={`answer-error-${q.id}`}>
        {t(errors[q.id]!, { max: q.kind === 'shortText' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX })}
      </Text>
    ) : null;

  function field(q: ShownQuestion): ReactNode {
    const invalid = errors[q.id] ? true : undefined;
    const value = answers[q.id];
    switch (q.kind) {
      case 'shortText':
      case 'longText': {
        const Control = q.kind === 'shortText' ? Input : Textarea;
        return (
          <>
            <Label q={q} htmlFor={fieldId(q.id)} />
            <Control id={fieldId(q.id)} value={typeof value === 'string' ? value : ''} onChange={(e: { currentTarget: { value: string } }) => set(q.id, e.currentTarget.value)} aria-invalid={invalid} aria-required={q.required} aria-describedby={described(q)} bg="bg" data-testid={`answer-${q.id}`} />
          </>
        );
      }
      case 'singleChoice':
        return (
          <>
            <Label q={q} htmlFor={fieldId(q.id)} />
            <NativeSelect.Root invalid={invalid}>
              <NativeSelect.Field id={fieldId(q.id)} value={typeof value === 'string' ? value : ''} onChange={(e) => set(q.id, e.currentTarget.value)} aria-required={q.required} aria-describedby={described(q)} bg="bg" data-testid={`answer-${q.id}`}>
                <option value="">{t('registration.form.choose')}</option>
                {q.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </>
        );
      case 'multipleChoice': {
        const chosen = Array.isArray(value) ? value : [];
        return (
          <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0" aria-describedby={described(q)} data-testid={`answer-${q.id}`}>
            <Label q={q} as="legend" />
            <Stack gap="1">
              {q.options.map((o) => (
                <chakra.label key={o.id} display="flex" alignItems="center" gap="2" minH="8" cursor="pointer">
                  <chakra.input type="checkbox" w="5" h="5" css={inputCss} checked={chosen.includes(o.id)} aria-invalid={invalid} onChange={(e) => set(q.id, e.currentTarget.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))} />
                  <span>{o.label}</span>
                </chakra.label>
              ))}
            </Stack>
          </Box>
        );
      }
      case 'consent':
        return (
          <chakra.label display="flex" alignItems="flex-start" gap="2" cursor="pointer">
            <chakra.input type="checkbox" id={fieldId(q.id)} w="5" h="5" mt="0.5" flexShrink={0} css={inputCss} checked={value === true} aria-invalid={invalid} aria-required={q.required} aria-describedby={described(q)} onChange={(e) => set(q.id, e.currentTarget.checked)} data-testid={`answer-${q.id}`} />
            <span>
              {q.label}{' '}
              <Text as="span" fontSize="sm" color="fg.muted">
                {t(q.required ? 'registration.form.required' : 'registration.form.optional')}
              </Text>
            </span>
          </chakra.label>
        );
    }
  }

  const hasErrors = Object.keys(errors).length > 0;
  const form =
    questions.length === 0 ? null : (
      <Box ref={box} borderWidth="1px" borderRadius="l2" p="4" data-testid="registration-questions">
        <Stack gap="4">
          <Box>
            <Heading as="h2" size="sm">
              {t(buying ? 'registration.form.titleBuy' : 'registration.form.title')}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('registration.form.intro')}
            </Text>
          </Box>
          {hasErrors ? (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="answers-problem">
              {t('registration.form.fix')}
            </Text>
          ) : null}
          {questions.map((q) => (
            <Box key={q.id} data-question={q.id}>
              {field(q)}
              {errorText(q)}
            </Box>
          ))}
        </Stack>
      </Box>
    );
  return { form, answers, showErrors, clearErrors: () => setErrors({}) };
}
