import { Alert, Box, Container, Flex, Heading, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import calendarStyles from 'react-big-calendar/lib/css/react-big-calendar.css?url';
import { PageHeader } from '#app/components/content/PageHeader';
import { covers, rangeHref, type Range } from '#app/components/events/calendarRange';
import type { CalendarEntry } from '#app/lib/events/cards';
import { ZonedTime } from '#app/components/events/LocalTime';
import { TimeZoneSelect } from '#app/components/events/TimeZoneSelect';
import { useHydrated } from '#app/components/ui/useHydrated';
import { isValidTimeZone, previewHref } from '#app/lib/events/model';
import { browserTimeZone, formatEventTime } from '#app/lib/events/time';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './eventsCalendar.server';
import { i18nHandle } from '#app/lib/handles';
export const handle = i18nHandle('events');

const EventsCalendar = lazy(() => import('#app/components/events/EventsCalendar.client'));

/** Where the viewer's chosen zone is remembered in this browser. */
const ZONE_KEY = 'platform.calendarZone';

export { loader } from './eventsCalendar.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: calendarStyles }];

function CalendarSkeleton({ label }: { label: string }) {
  return (
    <Box className="events-calendar-skeleton" aria-busy="true" data-testid="calendar-skeleton">
      <Text color="fg.muted" mb="3">
        {label}
      </Text>
      <Skeleton h="10" mb="3" />
      <Skeleton
        h={{ base: '360px', md: '600px' }}
        css={{ maskImage: 'repeating-linear-gradient(to right, black 0 calc(100% / 7 - 4px), transparent calc(100% / 7 - 4px) calc(100% / 7))' }}
      />
    </Box>
  );
}

const LIST_STYLES = {
  listStyleType: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  '& > li': { p: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'l2', bg: 'bg' },
  '& a': { color: 'brand.fg', fontWeight: 'semibold' },
  '& p': { fontSize: 'sm', color: 'fg.muted', m: '0' },
} as const;

/** The events of the loaded range as a plain list: what the server sends, for a browser without JavaScript. */
function PlainList({ entries, range, zone }: { entries: CalendarEntry[]; range: Range; zone: string }) {
  const { t, i18n } = useTranslation();
  const last = new Date(Date.parse(range.to) - 1).toISOString();
  return (
    <Box as="section" aria-labelledby="calendar-list" data-testid="calendar-list">
      <Heading as="h2" id="calendar-list" size="lg" mb="3">
        {t('events.calendar.listTitle', {
          from: formatEventTime(range.from, zone, i18n.language, 'date'),
          to: formatEventTime(last, zone, i18n.language, 'date'),
        })}
      </Heading>
      {entries.length ? (
        <Box as="ul" css={LIST_STYLES}>
          {entries.map((e) => (
            <li key={e.eventId}>
              <Link to={previewHref(e.eventId)}>{e.title}</Link>
              <p>
                <ZonedTime iso={e.start} zone={zone} />
              </p>
            </li>
          ))}
        </Box>
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
 * server sends a placeholder and the period's events as a list.
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
            <Suspense fallback={<CalendarSkeleton label={t('events.calendar.loading')} />}>
              <EventsCalendar entries={loaded.entries} zone={zones.shown} onRangeShown={onRangeShown} />
            </Suspense>
          ) : (
            <>
              <noscript>
                <style>{'.events-calendar-skeleton{display:none}'}</style>
                <p>{t('events.calendar.noScript')}</p>
              </noscript>
              <CalendarSkeleton label={t('events.calendar.loading')} />
              <PlainList entries={data.entries} range={data.range} zone={data.timeZone} />
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
