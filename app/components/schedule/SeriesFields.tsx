/**
 * The series part of the event form (docs/decisions/0080). A new event: "Repeats" (daily, weekly
 * on chosen days, monthly on the n-th weekday) and its end (a number of events, at most
 * MAX_OCCURRENCES, or a last day). An occurrence's edit form: which events the changes reach
 * ("this event only" or "this and the following"), and for the latter the repeat rule.
 */
import { Box, chakra, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlId, errorId, helpId } from '#app/components/forms/Fields';
import { MAX_OCCURRENCES, MIN_OCCURRENCES, SERIES_FREQS, SERIES_NTHS, WEEKDAYS, defaultSeriesValues, type SeriesFormErrors, type SeriesFormValues } from '#app/lib/events/seriesRule';
import { SelectInput, TextInput } from './fields';

export interface SeriesFieldsProps {
  form: string;
  values: SeriesFormValues;
  errors?: SeriesFormErrors;
  /** On an occurrence's edit form: its place in the series (1-based for people). */
  occurrence?: { index: number; total: number } | null;
}

const inputCss = { accentColor: 'var(--chakra-colors-brand-solid)' };

/** A group of native radios or checkboxes under a legend, each with its label; wraps on a phone. */
function Choices({ form, name, legend, type, options, checked, onPick, error, help }: {
  form: string;
  name: string;
  legend: string;
  type: 'radio' | 'checkbox';
  options: ReadonlyArray<{ value: string; label: string }>;
  checked: (value: string) => boolean;
  onPick?: (value: string) => void;
  error?: string;
  help?: ReactNode;
}) {
  const described = [help ? helpId(form, name) : null, error ? errorId(form, name) : null].filter(Boolean).join(' ') || undefined;
  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0" aria-describedby={described} data-testid={`series-${name}`}>
      <Text as="legend" fontWeight="semibold" mb="2" p="0">
        {legend}
      </Text>
      <Box display="flex" flexWrap="wrap" columnGap="5" rowGap="2">
        {options.map((o) => (
          <chakra.label key={o.value} htmlFor={controlId(form, `${name}-${o.value}`)} display="flex" alignItems="center" gap="2" cursor="pointer" minH="8">
            <chakra.input
              type={type}
              id={controlId(form, `${name}-${o.value}`)}
              name={name}
              value={o.value}
              defaultChecked={checked(o.value)}
              onChange={onPick ? () => onPick(o.value) : undefined}
              aria-invalid={error ? true : undefined}
              w="5"
              h="5"
              flexShrink={0}
              css={inputCss}
            />
            <span>{o.label}</span>
          </chakra.label>
        ))}
      </Box>
      {help ? (
        <Text id={helpId(form, name)} fontSize="sm" color="fg.muted" mt="1">
          {help}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId(form, name)} fontSize="sm" color="fg.error" mt="1" data-testid={`error-${name}`}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

export function SeriesFields({ form, values: given, errors = {}, occurrence = null }: SeriesFieldsProps) {
  const { t } = useTranslation();
  const [repeat, setRepeat] = useState(given.repeat);
  // A new series starts from the date typed above it: its weekday (and week of the month) come pre-chosen.
  const [fromDate, setFromDate] = useState<string | null>(null);
  const values = fromDate ? { ...given, ...defaultSeriesValues(fromDate), repeat: given.repeat, ends: given.ends, count: given.count, until: given.until } : given;
  const [ends, setEnds] = useState(values.ends);
  const [scope, setScope] = useState<'this' | 'following'>(Object.keys(errors).length ? 'following' : 'this');
  const params = { min: MIN_OCCURRENCES, max: MAX_OCCURRENCES };
  const err = (name: keyof SeriesFormErrors) => (errors[name] ? t(errors[name], params) : undefined);
  const showRule = !occurrence || scope === 'following';
  const weekdays = WEEKDAYS.map((d) => ({ value: d, label: t(`schedule.series.weekdays.${d}`) }));

  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0" data-testid="series-fields">
      <Heading as="legend" size="md" mb="4" p="0">
        {t('schedule.series.legend')}
      </Heading>
      <Stack gap="5">
        {occurrence ? (
          <>
            <Text data-testid="series-occurrence">{t('schedule.series.occurrence', { index: occurrence.index + 1, total: occurrence.total })}</Text>
            <Choices
              form={form}
              name="scope"
              type="radio"
              legend={t('schedule.series.scope')}
              options={[
                { value: 'this', label: t('schedule.series.scopeThis') },
                { value: 'following', label: t('schedule.series.scopeFollowing') },
              ]}
              checked={(v) => v === scope}
              onPick={(v) => setScope(v as 'this' | 'following')}
              help={t('schedule.series.scopeHelp')}
            />
          </>
        ) : null}
        {showRule ? (
          <>
            <Box
              onChange={(e) => {
                const target = e.target as HTMLSelectElement;
                if (target.name !== 'repeat') return;
                setRepeat(target.value as SeriesFormValues['repeat']);
                const date = target.form?.elements.namedItem('date');
                if (!occurrence && !Object.keys(errors).length && date instanceof HTMLInputElement && date.value) setFromDate(date.value);
              }}
            >
              <SelectInput
                form={form}
                name="repeat"
                label={t('schedule.series.repeat')}
                required={Boolean(occurrence)}
                defaultValue={repeat}
                error={err('repeat')}
                help={t('schedule.series.repeatHelp')}
                options={[...(occurrence ? [] : [{ value: '', label: t('schedule.series.repeatNone') }]), ...SERIES_FREQS.map((f) => ({ value: f, label: t(`schedule.series.freqs.${f}`) }))]}
              />
            </Box>
            {repeat === 'weekly' ? (
              <Choices key={fromDate} form={form} name="byDay" type="checkbox" legend={t('schedule.series.byDay')} options={weekdays} checked={(v) => values.byDay.includes(v as never)} error={err('byDay')} />
            ) : null}
            {repeat === 'monthly' ? (
              <SimpleGrid key={fromDate} columns={{ base: 1, md: 2 }} gap="5">
                <SelectInput
                  form={form}
                  name="nth"
                  label={t('schedule.series.nth')}
                  defaultValue={values.nth}
                  error={err('nth')}
                  options={SERIES_NTHS.map((n) => ({ value: n, label: t(`schedule.series.nths.${n}`) }))}
                />
                <SelectInput form={form} name="nthDay" label={t('schedule.series.nthDay')} defaultValue={values.nthDay} options={weekdays} />
              </SimpleGrid>
            ) : null}
            {repeat ? (
              <>
                <Choices
                  form={form}
                  name="ends"
                  type="radio"
                  legend={t('schedule.series.ends')}
                  options={[
                    { value: 'count', label: t('schedule.series.endsCount') },
                    { value: 'until', label: t('schedule.series.endsUntil') },
                  ]}
                  checked={(v) => v === ends}
                  onPick={(v) => setEnds(v as 'count' | 'until')}
                />
                {ends === 'count' ? (
                  <TextInput
                    form={form}
                    name="count"
                    required
                    type="number"
                    label={t('schedule.series.count')}
                    defaultValue={values.count}
                    error={err('count')}
                    help={t('schedule.series.countHelp', params)}
                    inputProps={{ min: MIN_OCCURRENCES, max: MAX_OCCURRENCES, step: 1, inputMode: 'numeric', maxW: { md: '12rem' } }}
                  />
                ) : (
                  <TextInput form={form} name="until" required type="date" label={t('schedule.series.until')} defaultValue={values.until} error={err('until')} help={t('schedule.series.untilHelp', params)} inputProps={{ maxW: { md: '16rem' } }} />
                )}
              </>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
