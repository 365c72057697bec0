/**
 * A poll's wording and settings (docs/decisions/0081): used on the event's dashboard page to
 * prepare polls and in the room to create one on the spot. Controlled; the server checks again.
 */
import { Box, Button, HStack, Input, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { MAX_OPTION, MAX_OPTIONS, MAX_QUESTION, MIN_OPTIONS, blankPoll, type PollInput, type PollView } from '#app/lib/polls/model';

const TIMERS = [null, 30, 60, 120, 300, 600] as const;

export interface PollEditorProps {
  initial?: PollView;
  /** Saves; resolves to field errors (by path) or a message, or null when saved. */
  onSave: (poll: PollInput, launch: boolean) => Promise<{ message?: string; fieldErrors?: Record<string, string> } | null>;
  onCancel: () => void;
  /** Offer "Save and launch" (the room). */
  canLaunch?: boolean;
  testId?: string;
}

const fromView = (p: PollView): PollInput => ({
  question: p.question,
  options: [...p.options],
  multiple: p.multiple,
  anonymous: p.anonymous,
  correct: [...p.correct],
  durationSeconds: p.durationSeconds,
  resultsTo: p.resultsTo,
});

function Check({ checked, onChange, children, testId }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; testId?: string }) {
  return (
    <chakra.label display="flex" alignItems="center" gap="2" cursor="pointer" fontSize="sm">
      <chakra.input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} w="4" h="4" flexShrink={0} data-testid={testId} css={{ accentColor: 'var(--chakra-colors-brand-solid)' }} />
      <span>{children}</span>
    </chakra.label>
  );
}

export function timerLabel(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('polls.noTimer');
  return seconds % 60 === 0 ? t('polls.minutes', { count: seconds / 60 }) : t('polls.seconds', { count: seconds });
}

