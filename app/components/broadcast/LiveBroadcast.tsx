/**
 * The live broadcast for an event's viewers (event page, /liveEvents' live-now entries, the
 * broadcast layouts /lbc and /hbc): nothing until the event's push is live, then the live player.
 * It asks for the state itself (useBroadcastStatus), so pages that show it carry no broadcast
 * data in their loaders and stay as fast as before.
 */
import { Box, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '#app/components/media/player/VideoPlayer';
import { livePlaylistUrl, type BroadcastState } from '#app/lib/broadcast/model';
import { useBroadcastStatus } from './useBroadcastStatus';

/** Viewers learn of a push within 5 s; a full room of them asks the app a fifth as often as at 1 s. */
const VIEWER_POLL_MS = 5000;

/** The event's push as this viewer can play it: null until it is live and theirs to watch. */
export function useViewerBroadcast(eventId: string): BroadcastState | null {
  const { state } = useBroadcastStatus(eventId, null, VIEWER_POLL_MS);
  // Through LiveKit Ingress the push is a participant of the room: there is no live HLS to play.
  // Someone the event's room does not admit (a paid event without a ticket) gets no player: its page offers the ticket.
  if (state?.status !== 'live' || state.path === 'livekit' || state.admitted === false) return null;
  return state;
}

export function LiveBroadcast({ eventId, title, heading = true }: { eventId: string; title: string; heading?: boolean }) {
  const state = useViewerBroadcast(eventId);
  return state ? <LiveBroadcastPlayer eventId={eventId} title={title} heading={heading} state={state} /> : null;
}

/** The player of a live push (pages that also react to it ask useViewerBroadcast themselves). */
export function LiveBroadcastPlayer({ eventId, title, heading = true, state }: { eventId: string; title: string; heading?: boolean; state: BroadcastState }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" as="section" aria-label={t('broadcast.viewer.title', { title })} data-testid="live-broadcast">
      {/* The player carries the LIVE badge. */}
      {heading ? (
        <Heading as="h2" size="lg">
          {t('broadcast.viewer.liveNow')}
        </Heading>
      ) : null}
      <Box>
        {/* A new push gets a new player: its playlist starts over. */}
        <VideoPlayer key={state.startedAt} title={title} hls={livePlaylistUrl(eventId)} width={state.width} height={state.height} live beacon={{ eventId }} />
      </Box>
    </Stack>
  );
}
