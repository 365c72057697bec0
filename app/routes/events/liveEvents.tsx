import { Alert, Box, Button, Container, Field, Flex, Heading, HStack, Input, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { EventCardList } from '#app/components/events/EventCard';
import { LIST_FILTERS, listHref, type EventCardData } from '#app/lib/events/cards';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { LiveNowBroadcasts } from '#app/components/broadcast/LiveNowBroadcasts';
import type { loader } from './liveEvents.server';
import { staticHandle } from '#app/lib/handles';

/**
 * /liveEvents: listed events live now and coming up; search, filter by state and language, paged.
 * Signed-out visitors get it without the client app (docs/decisions/0069): the search is a GET
 * form, "More events" a link to the next page, the live-now links rendered by the server.
 */
export { loader } from './liveEvents.server';
export const handle = staticHandle('events', 'broadcast');

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function EventSection({ id, title, events, fallbackZone, broadcasting = [] }: { id: string; title: string; events: EventCardData[]; fallbackZone: string; broadcasting?: readonly string[] }) {
  if (!events.length) return null;
  return (
    <Box as="section" aria-labelledby={id} data-testid={`section-${id}`}>
      <Heading as="h2" id={id} size={{ base: 'lg', md: 'xl' }} mb="4">
        {title}
      </Heading>
      {id === 'live-now' ? (
        <Box mb="4">
          <LiveNowBroadcasts events={events} broadcasting={broadcasting} />
        </Box>
      ) : null}
      <EventCardList events={events} fallbackZone={fallbackZone} />
    </Box>
  );
}

function SearchForm({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { query, languages } = data;
  const searching = Boolean(query.q || query.lang || query.filter !== 'all');
  return (
    <Form method="get" action="/liveEvents" role="search" aria-label={t('events.list.searchLabel')}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }} wrap="wrap">
        <Field.Root flex="2" minW={{ md: '16rem' }}>
          <Field.Label fontWeight="semibold">{t('events.list.searchLabel')}</Field.Label>
          <Input name="q" type="search" defaultValue={query.q} placeholder={t('events.list.searchPlaceholder')} maxLength={100} size="lg" bg="bg" />
        </Field.Root>
        <Field.Root flex="1" minW={{ md: '12rem' }}>
          <Field.Label fontWeight="semibold">{t('events.list.filterLabel')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field name="filter" defaultValue={query.filter} bg="bg">
              {LIST_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`events.list.filters.${f}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {languages.length > 1 ? (
          <Field.Root flex="1" minW={{ md: '10rem' }}>
            <Field.Label fontWeight="semibold">{t('events.list.languageLabel')}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field name="lang" defaultValue={query.lang} bg="bg">
                <option value="">{t('events.list.anyLanguage')}</option>
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {t(`language.names.${l}`, { defaultValue: l })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" size="lg" data-testid="search-submit">
            {t('events.list.submit')}
          </Button>
          {searching ? (
            <Button asChild variant="ghost" size="lg">
              <Link to="/liveEvents">{t('events.list.clear')}</Link>
            </Button>
          ) : null}
        </HStack>
      </Flex>
    </Form>
  );
}

/**
 * "More events": a plain link to the next page (works without JavaScript); with JavaScript the
 * next page is fetched and appended in place, and focus moves to its first card.
 *
 * Fetched pages are folded into state during render ("storing information from previous
 * renders"), not in an effect: under load, an effect keyed on the fetcher's state could miss the
 * render in which it turned idle with data, and the page was never appended.
 */
function useMoreEvents(data: Data) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState<Data[]>([]);
  const [pagesOf, setPagesOf] = useState(data);
  const [consumed, setConsumed] = useState<unknown>(null);
  const [failed, setFailed] = useState(false);
  const focusId = useRef<string | null>(null);

  // New loader data (another search, a revalidation): start again from its first page.
  if (pagesOf !== data) {
    setPagesOf(data);
    setPages([]);
    setFailed(false);
  }
  const arrived = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (arrived && arrived !== consumed) {
    setConsumed(arrived);
    if (arrived.unavailable) setFailed(true);
    else {
      focusId.current = arrived.live[0]?.eventId ?? arrived.upcoming[0]?.eventId ?? null;
      setPages((prev) => [...prev, arrived]);
    }
  }

  useEffect(() => {
    if (!focusId.current) return;
    const link = document.querySelector<HTMLAnchorElement>(`[data-event-id="${focusId.current}"] [data-testid="event-card-link"]`);
    focusId.current = null;
    link?.focus();
  }, [pages]);

  const cursor = pages.length ? pages[pages.length - 1]!.cursor : data.cursor;
  const href = cursor ? listHref({ ...data.query, cursor }) : null;
  const load = (e: MouseEvent) => {
    if (!href || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setFailed(false);
    fetcher.load(href);
  };
  return {
    live: [...data.live, ...pages.flatMap((p) => p.live)],
    upcoming: [...data.upcoming, ...pages.flatMap((p) => p.upcoming)],
    href,
    load,
    loading: fetcher.state !== 'idle',
    failed,
  };
}

export default function LiveEvents() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const more = useMoreEvents(data);
  const { query } = data;
  const searching = Boolean(query.q || query.lang);
  const empty = !more.live.length && !more.upcoming.length;
  return (
    <>
      <PageHeader title={data.title} lead={t('events.list.lead')}>
        <ChakraLink asChild mt="4" color="brand.fg" fontWeight="semibold" display="inline-block">
          <Link to="/eventsCalendar">{t('events.list.calendarLink')}</Link>
        </ChakraLink>
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap={{ base: '8', md: '10' }}>
          <SearchForm data={data} />
          {data.unavailable ? (
            <Alert.Root status="error" borderRadius="l3" data-testid="events-unavailable">
              <Alert.Indicator />
              <Alert.Title>{t('events.list.unavailable')}</Alert.Title>
            </Alert.Root>
          ) : empty ? (
            searching || query.filter !== 'all' || query.cursor ? (
              <EmptyNote title={t('events.list.noMatchTitle')} description={t('events.list.noMatchText')} testId="events-no-match">
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to="/liveEvents">{t('events.list.clear')}</Link>
                </Button>
              </EmptyNote>
            ) : (
              <EmptyNote title={t('events.list.emptyTitle')} description={t('events.list.emptyText')} testId="events-empty">
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to="/eventsCalendar">{t('events.list.calendarLink')}</Link>
                </Button>
              </EmptyNote>
            )
          ) : (
            <>
              <EventSection id="live-now" title={t('events.list.liveNow')} events={more.live} fallbackZone={data.timeZone} broadcasting={data.broadcasting} />
              <EventSection id="upcoming" title={t('events.list.upcoming')} events={more.upcoming} fallbackZone={data.timeZone} />
            </>
          )}
          <Stack gap="3" align={{ base: 'stretch', md: 'center' }}>
            <Box aria-live="polite" textAlign="center">
              {more.loading ? <Text color="fg.muted">{t('events.list.loadingMore')}</Text> : null}
              {more.failed ? (
                <Text color="fg.error" data-testid="more-failed">
                  {t('events.list.moreFailed')}
                </Text>
              ) : null}
            </Box>
            {more.href ? (
              <Button asChild variant="outline" colorPalette="brand" size="lg" loading={more.loading}>
                <Link to={more.href} onClick={more.load} preventScrollReset data-testid="more-events">
                  {t('events.list.more')}
                </Link>
              </Button>
            ) : null}
            {query.cursor ? (
              <ChakraLink asChild color="brand.fg" alignSelf="center">
                <Link to={listHref({ ...query, cursor: null })}>{t('events.list.firstPage')}</Link>
              </ChakraLink>
            ) : null}
          </Stack>
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title });
