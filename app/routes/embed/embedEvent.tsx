import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LiveBroadcastPlayer, useViewerBroadcast } from '#app/components/broadcast/LiveBroadcast';
import { EmbedProblem } from '#app/components/embed/EmbedProblem';
import { EmbedShell } from '#app/components/embed/EmbedShell';
import { EventImage } from '#app/components/events/EventImage';
import { LocalTime } from '#app/components/events/LocalTime';
import { StatusBadge } from '#app/components/events/StatusBadge';
import { useNow } from '#app/components/events/useNow';
import { usePriceText } from '#app/components/tickets/PriceText';
import { eventStatus, lobbyHref } from '#app/lib/events/model';
import { stageHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './embedEvent.server';

/** /embed/event?event=<id>: an event's face, its way in and its live player, in another site's frame (docs/decisions/0089). */
export { loader } from './embedEvent.server';
export const handle = stageHandle('embeds', 'events', 'broadcast', 'player');

type Data = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { problem: 'badLink' | 'notFound' }>;

/** The one way in the frame offers; every one opens the site, first-party, in a new tab. */
function WayIn({ data, status }: { data: Data; status: ReturnType<typeof eventStatus> }) {
  const { t } = useTranslation();
  const { access, event } = data;
  const origin = new URL(data.pageUrl).origin;
  const over = status === 'expired' || status === 'cancelled' || status === 'ended';
  const seated = access.mode === 'open' || access.holding !== null || access.staff;
  const roomOpen = status === 'open' || status === 'live';
  let label: string;
  let href = data.pageUrl;
  if (status === 'cancelled') return null;
  if (over) {
    label = t('embeds.watchRecording');
    href = `${origin}/eventVod?eventId=${encodeURIComponent(event.eventId)}`;
  } else if (seated && roomOpen) {
    label = t('embeds.joinRoom');
    href = `${origin}${lobbyHref(event.eventId)}`;
  } else if (access.holding) label = t('embeds.viewTicket');
  else if (access.seatsLeft === 0) label = t('embeds.soldOut');
  else label = access.mode === 'buy' ? t('embeds.buyTicket') : t('embeds.register');
  return (
    <Button asChild colorPalette="brand" size={{ base: 'md', md: 'lg' }} w={{ base: 'full', sm: 'auto' }} data-testid="embed-way-in">
      <a href={href} target="_blank" rel="noopener">
        {label}
        <Box as="span" srOnly>
          {` ${t('embeds.newTab')}`}
        </Box>
      </a>
    </Button>
  );
}

function EventFace({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { event } = data;
  const now = useNow(data.now);
  const status = eventStatus({ ...event, cancelledAt: data.cancelledAt, endedAt: data.endedAt }, now);
  const priceText = usePriceText();
  const broadcast = useViewerBroadcast(event.eventId);
  return (
    <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '3', md: '5' }} alignItems="start">
      <Box minW="0">
        {broadcast ? (
          <LiveBroadcastPlayer eventId={event.eventId} title={event.title} state={broadcast} heading={false} />
        ) : (
          <>
            <EventImage url={data.posterUrl} title={event.title} ratio={16 / 9} rounded="l2" />
            {/* A push is live but this viewer's room would not admit them: the site's locked state. */}
            {data.broadcastLive ? (
              <Box mt="3">
                <EmbedProblem problem="locked" />
              </Box>
            ) : null}
          </>
        )}
      </Box>
      <Stack gap="3" minW="0">
        <HStack gap="2">{broadcast ? null : <StatusBadge status={status} size="sm" />}</HStack>
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }} lineHeight="1.2" wordBreak="break-word" data-testid="embed-title">
          {event.title}
        </Heading>
        <Stack as="dl" gap="1" fontSize="sm">
          <HStack gap="2">
            <Text as="dt" color="fg.muted">
              {t('embeds.startsAt')}
            </Text>
            <Text as="dd" fontWeight="medium" data-testid="embed-time">
              <LocalTime iso={event.eventDateTime} fallbackZone={data.timeZone} />
            </Text>
          </HStack>
          <HStack gap="2">
            <Text as="dt" color="fg.muted">
              {t('embeds.price')}
            </Text>
            <Text as="dd" fontWeight="medium" data-testid="embed-price">
              {priceText(data.access.price)}
            </Text>
          </HStack>
        </Stack>
        <WayIn data={data} status={status} />
      </Stack>
    </Grid>
  );
}

export default function EmbedEvent() {
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) {
    return (
      <EmbedShell signedIn={null}>
        <EmbedProblem problem={data.problem} />
      </EmbedShell>
    );
  }
  return (
    <EmbedShell signedIn={data.signedIn} openUrl={data.pageUrl}>
      <EventFace data={data} />
    </EmbedShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && data.problem === null ? data.event.title : undefined });
