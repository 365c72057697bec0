/**
 * Whole-series registration on an occurrence's access panel (docs/decisions/0085): the choice
 * between this session and every session still to come, what a series registration did, and the
 * note that a paid series sells its tickets per session.
 */
import { Alert, Fieldset, Link as ChakraLink, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { SeriesRegisterSummary } from '#app/lib/tickets/api';

export type SeriesScope = 'one' | 'all';

/** "This session only" / "All sessions in the series (N upcoming)": a radio group (arrow keys move, Space picks). */
export function SeriesChoice({ upcoming, value, onChange }: { upcoming: number; value: SeriesScope; onChange: (scope: SeriesScope) => void }) {
  const { t } = useTranslation();
  return (
    <Fieldset.Root data-testid="series-choice">
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('tickets.access.series.legend')}
      </Fieldset.Legend>
      <RadioGroup.Root value={value} onValueChange={(d) => onChange(d.value === 'all' ? 'all' : 'one')} mt="1" size="sm">
        <Stack gap="2">
          {(['one', 'all'] as const).map((scope) => (
            <RadioGroup.Item key={scope} value={scope} data-testid={`series-scope-${scope}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{scope === 'one' ? t('tickets.access.series.one') : t('tickets.access.series.all', { count: upcoming })}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}

/** Inside the "registered" alert: the person holds the whole series, how many sessions are to come, and where they are listed. */
export function SeriesRegistered({ upcoming, summary }: { upcoming: number; summary: SeriesRegisterSummary | null }) {
  const { t } = useTranslation();
  return (
    <Alert.Content data-testid="series-registered">
      <Alert.Title>{t('tickets.access.series.registered', { count: upcoming })}</Alert.Title>
      <Alert.Description>
        <Stack gap="1" mt="1">
          {summary && summary.full.length > 0 ? (
            <Text fontSize="sm" color="fg.warning" data-testid="series-full">
              {t('tickets.access.series.full', { count: summary.full.length })}
            </Text>
          ) : null}
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/userDashboard?tab=MyEvents" data-testid="series-my-events">
              {t('tickets.access.series.mine')}
            </Link>
          </ChakraLink>
        </Stack>
      </Alert.Description>
    </Alert.Content>
  );
}

/** A paid occurrence of a series: its tickets are per session. */
export function SeriesPaidNote() {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" borderRadius="l2" size="sm" data-testid="series-paid-note">
      <Alert.Indicator />
      <Alert.Description>{t('tickets.access.series.paidNote')}</Alert.Description>
    </Alert.Root>
  );
}
