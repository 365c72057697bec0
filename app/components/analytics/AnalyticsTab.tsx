/**
 * The dashboard's event analytics tab (docs/decisions/0090): the funnel from registration to
 * watching, engagement, sales and revenue per currency, viewers over time with markers, and the
 * attendance table. While the event is live the page asks for fresh figures every few seconds.
 */
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_KINDS, type EventAnalytics } from '#app/lib/analytics/model';
import { AttendanceTable } from './AttendanceTable';
import { ConcurrencyChart } from './ConcurrencyChart';
import { ExperienceSection } from './ExperienceSection';
import { clock, count, formatDuration, money } from './format';
import { Figure } from './Figure';

export const LIVE_REFRESH_MS = 5000;

function useLiveRefresh(live: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!live) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, LIVE_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [live, revalidator]);
}

function Revenue({ data, locale }: { data: EventAnalytics; locale: string }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="analytics-sales-heading" data-testid="analytics-revenue">
      <Heading as="h3" size="md" id="analytics-sales-heading" mb="1">
        {t('analytics.sales.heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2" data-testid="analytics-sales-counts">
        {t('analytics.sales.counts', { tickets: count(locale, data.counts.tickets), donations: count(locale, data.counts.donations), products: count(locale, data.counts.products) })}
      </Text>
      {data.revenue.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="analytics-revenue-table">
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {t('analytics.sales.caption')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('analytics.sales.currency')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('analytics.sales.tickets')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('analytics.sales.donations')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('analytics.sales.products')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('analytics.sales.total')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.revenue.map((r) => (
                <Table.Row key={r.currency} data-testid="analytics-revenue-row">
                  <Table.Cell>{r.currency}</Table.Cell>
                  <Table.Cell textAlign="end">{money(r.tickets, r.currency, locale)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(r.donations, r.currency, locale)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(r.products, r.currency, locale)}</Table.Cell>
                  <Table.Cell textAlign="end" fontWeight="semibold" data-testid="analytics-revenue-total">
                    {money(r.total, r.currency, locale)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted" data-testid="analytics-revenue-empty">
          {t('analytics.sales.none')}
        </Text>
      )}
    </Box>
  );
}

export function AnalyticsTab({ data, locale, timeZone }: { data: EventAnalytics | null; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  useLiveRefresh(Boolean(data?.live));
  if (!data) {
    return (
      <Stack gap="3" align="flex-start" data-testid="analytics-choose">
        <Text color="fg.muted">{t('analytics.choose')}</Text>
        <Button asChild colorPalette="brand" size="sm">
          <Link to="/userDashboard?tab=MyEvents">{t('analytics.chooseLink')}</Link>
        </Button>
      </Stack>
    );
  }
  const { funnel, counts } = data;
  const percent = (n: number) => (funnel.registrations ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(n / funnel.registrations) : undefined);
  const upcoming = data.event.status === 'scheduled' || (data.event.status === 'open' && !data.live);
  return (
    <Stack gap={{ base: '6', md: '8' }} data-testid="analytics-tab" data-live={data.live ? 'true' : 'false'}>
      <Stack gap="1">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h3" size="lg" data-testid="analytics-event-title">
            {data.event.title}
          </Heading>
          <Badge colorPalette={data.live ? 'green' : 'gray'} data-testid="analytics-state">
            {data.live ? t('analytics.live') : upcoming ? t(`events.status.${data.event.status}`) : t('analytics.final')}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
          {upcoming ? t('analytics.upcoming') : t('analytics.updated', { time: clock(locale, timeZone, data.now) })}
        </Text>
      </Stack>

      <Box as="section" aria-labelledby="analytics-funnel-heading">
        <Heading as="h3" size="md" id="analytics-funnel-heading" mb="3">
          {t('analytics.funnel.heading')}
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="analytics-funnel">
          <Figure testId="analytics-registrations" label={t('analytics.funnel.registrations')} value={count(locale, funnel.registrations)} />
          <Figure testId="analytics-attendees" label={t('analytics.funnel.attendees')} value={count(locale, funnel.attendees)} help={percent(funnel.attendees) ? t('analytics.funnel.ofRegistered', { percent: percent(funnel.attendees) }) : undefined} />
          <Figure testId="analytics-peak" label={t('analytics.funnel.peak')} value={count(locale, funnel.peak)} help={funnel.peakAt ? clock(locale, timeZone, funnel.peakAt) : undefined} />
          <Figure testId="analytics-current" label={t('analytics.funnel.current')} value={count(locale, funnel.current)} />
          <Figure testId="analytics-average" label={t('analytics.funnel.averageWatch')} value={formatDuration(t, funnel.averageWatchMs)} />
          <Figure testId="analytics-total" label={t('analytics.funnel.totalWatch')} value={formatDuration(t, funnel.totalWatchMs)} />
        </SimpleGrid>
      </Box>

      <Box as="section" aria-labelledby="analytics-engagement-heading">
        <Heading as="h3" size="md" id="analytics-engagement-heading" mb="3">
          {t('analytics.engagement.heading')}
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="analytics-engagement">
          {(['chatMessages', 'questions', 'questionsAnswered', 'pollsLaunched', 'pollVotes', 'reactions'] as const satisfies ReadonlyArray<(typeof ACTIVITY_KINDS)[number]>).map((kind) => (
            <Figure key={kind} testId={`analytics-${kind}`} label={t(`analytics.engagement.${kind}`)} value={count(locale, counts[kind])} />
          ))}
        </SimpleGrid>
      </Box>

      <ConcurrencyChart points={data.timeline} markers={data.markers} locale={locale} timeZone={timeZone} />
      <Revenue data={data} locale={locale} />
      <ExperienceSection experience={data.experience} locale={locale} />
      <AttendanceTable
        eventId={data.event.eventId}
        rows={data.table.rows}
        sort={data.table.sort}
        next={data.table.next}
        after={data.table.after}
        total={funnel.attendees}
        now={data.now}
        locale={locale}
        timeZone={timeZone}
      />
    </Stack>
  );
}
