/**
 * The event analytics tab's "Viewer experience" section (docs/decisions/0093): what the players
 * and the room measured (sampled), the bad experiences flagged, and three distributions (video
 * startup time, rebuffering, room join time), each drawn (Recharts, fetched in the browser only)
 * with the same figures in a captioned table beside it, rendered by the server.
 */
import { Box, Grid, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BAD_FROM_BUCKET,
  BAD_JOIN_MS,
  BAD_REBUFFER_RATIO,
  BAD_STARTUP_MS,
  badShare,
  EXPERIENCE_SAMPLE_RATE,
  JOIN_BOUNDS_MS,
  REBUFFER_BOUNDS,
  STARTUP_BOUNDS_MS,
  type ViewerExperience,
} from '#app/lib/beacons/model';
import type { DistributionBar } from './ExperienceChartCanvas';
import { count } from './format';
import { Figure } from './Figure';

const Canvas = lazy(() => import('./ExperienceChartCanvas'));

const seconds = (locale: string, ms: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow', maximumFractionDigits: 1 }).format(ms / 1000);
const percent = (locale: string, ratio: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

function Distribution({ id, title, caption, bars, mounted }: { id: string; title: string; caption: string; bars: DistributionBar[]; mounted: boolean }) {
  const { t } = useTranslation();
  const total = bars.reduce((sum, b) => sum + b.sessions, 0);
  return (
    <Box as="section" aria-labelledby={`experience-${id}-heading`} data-testid={`experience-${id}`}>
      <Heading as="h4" size="sm" id={`experience-${id}-heading`} mb="2">
        {title}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="3" alignItems="start">
        <Box role="img" aria-label={t('analytics.experience.chartLabel', { title })} h={{ base: '180px', md: '220px' }} borderWidth="1px" borderColor="border" borderRadius="l2" p="2" bg="bg">
          {total === 0 ? (
            <Stack h="full" align="center" justify="center">
              <Text color="fg.muted">{t('analytics.experience.noSessions')}</Text>
            </Stack>
          ) : mounted ? (
            <Suspense fallback={<Text color="fg.muted">{t('analytics.experience.loading')}</Text>}>
              <Canvas bars={bars} sessionsLabel={t('analytics.experience.sessions')} />
            </Suspense>
          ) : (
            <Text color="fg.muted">{t('analytics.experience.loading')}</Text>
          )}
        </Box>
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid={`experience-${id}-table`}>
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {caption}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('analytics.experience.range')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('analytics.experience.sessions')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bars.map((b) => (
                <Table.Row key={b.label} data-testid="experience-row" data-bad={b.bad ? 'true' : undefined}>
                  <Table.Cell>
                    {b.label}
                    {b.bad ? (
                      <Text as="span" color="fg.error" fontSize="xs" ms="2">
                        ({t('analytics.experience.badRange')})
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{b.sessions}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Grid>
    </Box>
  );
}

export function ExperienceSection({ experience: x, locale }: { experience: ViewerExperience; locale: string }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Symbols for the axis (the table beside it says each range in words).
  const shortRanges = (bounds: readonly number[], format: (n: number) => string, noneFirst: boolean) =>
    Array.from({ length: bounds.length + 1 }, (_, i) => {
      if (i === 0) return noneFirst ? '0' : `< ${format(bounds[0]!)}`;
      if (i === 1 && noneFirst) return `< ${format(bounds[1]!)}`;
      if (i === bounds.length) return `≥ ${format(bounds[i - 1]!)}`;
      return `${format(bounds[i - 1]!)}–${format(bounds[i]!)}`;
    });
  const ranges = (bounds: readonly number[], format: (n: number) => string, noneFirst: boolean) =>
    Array.from({ length: bounds.length + 1 }, (_, i) => {
      if (i === 0) return noneFirst ? t('analytics.experience.none') : t('analytics.experience.under', { b: format(bounds[0]!) });
      if (i === 1 && noneFirst) return t('analytics.experience.under', { b: format(bounds[1]!) });
      if (i === bounds.length) return t('analytics.experience.over', { a: format(bounds[i - 1]!) });
      return t('analytics.experience.between', { a: format(bounds[i - 1]!), b: format(bounds[i]!) });
    });
  const barsOf = (bounds: readonly number[], format: (n: number) => string, noneFirst: boolean, values: number[]): DistributionBar[] => {
    const short = shortRanges(bounds, format, noneFirst);
    return ranges(bounds, format, noneFirst).map((label, i) => ({ label, short: short[i]!, sessions: values[i] ?? 0, bad: i >= BAD_FROM_BUCKET }));
  };
  const inSeconds = (ms: number) => seconds(locale, ms);
  const startup = barsOf(STARTUP_BOUNDS_MS, inSeconds, false, x.startup);
  const rebuffer = barsOf(REBUFFER_BOUNDS, (r) => percent(locale, r), true, x.rebuffer);
  const join = barsOf(JOIN_BOUNDS_MS, inSeconds, false, x.join);
  const flagged = badShare(x);
  const stalled = x.watchMs + x.stallMs > 0 ? x.stallMs / (x.watchMs + x.stallMs) : 0;
  return (
    <Box as="section" aria-labelledby="analytics-experience-heading" data-testid="analytics-experience">
      <Heading as="h3" size="md" id="analytics-experience-heading" mb="1">
        {t('analytics.experience.heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('analytics.experience.lead', {
          percent: percent(locale, EXPERIENCE_SAMPLE_RATE),
          startup: seconds(locale, BAD_STARTUP_MS),
          rebuffer: percent(locale, BAD_REBUFFER_RATIO),
          join: seconds(locale, BAD_JOIN_MS),
        })}
      </Text>
      {flagged.sessions === 0 ? (
        <Text color="fg.muted" data-testid="experience-empty">
          {t('analytics.experience.empty')}
        </Text>
      ) : (
        <Stack gap="5">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="experience-figures">
            <Figure testId="experience-bad" label={t('analytics.experience.bad')} value={count(locale, flagged.bad)} help={t('analytics.experience.badShare', { percent: percent(locale, flagged.share) })} />
            <Figure testId="experience-plays" label={t('analytics.experience.plays')} value={count(locale, x.plays)} />
            <Figure testId="experience-failures" label={t('analytics.experience.failures')} value={count(locale, x.failures)} />
            <Figure testId="experience-switches" label={t('analytics.experience.switches')} value={count(locale, x.switches)} />
            <Figure testId="experience-rebuffering" label={t('analytics.experience.rebuffering')} value={percent(locale, stalled)} />
            <Figure testId="experience-joins" label={t('analytics.experience.joins')} value={count(locale, x.joins)} />
            <Figure testId="experience-join-failures" label={t('analytics.experience.joinFailures')} value={count(locale, x.joinFailures)} />
            <Figure testId="experience-reconnects" label={t('analytics.experience.reconnects')} value={count(locale, x.reconnects)} />
          </SimpleGrid>
          <Distribution id="startup" title={t('analytics.experience.startup.heading')} caption={t('analytics.experience.startup.caption')} bars={startup} mounted={mounted} />
          <Distribution id="rebuffer" title={t('analytics.experience.rebuffer.heading')} caption={t('analytics.experience.rebuffer.caption')} bars={rebuffer} mounted={mounted} />
          <Distribution id="join" title={t('analytics.experience.join.heading')} caption={t('analytics.experience.join.caption')} bars={join} mounted={mounted} />
        </Stack>
      )}
    </Box>
  );
}
