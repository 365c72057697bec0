import { Alert, Box, Container, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyChunk } from '#app/components/chunks/lazyChunk';
import { useTranslation } from 'react-i18next';
import calendarStyles from 'react-big-calendar/lib/css/react-big-calendar.css?url';
import { PageHeader } from '#app/components/content/PageHeader';
import { covers, rangeHref, type Range } from '#app/components/events/calendarRange';
import type { CalendarEntry } from '#app/lib/events/cards';
import { ZonedTime } from '#app/components/events/LocalTime';
import { SeriesMark } from '#app/components/events/SeriesMark';
import { TimeZoneSelect } from '#app/components/events/TimeZoneSelect';
import { useHydrated } from '#app/components/ui/useHydrated';
import { isValidTimeZone, previewHref } from '#app/lib/events/model';
import { browserTimeZone, formatEventTime } from '#app/lib/events/time';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './eventsCalendar.server';
import { i18nHandle } from '#app/lib/handles';
export const handle = i18nHandle('events');

const EventsCalendar = lazyChunk(() => import('#app/components/events/EventsCalendar.client'), 'EventsCalendar');

/** Where the viewer's chosen zone is remembered in this browser. */
const ZONE_KEY = 'platform.calendarZone';

export { loader } from './eventsCalendar.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: calendarStyles }];

const LIST_STYLES = {
  listStyleType: 'none',
  m: '0',
  p: '0',
  '& a': { color: 'brand.fg', fontWeight: 'semibold' },
} as const;

/** yyyy-MM-dd of an instant in `zone`: the day an entry is listed under. */
const dayKey = (iso: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/**
 * The events of the loaded range as an agenda grouped by day. The server sends it, so the first
 * paint already shows the period's events (and a browser without JavaScript keeps it); the
 * interactive calendar takes its place once its code has loaded.
 */
function AgendaList({ entries, range, zone }: { entries: CalendarEntry[]; range: Range; zone: string }) {
  const { t, i18n } = useTranslation();
  const last = new Date(Date.parse(range.to) - 1).toISOString();
  const days = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    const key = dayKey(e.start, zone);
    days.set(key, [...(days.get(key) ?? []), e]);
  }
  return (
    <Box as="section" aria-labelledby="calendar-list" data-testid="calendar-list" minH={{ md: '760px' }}>
      <Heading as="h2" id="calendar-list" size="lg" mb="4">
        {t('events.calendar.listTitle', {
          from: formatEventTime(range.from, zone, i18n.language, 'date'),
          to: formatEventTime(last, zone, i18n.language, 'date'),
        })}
      </Heading>
      {entries.length ? (
        <Stack as="ol" gap="5" css={LIST_STYLES}>
          {[...days].map(([day, list]) => (
            <Box as="li" key={day}>
              <Text fontWeight="semibold" color="fg.muted" fontSize="sm" textTransform="uppercase" letterSpacing="wide" mb="2">
                <ZonedTime iso={list[0]!.start} zone={zone} style="date" />
              </Text>
              <Stack as="ul" gap="2" css={LIST_STYLES}>
                {list.map((e) => (
                  <Flex as="li" key={e.eventId} gap="4" p="3" borderWidth="1px" borderColor="border" borderRadius="l2" bg="bg" borderStartWidth="4px" borderStartColor="brand.solid" data-event-id={e.eventId}>
                    <Text as="span" fontVariantNumeric="tabular-nums" color="fg.muted" minW="16" flexShrink={0}>
                      <ZonedTime iso={e.start} zone={zone} style="time" />
                    </Text>
                    <Box minW="0">
                      <Link to={previewHref(e.eventId)}>{e.title}</Link> {e.series ? <SeriesMark withWord /> : null}
                      {e.organizerName ? (
                        <Text fontSize="sm" color="fg.muted">
                          {t('events.calendar.by', { name: e.organizerName })}
                        </Text>
                      ) : null}
                    </Box>
                  </Flex>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">{t('events.calendar.listEmpty')}</Text>
      )}
    </Box>
  );
}

function readSavedZone(): string | null {
  try {
    const saved = window.localStorage.getItem(ZONE_KEY);
    return saved && isValidTimeZone(saved) ? saved : null;
  } catch {
    return null;
  }
}

function saveZone(zone: string | null) {
  try {
    if (zone) window.localStorage.setItem(ZONE_KEY, zone);
    else window.localStorage.removeItem(ZONE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * /eventsCalendar: the tenant's listed events by month, week or agenda in the viewer's zone (or
 * one they choose, remembered in this browser). The calendar runs in the browser only; the
 * server sends the period's events as an agenda list, which the calendar replaces once loaded.
 */
export default function EventsCalendarPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof loader>();
  const [loaded, setLoaded] = useState<{ range: Range; entries: CalendarEntry[] }>({ range: data.range, entries: data.entries });
  const [failed, setFailed] = useState(data.unavailable);
  const [zones, setZones] = useState<{ browser: string; shown: string } | null>(null);

  useEffect(() => {
    const browser = browserTimeZone() ?? data.timeZone;
    setZones({ browser, shown: readSavedZone() ?? browser });
  }, [data.timeZone]);

  const loadedRef = useRef(loaded.range);
  loadedRef.current = loaded.range;
  const requested = useRef<string | null>(null);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  const onRangeShown = useCallback((range: Range) => {
    if (covers(loadedRef.current, range)) return;
    const href = rangeHref(range);
    if (requested.current === href) return;
    requested.current = href;
    load.current(href);
  }, []);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    requested.current = null;
    if (fetcher.data.unavailable) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setLoaded({ range: fetcher.data.range, entries: fetcher.data.entries });
  }, [fetcher.state, fetcher.data]);

  const chooseZone = (zone: string) => {
    if (!zones) return;
    saveZone(zone === zones.browser ? null : zone);
    setZones({ ...zones, shown: zone });
  };

  return (
    <>
      <PageHeader title={data.title} lead={t('events.calendar.lead')}>
        <ChakraLink asChild mt="4" color="brand.fg" fontWeight="semibold" display="inline-block">
          <Link to="/liveEvents">{t('events.calendar.listLink')}</Link>
        </ChakraLink>
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="5">
          <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }} justify="space-between">
            {hydrated && zones ? <TimeZoneSelect value={zones.shown} browserZone={zones.browser} onChange={chooseZone} /> : null}
            <Text color="fg.muted" aria-live="polite" data-testid="zone-shown">
              {t('events.calendar.zoneShown', { zone: hydrated && zones ? zones.shown : data.timeZone })}
              {fetcher.state !== 'idle' ? ` ${t('events.calendar.refreshing')}` : ''}
            </Text>
          </Flex>
          {failed ? (
            <Alert.Root status="error" borderRadius="l3" data-testid="calendar-unavailable">
              <Alert.Indicator />
              <Alert.Title>{t('events.calendar.loadFailed')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {hydrated && zones ? (
            <Suspense fallback={<AgendaList entries={loaded.entries} range={loaded.range} zone={zones.shown} />}>
              <EventsCalendar entries={loaded.entries} zone={zones.shown} onRangeShown={onRangeShown} />
            </Suspense>
          ) : (
            <>
              <noscript>
                <p>{t('events.calendar.noScript')}</p>
              </noscript>
              <AgendaList entries={data.entries} range={data.range} zone={data.timeZone} />
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