export function PollEditor({ initial, onSave, onCancel, canLaunch = false, testId = 'poll-editor' }: PollEditorProps) {
  // Shown only under a part that fetched the namespace (PollsPanel, PollsOnRecording): this is a no-op then.
  useNamespace('polls');
  const { t } = useTranslation();
  const id = useId();
  const [poll, setPoll] = useState<PollInput>(() => (initial ? fromView(initial) : blankPoll()));
  const [quiz, setQuiz] = useState(() => (initial?.correct.length ?? 0) > 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PollInput>) => {
    setPoll((p) => ({ ...p, ...patch }));
    // What was wrong is told again on the next save; a changed form no longer shows the old errors.
    setErrors({});
    setMessage(null);
  };

  const setOption = (i: number, text: string) => set({ options: poll.options.map((o, j) => (j === i ? text : o)) });
  const removeOption = (i: number) => set({ options: poll.options.filter((_, j) => j !== i), correct: poll.correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)) });
  const toggleCorrect = (i: number, on: boolean) => set({ correct: on ? (poll.multiple ? [...poll.correct, i] : [i]) : poll.correct.filter((c) => c !== i) });
  const timers = TIMERS.includes(poll.durationSeconds as (typeof TIMERS)[number]) ? TIMERS : [...TIMERS, poll.durationSeconds];

  const save = async (launch: boolean) => {
    setBusy(true);
    setMessage(null);
    const answer = await onSave({ ...poll, correct: quiz ? poll.correct : [] }, launch);
    setBusy(false);
    setErrors(answer?.fieldErrors ?? {});
    // Field errors speak for themselves; a message is for what no field explains.
    if (answer) setMessage(answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0 ? null : (answer.message ?? null));
  };
  const errorOf = (key: string) =>
    errors[key] ? (
      <Text fontSize="sm" color="fg.error" id={`${id}-${key}-error`}>
        {errors[key]}
      </Text>
    ) : null;

  return (
    <Box
      as="form"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg="bg"
      data-testid={testId}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <Stack gap="3">
        <Stack gap="1">
          <chakra.label htmlFor={`${id}-q`} fontWeight="semibold" fontSize="sm">
            {t('polls.question')}
          </chakra.label>
          <Input id={`${id}-q`} value={poll.question} maxLength={MAX_QUESTION + 20} onChange={(e) => set({ question: e.target.value })} aria-invalid={errors.question ? true : undefined} aria-describedby={errors.question ? `${id}-question-error` : undefined} data-testid="poll-question" />
          {errorOf('question')}
        </Stack>
        <Stack gap="2" role="group" aria-label={t('polls.title')}>
          {poll.options.map((option, i) => (
            <HStack key={i} gap="2" align="center">
              <Input
                aria-label={t('polls.option', { n: i + 1 })}
                placeholder={t('polls.option', { n: i + 1 })}
                value={option}
                maxLength={MAX_OPTION + 20}
                onChange={(e) => setOption(i, e.target.value)}
                aria-invalid={errors[`options.${i}`] ? true : undefined}
                data-testid={`poll-option-${i}`}
                flex="1"
                minW="0"
              />
              {quiz ? (
                <chakra.input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`${id}-correct`}
                  aria-label={t('polls.correctMark', { option: option || t('polls.option', { n: i + 1 }) })}
                  checked={poll.correct.includes(i)}
                  onChange={(e) => toggleCorrect(i, e.target.checked)}
                  w="5"
                  h="5"
                  data-testid={`poll-correct-${i}`}
                  css={{ accentColor: 'var(--chakra-colors-green-solid)' }}
                />
              ) : null}
              <Button size="sm" variant="ghost" aria-label={t('polls.removeOption', { n: i + 1 })} disabled={poll.options.length <= MIN_OPTIONS} onClick={() => removeOption(i)}>
                ×
              </Button>
            </HStack>
          ))}
          {errorOf('options')}
          {Object.keys(errors).some((k) => k.startsWith('options.')) ? errorOf(Object.keys(errors).find((k) => k.startsWith('options.'))!) : null}
          <Button size="sm" variant="outline" alignSelf="flex-start" disabled={poll.options.length >= MAX_OPTIONS} onClick={() => set({ options: [...poll.options, ''] })} data-testid="poll-add-option">
            {t('polls.addOption')}
          </Button>
        </Stack>
        <Stack gap="2">
          <Check checked={poll.multiple} onChange={(v) => set({ multiple: v, correct: v ? poll.correct : poll.correct.slice(0, 1) })} testId="poll-multiple">
            {t('polls.multiple')}
          </Check>
          <Check checked={poll.anonymous} onChange={(v) => set({ anonymous: v })} testId="poll-anonymous">
            {t('polls.anonymous')}
          </Check>
          <Check checked={quiz} onChange={setQuiz} testId="poll-quiz">
            {t('polls.quiz')}
          </Check>
          {errorOf('correct')}
        </Stack>
        <HStack gap="3" flexWrap="wrap" align="flex-end">
          <Stack gap="1" minW="10rem" flex="1">
            <chakra.label htmlFor={`${id}-timer`} fontSize="sm" fontWeight="semibold">
              {t('polls.timer')}
            </chakra.label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={`${id}-timer`} value={String(poll.durationSeconds ?? '')} onChange={(e) => set({ durationSeconds: e.target.value ? Number(e.target.value) : null })} data-testid="poll-timer">
                {timers.map((s) => (
                  <option key={String(s)} value={s ?? ''}>
                    {timerLabel(t, s)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <Stack gap="1" minW="12rem" flex="1">
            <chakra.label htmlFor={`${id}-results`} fontSize="sm" fontWeight="semibold">
              {t('polls.resultsTo')}
            </chakra.label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={`${id}-results`} value={poll.resultsTo} onChange={(e) => set({ resultsTo: e.target.value === 'everyone' ? 'everyone' : 'hosts' })} data-testid="poll-results-to">
                <option value="hosts">{t('polls.resultsHosts')}</option>
                <option value="everyone">{t('polls.resultsEveryone')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </HStack>
        {errorOf('durationSeconds')}
        {message ? (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="poll-editor-error">
            {message}
          </Text>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <Button type="submit" size="sm" colorPalette="brand" loading={busy} data-testid="poll-save">
            {t('polls.save')}
          </Button>
          {canLaunch ? (
            <Button size="sm" colorPalette="brand" variant="outline" loading={busy} onClick={() => void save(true)} data-testid="poll-save-launch">
              {t('polls.saveLaunch')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
            {t('polls.cancel')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
