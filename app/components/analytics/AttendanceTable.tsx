/**
 * The attendance table of the analytics tab: one row per person who joined the room, a page at a
 * time, sorted by first join or by watch time (the server keeps both orders: docs/decisions/0090),
 * with the CSV of everyone.
 */
import { Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { watchMsOf, type AttendeeRow, type AttendeeSort } from '#app/lib/analytics/model';
import { clock, dateTime, formatDuration } from './format';

export const analyticsHref = (eventId: string, extra: Record<string, string> = {}) =>
  `/userDashboard?${new URLSearchParams({ tab: 'EventAnalytics', event: eventId, ...extra }).toString()}`;

export function AttendanceTable({
  eventId,
  rows,
  sort,
  next,
  after,
  total,
  now,
  locale,
  timeZone,
}: {
  eventId: string;
  rows: AttendeeRow[];
  sort: AttendeeSort;
  next: string | null;
  after: string | null;
  total: number;
  now: number;
  locale: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const sortLink = (value: AttendeeSort, label: string) => (
    <Button asChild size="xs" variant={sort === value ? 'solid' : 'outline'} colorPalette="brand" aria-current={sort === value ? 'true' : undefined}>
      <Link to={analyticsHref(eventId, { sort: value })} preventScrollReset data-testid={`analytics-sort-${value}`}>
        {label}
      </Link>
    </Button>
  );
  return (
    <Box as="section" aria-labelledby="analytics-table-heading" data-testid="analytics-attendance">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="3" mb="3">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h3" size="md" id="analytics-table-heading">
            {t('analytics.table.heading')}
          </Heading>
          <Text color="fg.muted" fontSize="sm" data-testid="analytics-attendee-count">
            {t('analytics.table.count', { count: total })}
          </Text>
        </HStack>
        <HStack gap="2" flexWrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('analytics.table.sort')}
          </Text>
          {sortLink('joined', t('analytics.table.sortJoined'))}
          {sortLink('watch', t('analytics.table.sortWatch'))}
          <Button asChild size="xs" variant="outline">
            <a href={`/api/analytics/attendance?event=${eventId}`} download data-testid="analytics-export">
              {t('analytics.table.export')}
            </a>
          </Button>
        </HStack>
      </Stack>
      {rows.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="analytics-attendance-table">
            <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
              {t('analytics.table.caption')}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('analytics.table.name')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" aria-sort={sort === 'joined' ? 'ascending' : undefined}>
                  {t('analytics.table.joined')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('analytics.table.lastSeen')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end" aria-sort={sort === 'watch' ? 'descending' : undefined}>
                  {t('analytics.table.watch')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('analytics.table.intervals')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('analytics.table.answers')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.identity} data-testid="analytics-attendee">
                  <Table.Cell fontWeight="medium" minW="32">
                    <HStack gap="2" flexWrap="wrap">
                      <span>{r.name}</span>
                      {r.inRoom ? (
                        <Badge colorPalette="green" size="sm">
                          {t('analytics.table.inRoom')}
                        </Badge>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateTime(locale, timeZone, r.firstJoin)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{r.inRoom ? t('analytics.table.stillIn') : dateTime(locale, timeZone, r.lastSeen)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="analytics-attendee-watch">
                    {formatDuration(t, watchMsOf(r.intervals, now))}
                  </Table.Cell>
                  <Table.Cell fontSize="xs" color="fg.muted" minW="40">
                    {r.intervals.map((i) => `${clock(locale, timeZone, i.from)}–${i.to === null ? t('analytics.table.stillIn') : clock(locale, timeZone, i.to)}`).join(', ')}
                  </Table.Cell>
                  <Table.Cell fontSize="xs" minW="40">
                    {r.answers || '—'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted" data-testid="analytics-attendance-empty">
          {t('analytics.table.empty')}
        </Text>
      )}
      {after || next ? (
        <HStack gap="2" mt="3" justify="flex-end">
          {after ? (
            <Button asChild size="sm" variant="ghost">
              <Link to={analyticsHref(eventId, { sort })} preventScrollReset>
                {t('analytics.table.first')}
              </Link>
            </Button>
          ) : null}
          {next ? (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <Link to={analyticsHref(eventId, { sort, after: next })} preventScrollReset data-testid="analytics-next">
                {t('analytics.table.next')}
              </Link>
            </Button>
          ) : null}
        </HStack>
      ) : null}
    </Box>
  );
}
