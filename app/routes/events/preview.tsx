import { Alert, Box, Button, Card, Container, Grid, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveBroadcastPlayer, useViewerBroadcast } from '#app/components/broadcast/LiveBroadcast';
import { CopyLink } from '#app/components/events/CopyLink';
import { Countdown } from '#app/components/events/Countdown';
import { EventImage } from '#app/components/events/EventImage';
import { LocalTime, ZonedTime } from '#app/components/events/LocalTime';
import { StatusBadge } from '#app/components/events/StatusBadge';
import { useNow } from '#app/components/events/useNow';
import { EventTrailer } from '#app/components/playback/EventTrailer';
import { AccessPanel, ReplayOffer } from '#app/components/tickets/AccessPanel';
import { usePriceText } from '#app/components/tickets/PriceText';
import { eventStatus, lobbyHref, startMs } from '#app/lib/events/model';
import { staticUnlessHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './preview.server';

/** /preview?event=<id>: the public page of one event, with a countdown and the way in. */
export { loader } from './preview.server';

type PreviewData = ReturnType<typeof useLoaderData<typeof loader>>;

/** From this long before the start the page follows the event's state live (an early push, the start). */
const FOLLOWED_FROM_MS = 60 * 60_000;

/**
 * Signed-out visitors get the page without the client app (docs/decisions/0069) unless it plays
 * something (a trailer, a live push) or the event is within an hour of its start or running, when
 * the page follows its broadcast and state. Otherwise every action is a link, the countdown ticks
 * by CountdownScript and the short link copies by CopyButtonsScript.
 */
function previewNeedsApp(data: PreviewData | undefined): boolean {
  if (!data) return false;
  if (data.trailer || data.broadcastLive) return true;
  const status = eventStatus({ ...data.event, cancelledAt: data.cancelledAt, endedAt: data.endedAt }, data.now);
  if (status === 'open' || status === 'live') return true;
  return status === 'scheduled' && startMs(data.event) - data.now <= FOLLOWED_FROM_MS;
}

export const handle = staticUnlessHandle(previewNeedsApp, 'events', 'playback', 'player', 'broadcast', 'tickets', 'registration');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" fontWeight="medium">
        {children}
      </Box>
    </Box>
  );
}

/** The alert shown instead of the countdown once an event can no longer be waited for. */
const NOTICES = { cancelled: 'warning', over: 'neutral', ended: 'info' } as const;

