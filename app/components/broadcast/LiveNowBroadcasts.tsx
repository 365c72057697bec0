/**
 * /liveEvents' live-now section: a link to each listed event whose broadcast is live (the first
 * few events). The page says which were live when it was rendered, so it holds without the client
 * app (docs/decisions/0069); with it, each asks for its state every 15 s.
 */
import { Badge, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LIVE_NOW_CHECKED } from '#app/lib/broadcast/model';
import { useBroadcastStatus } from './useBroadcastStatus';

const POLL_MS = 15_000;

function BroadcastLink({ eventId, title, liveAtRender }: { eventId: string; title: string; liveAtRender: boolean }) {
  const { t } = useTranslation();
  const { state } = useBroadcastStatus(eventId, null, POLL_MS);
  if (!(state ? state.status === 'live' : liveAtRender)) return null;
  return (
    <HStack gap="2" data-testid="live-now-broadcast">
      <Badge colorPalette="red" variant="solid">
        {t('broadcast.status.live')}
      </Badge>
      <ChakraLink asChild color="brand.fg" fontWeight="semibold">
        <Link to={`/preview?event=${encodeURIComponent(eventId)}`}>{t('broadcast.viewer.watch', { title })}</Link>
      </ChakraLink>
    </HStack>
  );
}

export function LiveNowBroadcasts({ events, broadcasting }: { events: { eventId: string; title: string }[]; broadcasting: readonly string[] }) {
  if (!events.length) return null;
  return (
    <Stack gap="2">
      {events.slice(0, LIVE_NOW_CHECKED).map((e) => (
        <BroadcastLink key={e.eventId} eventId={e.eventId} title={e.title} liveAtRender={broadcasting.includes(e.eventId)} />
      ))}
    </Stack>
  );
}
