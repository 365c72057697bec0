/**
 * The dashboard's Analytics tab (docs/decisions/0094): the site's (admins) or one organizer's
 * channel figures over a range of days — totals, revenue by day per currency, attendance by day,
 * the top events (each linking to its event analytics) and on-demand views per video. The server
 * renders every figure; the charts are drawn in the browser beside tables of the same figures.
 */
import { Box, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_KINDS } from '#app/lib/analytics/model';
import type { RangeAnalytics, TopSort } from '#app/lib/analytics/range';
import { count, formatDuration, money } from '../format';
import { DayChart } from './DayChart';
import { RangeForm } from './RangeForm';
import { Figure } from '../Figure';

const dayFormatter = (locale: string) => {
  let f: Intl.DateTimeFormat | null = null;
  try {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  } catch {
    f = null;
  }
  return (day: string) => (f ? f.format(Date.parse(`${day}T00:00:00Z`)) : day);
};

export const rangeHref = (data: Pick<RangeAnalytics, 'from' | 'to' | 'channelId'>, top: TopSort) =>
  `/userDashboard?${new URLSearchParams({ tab: 'Analytics', from: data.from, to: data.to, ...(data.channelId ? { channel: data.channelId } : {}), top }).toString()}`;

function Totals({ data, locale }: { data: RangeAnalytics; locale: string }) {
  const { t } = useTranslation();
  const { totals } = data;
  return (
    <Box as="section" aria-labelledby="range-totals-heading">
      <Heading as="h3" size="md" id="range-totals-heading" mb="2">
        {t('rangeAnalytics.totals.heading')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3" data-testid="range-totals">
        <Figure compact label={t('rangeAnalytics.totals.registrations')} value={count(locale, totals.registrations)} testId="range-total-registrations" />
        <Figure compact label={t('rangeAnalytics.totals.tickets')} value={count(locale, totals.tickets)} testId="range-total-tickets" />
        <Figure compact label={t('rangeAnalytics.totals.attended')} value={count(locale, totals.attended)} testId="range-total-attended" />
        <Figure compact label={t('rangeAnalytics.totals.watch')} value={formatDuration(t, totals.watchMs)} testId="range-total-watch" />
        <Figure
          compact
          label={t('rangeAnalytics.totals.revenue')}
          value={totals.revenue.length ? totals.revenue.map((r) => money(r.total, r.currency, locale)).join(' · ') : t('rangeAnalytics.totals.noRevenue')}
          testId="range-total-revenue"
        />
        {ACTIVITY_KINDS.filter((k) => !['tickets', 'donations', 'products'].includes(k)).map((k) => (
          <Figure compact key={k} label={t(`analytics.engagement.${k as 'chatMessages'}`)} value={count(locale, totals.counts[k])} testId={`range-count-${k}`} />
        ))}
        <Figure compact label={t('analytics.sales.donations')} value={count(locale, totals.counts.donations)} testId="range-count-donations" />
        <Figure compact label={t('analytics.sales.products')} value={count(locale, totals.counts.products)} testId="range-count-products" />
      </SimpleGrid>
    </Box>
  );
}

function TopEvents({ data, locale }: { data: RangeAnalytics; locale: string }) {
  const { t } = useTranslation();
  const sorts: TopSort[] = ['attended', 'revenue'];
  return (
    <Box as="section" aria-labelledby="range-top-heading" data-testid="range-top">
      <Heading as="h3" size="md" id="range-top-heading" mb="2">
        {t('rangeAnalytics.top.heading')}
      </Heading>
      <HStack as="nav" aria-label={t('rangeAnalytics.top.sortLabel')} gap="4" mb="2" fontSize="sm">
        {sorts.map((s) => (
          <ChakraLink key={s} asChild color={data.top === s ? 'fg' : 'brand.fg'} fontWeight={data.top === s ? 'semibold' : 'normal'}>
            <Link to={rangeHref(data, s)} aria-current={data.top === s ? 'true' : undefined} preventScrollReset data-testid={`range-top-${s}`}>
              {t(s === 'attended' ? 'rangeAnalytics.top.byAttended' : 'rangeAnalytics.top.byRevenue')}
            </Link>
          </ChakraLink>
        ))}
      </HStack>
      {data.topEvents.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="range-top-table">
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {t(data.top === 'revenue' ? 'rangeAnalytics.top.captionRevenue' : 'rangeAnalytics.top.caption')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('rangeAnalytics.top.event')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('rangeAnalytics.top.attended')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('rangeAnalytics.top.watch')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('rangeAnalytics.top.revenue')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.topEvents.map((e) => (
                <Table.Row key={e.eventId} data-testid="range-top-row" data-event={e.eventId}>
                  <Table.Cell>
                    <ChakraLink asChild color="brand.fg">
                      <Link to={`/userDashboard?tab=EventAnalytics&event=${e.eventId}`} aria-label={t('rangeAnalytics.top.openFor', { title: e.title })}>
                        {e.title}
                      </Link>
                    </ChakraLink>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{count(locale, e.attended)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDuration(t, e.watchMs)}</Table.Cell>
                  <Table.Cell textAlign="end">{e.revenue.length ? e.revenue.map((r) => money(r.amount, r.currency, locale)).join(' · ') : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted" data-testid="range-top-empty">
          {t('rangeAnalytics.top.none')}
        </Text>
      )}
    </Box>
  );
}

function Videos({ data, locale }: { data: RangeAnalytics; locale: string }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="range-videos-heading" data-testid="range-videos">
      <Heading as="h3" size="md" id="range-videos-heading" mb="2">
        {t('rangeAnalytics.videos.heading')}
      </Heading>
      {data.videos.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="range-videos-table">
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {t('rangeAnalytics.videos.caption')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('rangeAnalytics.videos.video')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('rangeAnalytics.videos.views')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">{t('rangeAnalytics.videos.watch')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.videos.map((v) => (
                <Table.Row key={v.videoId} data-testid="range-video-row" data-video={v.videoId}>
                  <Table.Cell>{v.title}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="range-video-views">{count(locale, v.views)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDuration(t, v.watchSeconds * 1000)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted" data-testid="range-videos-empty">
          {t('rangeAnalytics.videos.none')}
        </Text>
      )}
    </Box>
  );
}

export function RangeTab({ data, locale }: { data: RangeAnalytics | null; locale: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && new URLSearchParams(navigation.location?.search ?? '').get('tab') === 'Analytics';
  if (!data) return null;
  const formatDay = dayFormatter(locale);
  const invalid = Boolean(data.errors.from || data.errors.to);
  const revenueRows = data.days.map((d) => ({ day: d.day, ...d.revenue }));
  const dayRows = data.days.map((d) => ({ day: d.day, registrations: d.registrations, tickets: d.tickets, attended: d.attended, watchMs: d.watchMs }));
  return (
    <Stack gap={{ base: '6', md: '8' }} data-testid="range-tab" aria-busy={busy ? 'true' : undefined}>
      <Stack gap="1">
        <Heading as="h3" size="lg">
          {t('rangeAnalytics.title')}
        </Heading>
        <Text color="fg.muted">{t('rangeAnalytics.lead')}</Text>
      </Stack>
      <RangeForm data={data} busy={busy} />
      {busy ? (
        <Text color="fg.muted" role="status" data-testid="range-loading">
          {t('rangeAnalytics.loading')}
        </Text>
      ) : null}
      {invalid ? (
        <Text color="fg.muted" data-testid="range-invalid">
          {t('rangeAnalytics.fixErrors')}
        </Text>
      ) : (
        <Stack gap={{ base: '6', md: '8' }} opacity={busy ? 0.6 : 1}>
          {data.empty ? (
            <Text color="fg.muted" data-testid="range-empty" borderWidth="1px" borderStyle="dashed" borderRadius="l2" p="4">
              {t('rangeAnalytics.empty')}
            </Text>
          ) : null}
          <Totals data={data} locale={locale} />
          {data.currencies.length ? (
            data.currencies.map((currency) => (
              <DayChart
                key={currency}
                id={`range-revenue-${currency}`}
                testId="range-revenue"
                heading={`${t('rangeAnalytics.revenue.heading')} (${currency})`}
                label={t('rangeAnalytics.revenue.label', { currency })}
                caption={`${t('rangeAnalytics.revenue.caption')} (${currency})`}
                rows={revenueRows}
                series={[{ key: currency, label: currency, token: 'brand-solid' }]}
                columns={[{ key: currency, label: currency, format: (n) => money(n, currency, locale) }]}
                formatDay={formatDay}
                formatValue={(n) => money(n, currency, locale)}
              />
            ))
          ) : (
            <Box as="section" aria-labelledby="range-revenue-none-heading">
              <Heading as="h3" size="md" id="range-revenue-none-heading" mb="2">
                {t('rangeAnalytics.revenue.heading')}
              </Heading>
              <Text color="fg.muted" data-testid="range-revenue-empty">
                {t('rangeAnalytics.revenue.none')}
              </Text>
            </Box>
          )}
          <DayChart
            id="range-days"
            testId="range-days"
            heading={t('rangeAnalytics.viewers.heading')}
            label={t('rangeAnalytics.viewers.label')}
            caption={t('rangeAnalytics.viewers.caption')}
            rows={dayRows}
            series={[
              { key: 'attended', label: t('rangeAnalytics.totals.attended'), token: 'brand-solid' },
              { key: 'registrations', label: t('rangeAnalytics.totals.registrations'), token: 'accent-solid' },
              { key: 'tickets', label: t('rangeAnalytics.totals.tickets'), token: 'fg-muted' },
            ]}
            columns={[
              { key: 'registrations', label: t('rangeAnalytics.totals.registrations'), format: (n) => count(locale, n) },
              { key: 'tickets', label: t('rangeAnalytics.totals.tickets'), format: (n) => count(locale, n) },
              { key: 'attended', label: t('rangeAnalytics.totals.attended'), format: (n) => count(locale, n) },
              { key: 'watchMs', label: t('rangeAnalytics.totals.watch'), format: (n) => formatDuration(t, n) },
            ]}
            formatDay={formatDay}
            formatValue={(n) => count(locale, n)}
          />
          <TopEvents data={data} locale={locale} />
          <Videos data={data} locale={locale} />
        </Stack>
      )}
    </Stack>
  );
}
