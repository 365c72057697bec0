/**
 * /liveEvents' live-now section: a link to each listed event whose broadcast is live (the first
 * few events; each asks for its state every 15 s, so a busy list page stays light).
 */
import { Badge, HStack, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useBroadcastStatus } from './useBroadcastStatus';

const CHECKED = 6;
const POLL_MS = 15_000;

function BroadcastLink({ eventId, title }: { eventId: string; title: string }) {
  const { t } = useTranslation();
  const { state } = useBroadcastStatus(eventId, null, POLL_MS);
  if (state?.status !== 'live') return null;
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

export function LiveNowBroadcasts({ events }: { events: { eventId: string; title: string }[] }) {
  if (!events.length) return null;
  return (
    <Stack gap="2">
      {events.slice(0, CHECKED).map((e) => (
        <BroadcastLink key={e.eventId} eventId={e.eventId} title={e.title} />
      ))}
    </Stack>
  );
}
