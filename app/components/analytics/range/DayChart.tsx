/**
 * A chart of figures per day with, beside it in the page, the same figures as a captioned table
 * (for screen readers and a page without script). The drawing (Recharts) is fetched in the
 * browser only once this tab shows.
 */
import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaySeries } from './DayChartCanvas';

const Canvas = lazy(() => import('./DayChartCanvas'));

export interface DayColumn {
  key: string;
  label: string;
  format: (n: number) => string;
}

export function DayChart({
  id,
  heading,
  label,
  caption,
  rows,
  series,
  columns,
  formatDay,
  formatValue,
  testId,
  extra,
}: {
  id: string;
  heading: string;
  label: string;
  caption: string;
  rows: Array<Record<string, number | string>>;
  series: DaySeries[];
  /** The table's columns after the day (the chart's series and any others). */
  columns: DayColumn[];
  formatDay: (day: string) => string;
  formatValue: (n: number) => string;
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} data-testid={testId} minW="0">
      <Heading as="h3" size="md" id={`${id}-heading`} mb="2">
        {heading}
      </Heading>
      {extra}
      <Box role="img" aria-label={label} h={{ base: '200px', md: '260px' }} borderWidth="1px" borderColor="border" borderRadius="l2" p="2" bg="bg">
        {mounted ? (
          <Suspense fallback={<Text color="fg.muted">{t('rangeAnalytics.chart.drawing')}</Text>}>
            <Canvas rows={rows} series={series} formatDay={formatDay} formatValue={formatValue} />
          </Suspense>
        ) : (
          <Stack h="full" align="center" justify="center">
            <Text color="fg.muted">{t('rangeAnalytics.chart.drawing')}</Text>
          </Stack>
        )}
      </Box>
      <Box as="details" mt="3" data-testid={`${testId}-data`}>
        <Box as="summary" cursor="pointer" color="brand.fg" fontSize="sm">
          {t('rangeAnalytics.chart.showTable')}
        </Box>
        <Table.ScrollArea maxH="72" mt="3" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid={`${testId}-table`}>
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {caption}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('rangeAnalytics.chart.day')}</Table.ColumnHeader>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.key} scope="col" textAlign="end">
                    {c.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={String(r.day)} data-testid={`${testId}-row`} data-day={String(r.day)}>
                  <Table.Cell>{formatDay(String(r.day))}</Table.Cell>
                  {columns.map((c) => (
                    <Table.Cell key={c.key} textAlign="end">
                      {c.format(Number(r[c.key] ?? 0))}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
    </Box>
  );
}