export default function Preview() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { event } = data;
  const now = useNow(data.now);
  const status = eventStatus({ ...event, cancelledAt: data.cancelledAt, endedAt: data.endedAt }, now);
  const over = status === 'expired' || status === 'cancelled' || (status === 'ended' && Boolean(data.endedAt));
  const stateNotice: keyof typeof NOTICES | null = status === 'cancelled' ? 'cancelled' : over ? 'over' : status === 'ended' ? 'ended' : null;
  const lobby = lobbyHref(event.eventId);
  const priceText = usePriceText();
  const joinHref = data.signedIn ? lobby : `/signIn?redirectTo=${encodeURIComponent(lobby)}`;
  // A push that begins before the scheduled start is live: the page stops counting down to it.
  const broadcast = useViewerBroadcast(event.eventId);
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '6', md: '8', xl: '10' }} alignItems="start">
        <Stack gap={{ base: '5', md: '6' }} minW="0">
          {broadcast && <LiveBroadcastPlayer eventId={event.eventId} title={event.title} state={broadcast} />}
          <EventImage url={data.posterUrl} title={event.title} ratio={16 / 9} rounded="l3" />
          <Stack gap="3">
            <HStack gap="2" flexWrap="wrap">
              {/* While a broadcast plays, its player's live badge is the page's one state badge. */}
              {broadcast ? null : <StatusBadge status={status} />}
            </HStack>
            <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15" wordBreak="break-word" data-testid="event-title">
              {event.title}
            </Heading>
            {event.organizerName ? (
              <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                {t('events.byOrganizer', { name: event.organizerName })}
              </Text>
            ) : null}
          </Stack>
          {data.unlisted ? (
            <Alert.Root status="info" borderRadius="l3" data-testid="unlisted-note">
              <Alert.Indicator />
              <Alert.Title>{t('events.preview.privateNote')}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Box as="section" aria-labelledby="about">
            <Heading as="h2" id="about" size="lg" mb="2">
              {t('events.preview.about')}
            </Heading>
            {event.description ? (
              <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="event-description">
                {event.description}
              </Text>
            ) : (
              <Text color="fg.muted">{t('events.preview.noDescription')}</Text>
            )}
          </Box>
          {data.trailer && <EventTrailer eventId={event.eventId} trailer={data.trailer} />}
        </Stack>

        <Card.Root borderRadius="l3" bg="bg" position={{ lg: 'sticky' }} top={{ lg: '6' }}>
          <Card.Body gap="5" p={{ base: '5', md: '6' }}>
            {stateNotice ? (
              <Alert.Root status={NOTICES[stateNotice]} borderRadius="l2" data-testid={`event-${stateNotice}`}>
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t(`events.preview.${stateNotice}Title`)}</Alert.Title>
                  <Alert.Description>{t(`events.preview.${stateNotice}Text`)}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : broadcast ? (
              <Text fontWeight="semibold" color="brand.fg" data-testid="countdown-live">
                {t('events.preview.broadcastLive')}
              </Text>
            ) : (
              <Countdown startMs={startMs(event)} now={now} />
            )}

            <Stack as="dl" gap="3">
              <Fact label={t('events.preview.yourTime')}>
                <span data-testid="time-local">
                  <LocalTime iso={event.eventDateTime} fallbackZone={data.timeZone} />
                </span>
              </Fact>
              <Fact label={t('events.preview.eventTime', { zone: event.eventTimeZone })}>
                <span data-testid="time-event-zone">
                  <ZonedTime iso={event.eventDateTime} zone={event.eventTimeZone} />
                </span>
              </Fact>
              <Fact label={t('tickets.price.label')}>
                <span data-testid="event-price">{priceText(data.access.price)}</span>
              </Fact>
              <Fact label={t('events.preview.duration')}>{t('events.duration', { count: event.eventDuration })}</Fact>
              <Fact label={t('events.preview.language')}>{t(`language.names.${event.eventLanguage}`, { defaultValue: event.eventLanguage })}</Fact>
              {event.organizerName ? <Fact label={t('events.preview.organizer')}>{event.organizerName}</Fact> : null}
            </Stack>

            {!over ? <AccessPanel eventId={event.eventId} view={data.access} questions={data.questions} signedIn={data.signedIn} joinHref={joinHref} roomOpen={status === 'open' || status === 'live'} live={status === 'live'} /> : null}
            {status === 'ended' || (over && status !== 'cancelled') ? <ReplayOffer eventId={event.eventId} view={data.access} signedIn={data.signedIn} /> : null}
            {status === 'ended' || (over && status !== 'cancelled') ? (
              // /eventVod says whether a recording or kept broadcast exists, and to the organizer why not.
              <Button asChild variant="outline" colorPalette="brand" w="full" data-testid="watch-recording">
                <Link to={`/eventVod?eventId=${encodeURIComponent(event.eventId)}`}>{t('events.preview.watchRecording')}</Link>
              </Button>
            ) : null}
            {data.canEdit && status !== 'cancelled' && status !== 'expired' ? (
              <Button asChild variant="outline" colorPalette="brand" w="full" data-testid="edit-event">
                <Link to={`/scheduleEvents?event=${encodeURIComponent(event.eventId)}`}>{t('events.preview.edit')}</Link>
              </Button>
            ) : null}
            {status !== 'cancelled' ? <CopyLink url={data.shortUrl} label={t('events.preview.shortLink')} /> : null}

            <HStack gap="4" flexWrap="wrap" fontSize="sm">
              <ChakraLink asChild color="brand.fg">
                <Link to="/liveEvents">{t('events.preview.allEvents')}</Link>
              </ChakraLink>
              <ChakraLink asChild color="brand.fg">
                <Link to="/eventsCalendar">{t('events.preview.calendar')}</Link>
              </ChakraLink>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), {
    title: data?.event.title,
    description: data?.event.description ? data.event.description.replace(/\s+/g, ' ').slice(0, 160) : undefined,
  });
