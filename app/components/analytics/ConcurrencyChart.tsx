/**
 * Concurrent viewers over the event, with the moments polls were launched and questions answered:
 * the drawn chart (Recharts, fetched in the browser only when this tab shows) and, always in the
 * page, the same figures as tables with captions, for screen readers and for a page without script.
 */
import { Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineMarker, TimelinePoint } from '#app/lib/analytics/model';
import { clock, count } from './format';

const Canvas = lazy(() => import('./ConcurrencyChartCanvas'));

function Legend({ colour, label, shape }: { colour: string; label: string; shape: string }) {
  return (
    <HStack gap="1" fontSize="sm" color="fg.muted">
      <Box as="span" aria-hidden="true" color={colour}>
        {shape}
      </Box>
      <span>{label}</span>
    </HStack>
  );
}

export function ConcurrencyChart({ points, markers, locale, timeZone }: { points: TimelinePoint[]; markers: TimelineMarker[]; locale: string; timeZone: string }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const format = (ms: number) => clock(locale, timeZone, ms);
  const empty = points.every((p) => p.viewers === 0);
  return (
    <Box as="section" aria-labelledby="analytics-chart-heading" data-testid="analytics-chart">
      <Heading as="h3" size="md" id="analytics-chart-heading" mb="2">
        {t('analytics.chart.heading')}
      </Heading>
      <HStack gap="4" flexWrap="wrap" mb="2">
        <Legend colour="brand.solid" label={t('analytics.chart.viewers')} shape="■" />
        <Legend colour="accent.solid" label={t('analytics.chart.poll')} shape="▲" />
        <Legend colour="green.solid" label={t('analytics.chart.answer')} shape="●" />
      </HStack>
      <Box role="img" aria-label={t('analytics.chart.label')} h={{ base: '220px', md: '280px' }} borderWidth="1px" borderColor="border" borderRadius="l2" p="2" bg="bg">
        {empty ? (
          <Stack h="full" align="center" justify="center">
            <Text color="fg.muted" data-testid="analytics-chart-empty">
              {t('analytics.chart.empty')}
            </Text>
          </Stack>
        ) : mounted ? (
          <Suspense fallback={<Text color="fg.muted">{t('analytics.chart.loading')}</Text>}>
            <Canvas points={points} markers={markers} format={format} labels={{ viewers: t('analytics.chart.viewers'), poll: t('analytics.chart.poll'), answer: t('analytics.chart.answer') }} />
          </Suspense>
        ) : (
          <Text color="fg.muted">{t('analytics.chart.loading')}</Text>
        )}
      </Box>
      <Box as="details" mt="3" data-testid="analytics-chart-data">
        <Box as="summary" cursor="pointer" color="brand.fg" fontSize="sm">
          {t('analytics.chart.showTable')}
        </Box>
        <Stack gap="4" mt="3" direction={{ base: 'column', lg: 'row' }} align="flex-start">
          <Table.ScrollArea maxH="64" borderWidth="1px" borderRadius="l2" flex="1" w="full">
            <Table.Root size="sm" data-testid="analytics-timeline-table">
              <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
                {t('analytics.chart.caption')}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('analytics.chart.time')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    {t('analytics.chart.viewers')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {points.map((p) => (
                  <Table.Row key={p.t}>
                    <Table.Cell>{format(p.t)}</Table.Cell>
                    <Table.Cell textAlign="end">{count(locale, p.viewers)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {markers.length ? (
            <Table.ScrollArea maxH="64" borderWidth="1px" borderRadius="l2" flex="1" w="full">
              <Table.Root size="sm" data-testid="analytics-markers-table">
                <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
                  {t('analytics.chart.markersCaption')}
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader scope="col">{t('analytics.chart.moment')}</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">{t('analytics.chart.what')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {markers.map((m, i) => (
                    <Table.Row key={`${m.kind}-${m.at}-${i}`}>
                      <Table.Cell>{format(m.at)}</Table.Cell>
                      <Table.Cell>
                        {t(m.kind === 'poll' ? 'analytics.chart.poll' : 'analytics.chart.answer')}
                        {m.label ? `: ${m.label}` : ''}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
