/**
 * The stage of a live room: the LiveKit connection's states (preparing, unavailable, refused, left,
 * lost) and the stage itself (LiveStage, loaded in the browser only). On phones and tablets it is
 * as tall as its content: a 16:9 picture (StageVideo) and one row of controls above the chat; from
 * the lg breakpoint it fills the height of its column. While there is no video (connecting,
 * unavailable, left), the audience's Raise hand stays under the stage's message.
 */
import { Box, Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@remix-run/react';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyChunk } from '#app/components/chunks/lazyChunk';
import { useTranslation } from 'react-i18next';
import type { DeviceChoice } from '#app/components/live/devices/choice';
import type { RoomTokenResponse } from '#app/lib/events/api';
import { lobbyHref, type PublicEvent, type RoomLayout } from '#app/lib/events/model';
import type { CaptionsAvailability } from '#app/lib/captions/protocol';
import type { LayoutSpec } from './layouts';
import type { RoomEnd, RosterEntry } from './LiveStage';
import type { ClosedReason } from './RoomClosedState';
import { useRoomSession, videoRetryDelayMs } from './useRoomSession';
import { VideoUnavailable } from './VideoUnavailable';
import { HandButton, HandMessage, useHand } from './RaiseHand';
import { ReactionsBar } from '#app/components/live/reactions/ReactionsBar';
import { ReactionsLayer } from '#app/components/live/reactions/ReactionsLayer';
import { useRoomReactions } from '#app/components/live/reactions/useRoomReactions';
import { useBreakoutStage } from '#app/components/live/breakouts/useBreakouts';

const LiveStage = lazyChunk(() => import('./LiveStage'), 'LiveStage');

function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** A stage without video keeps the picture's place: 16:9 on phones, the column from lg. */
const PLACE = { h: { base: 'auto', lg: 'full' }, aspectRatio: { base: '16 / 9', lg: 'auto' }, minH: { base: '10rem', lg: '0' } } as const;

function StageMessage({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <Flex {...PLACE} align="center" justify="center" p="6" textAlign="center" bg="bg.muted" data-testid={testId}>
      <Stack gap="3" align="center" maxW="md">
        {children}
      </Stack>
    </Flex>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <Flex {...PLACE} align="center" justify="center" gap="3" bg="gray.900" color="white" role="status" data-testid="room-connecting">
      <Spinner size="md" />
      <Text>{text}</Text>
    </Flex>
  );
}

export interface StageAreaProps {
  spec: LayoutSpec;
  layout: RoomLayout;
  event: PublicEvent;
  devices: DeviceChoice;
  /** The first video token, from the room's data (null: ask the token route). */
  firstSession: RoomTokenResponse | null;
  onRoster: (roster: RosterEntry[]) => void;
  onClosed: (reason: ClosedReason) => void;
  /** Whether the room shows live captions (docs/decisions/0048). */
  captions: CaptionsAvailability;
  /** Live reactions are on for this tenant and event (docs/decisions/0079). */
  reactions: boolean;
}

export function StageArea({ spec, layout, event, devices, firstSession, onRoster, onClosed, captions, reactions: reactionsOn }: StageAreaProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mounted = useMounted();
  // In a breakout the stage joins that breakout's own LiveKit room (docs/decisions/0084).
  const breakout = useBreakoutStage();
  const { phase, retry, markUnavailable } = useRoomSession(event.eventId, mounted && breakout.ready, firstSession, breakout.roomId);
  const [ended, setEnded] = useState<RoomEnd | null>(null);
  const hand = useHand();
  // Reactions ride the chat socket, not the video connection: they float whatever the stage shows.
  const reactions = useRoomReactions(reactionsOn);

  useEffect(() => {
    if (phase.kind !== 'refused') return;
    if (phase.error === 'notYetOpen') navigate(lobbyHref(event.eventId), { replace: true });
    else if (phase.error === 'blocked' || phase.error === 'ended' || phase.error === 'expired' || phase.error === 'cancelled') onClosed(phase.error);
  }, [phase, navigate, event.eventId, onClosed]);

  const onEnd = useCallback(
    (reason: RoomEnd) => {
      setEnded(reason);
      onRoster([]);
      if (reason === 'ended') onClosed('ended');
      if (reason === 'removed') onClosed('removed');
    },
    [onRoster, onClosed]
  );
  const rejoin = useCallback(() => {
    setEnded(null);
    retry();
  }, [retry]);
  // A connection lost (the video service went away, not the person): rejoin by itself shortly.
  useEffect(() => {
    if (ended !== 'lost') return;
    const timer = window.setTimeout(rejoin, videoRetryDelayMs(0));
    return () => window.clearTimeout(timer);
  }, [ended, rejoin]);

  let body: React.ReactNode;
  if (!mounted || phase.kind === 'loading') body = <Busy text={t('live.connection.preparing')} />;
  else if (ended === 'left' || ended === 'lost') {
    body = (
      <StageMessage testId={`room-${ended}`}>
        <Text fontWeight="semibold">{t(`live.connection.${ended}`)}</Text>
        {ended === 'lost' && <Text color="fg.muted">{t('live.connection.rejoining')}</Text>}
        <Button colorPalette="brand" onClick={rejoin} data-testid="room-rejoin">
          {t('live.connection.rejoin')}
        </Button>
      </StageMessage>
    );
  } else if (phase.kind === 'unavailable') body = <VideoUnavailable onRetry={retry} detail={phase.detail} />;
  else if (phase.kind === 'refused') {
    body = (
      <StageMessage testId="room-refused">
        <Text>{phase.message || t(`live.errors.${phase.error}`)}</Text>
        {phase.error === 'unauthenticated' ? (
          <Button asChild colorPalette="brand">
            <Link to={`/signIn?redirectTo=${encodeURIComponent(`/${layout}?event=${event.eventId}`)}`}>{t('live.connection.signIn')}</Link>
          </Button>
        ) : (
          <Button variant="outline" onClick={retry}>
            {t('live.unavailable.retry')}
          </Button>
        )}
      </StageMessage>
    );
  } else {
    body = (
      <Suspense fallback={<Busy text={t('live.connection.preparing')} />}>
        <LiveStage key={phase.attempt} session={phase.session} spec={spec} devices={devices} onUnavailable={markUnavailable} onEnd={onEnd} onRoster={onRoster} captions={{ eventId: event.eventId, availability: captions }} />
      </Suspense>
    );
  }

  const live = mounted && phase.kind === 'ready' && !ended;
  return (
    // On wide screens the stage keeps most of the window's height: the host tools below it (recording,
    // breakout rooms) scroll in the main column instead of squeezing the stage to a strip.
    <Stack gap="1" flex={{ base: '0 0 auto', lg: '1 1 0' }} minH={{ base: '0', lg: 'max(20rem, 62dvh)' }}>
      <Box
        as="section"
        aria-label={t('live.stage.label')}
        position="relative"
        // Phones: as tall as the 16:9 picture and its controls; wider screens: the stage fills its column.
        flex={{ base: '0 0 auto', lg: '1 1 0' }}
        display="flex"
        flexDirection="column"
        minH="0"
        borderRadius="l3"
        overflow="hidden"
        bg={spec.branded ? 'brand.950' : 'gray.900'}
        borderWidth={spec.branded ? '3px' : '0'}
        borderColor="brand.solid"
        data-testid="room-stage"
        data-stage={spec.stage}
        data-phase={phase.kind}
      >
        {body}
        <ReactionsLayer reactions={reactions} />
      </Box>
      <ReactionsBar reactions={reactions} />
      {!live && hand && (
        <HStack justify="center" data-testid="stage-hand">
          <HandButton compact />
        </HStack>
      )}
      {!live && <HandMessage onStage={false} />}
    </Stack>
  );
}
