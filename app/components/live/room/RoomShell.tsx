/**
 * A live room page, whatever the layout: header (title, time, role), the stage (LiveKit, loaded in
 * the browser only), the event's chat (beside the stage on desktop, below it on phones, the whole
 * page in /liveEventsChat, the Chat tab in /liveEventsContainer) and the panels the layout asks for
 * (tabs Chat / Participants / Q&A, raise hand, host controls). One ChatProvider holds the page's
 * chat connection, shared by the chat pane and the Q&A tab. The stage has its own states
 * (connecting, unavailable, ended); the panels work whether or not video does.
 */
import { Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Link as ChakraLink, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, useNavigate, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatPane } from '#app/components/chat/ChatPane';
import { QuestionsPanel } from '#app/components/chat/QuestionsPanel';
import { ChatProvider } from '#app/components/chat/useChat';
import { LocalTime } from '#app/components/events/LocalTime';
import { mergeChoices, readJoinDevices, type DeviceChoice } from '#app/components/live/devices/choice';
import type { RoomAction } from '#app/lib/events/api';
import { lobbyHref, type PublicEvent, type RoomLayout } from '#app/lib/events/model';
import type { EventRole } from '#app/lib/events/permissions';
import { EndForAll, HostBlocked, HostHands, HostPanel, HostParticipants, useRoomActions, useRoomState } from './HostPanel';
import { layoutSpec, type LayoutSpec } from './layouts';
import type { RoomEnd, RosterEntry } from './LiveStage';
import { RaiseHand } from './RaiseHand';
import type { ApiResult } from './roomApi';
import { RoomClosedState, type ClosedReason } from './RoomClosedState';
import { useRoomSession } from './useRoomSession';
import { VideoUnavailable } from './VideoUnavailable';

const LiveStage = lazy(() => import('./LiveStage'));

export interface RoomShellProps {
  layout: RoomLayout;
  event: PublicEvent;
  role: EventRole;
  me: string;
  canModerate: boolean;
  savedDevices: DeviceChoice | null;
  tenantZone: string;
}

function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function StageMessage({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <Flex h="full" align="center" justify="center" p="6" textAlign="center" bg="bg.muted" data-testid={testId}>
      <Stack gap="3" align="center" maxW="md">
        {children}
      </Stack>
    </Flex>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <Flex h="full" align="center" justify="center" gap="3" bg="gray.900" color="white" role="status" data-testid="room-connecting">
      <Spinner size="md" />
      <Text>{text}</Text>
    </Flex>
  );
}

interface StageAreaProps {
  spec: LayoutSpec;
  layout: RoomLayout;
  event: PublicEvent;
  devices: DeviceChoice;
  onRoster: (roster: RosterEntry[]) => void;
  onClosed: (reason: ClosedReason) => void;
}

function StageArea({ spec, layout, event, devices, onRoster, onClosed }: StageAreaProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mounted = useMounted();
  const { phase, retry, markUnavailable } = useRoomSession(event.eventId, mounted);
  const [ended, setEnded] = useState<RoomEnd | null>(null);

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
    [onRoster, onClosed],
  );
  const rejoin = useCallback(() => {
    setEnded(null);
    retry();
  }, [retry]);

  let body: React.ReactNode;
  if (!mounted || phase.kind === 'loading') body = <Busy text={t('live.connection.preparing')} />;
  else if (ended === 'left' || ended === 'lost') {
    body = (
      <StageMessage testId={`room-${ended}`}>
        <Text fontWeight="semibold">{t(`live.connection.${ended}`)}</Text>
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
        <LiveStage key={phase.attempt} session={phase.session} spec={spec} devices={devices} onUnavailable={markUnavailable} onEnd={onEnd} onRoster={onRoster} />
      </Suspense>
    );
  }

  return (
    <Box
      as="section"
      aria-label={t('live.stage.label')}
      position="relative"
      h={spec.audioOnly ? { base: '80', md: '96' } : { base: '72', sm: '96', lg: '32rem', '2xl': '40rem' }}
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
    </Box>
  );
}

function Roster({ roster, connected }: { roster: RosterEntry[]; connected: boolean }) {
  const { t } = useTranslation();
  if (!connected) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="roster-unavailable">
        {t('live.roster.needsVideo')}
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid="roster">
      <Heading as="h3" size="sm">
        {t('live.roster.title', { count: roster.length })}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {roster.map((p) => (
          <HStack as="li" key={p.identity} gap="2">
            <Box w="2.5" h="2.5" borderRadius="full" bg={p.speaking ? 'green.500' : p.publishing ? 'brand.solid' : 'gray.400'} aria-hidden />
            <Text>{p.local ? t('live.roster.you', { name: p.name }) : p.name}</Text>
            {p.publishing && (
              <Badge size="sm" variant="subtle">
                {t('live.roster.onStage')}
              </Badge>
            )}
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

export function RoomShell({ layout, event, role, me, canModerate, savedDevices, tenantZone }: RoomShellProps) {
  const { t } = useTranslation();
  const spec = layoutSpec(layout);
  const revalidator = useRevalidator();
  const [closed, setClosed] = useState<ClosedReason | null>(null);
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [devices, setDevices] = useState<DeviceChoice>(() => mergeChoices(savedDevices));
  useEffect(() => setDevices(mergeChoices(readJoinDevices(), savedDevices)), [savedDevices]);

  const room = useRoomState(event.eventId, canModerate);
  const onActionDone = useCallback(
    (action: RoomAction, result: ApiResult<unknown>) => {
      // The end of the event is the server's to decide: reload the page's state and let the loader say so.
      if (action.intent === 'end' && (result.ok || result.status === 503)) revalidator.revalidate();
      else room.refresh();
    },
    [revalidator, room],
  );
  const actions = useRoomActions(onActionDone);
  const sectionProps = { eventId: event.eventId, me, room, actions };
  const onRoster = useCallback((r: RosterEntry[]) => setRoster(r), []);
  const onClosed = useCallback((reason: ClosedReason) => setClosed(reason), []);

  const audience = role === 'participant';
  const showRaiseHand = spec.raiseHand && audience;
  const observers = useMemo(() => roster.filter((p) => !p.publishing), [roster]);

  if (closed) return <RoomClosedState reason={closed} eventId={event.eventId} title={event.title} />;

  const stage =
    spec.stage === 'none' ? null : <StageArea spec={spec} layout={layout} event={event} devices={devices} onRoster={onRoster} onClosed={onClosed} />;

  const sideTabs = spec.tabs ? (
    <Tabs.Root defaultValue="chat" variant="enclosed" colorPalette="brand" fitted data-testid="room-side-tabs">
      <Tabs.List aria-label={t('live.tabs.label')}>
        <Tabs.Trigger value="chat" data-testid="tab-chat">
          {t('live.tabs.chat')}
        </Tabs.Trigger>
        <Tabs.Trigger value="participants" data-testid="tab-participants">
          {t('live.tabs.participants')}
        </Tabs.Trigger>
        <Tabs.Trigger value="qa" data-testid="tab-qa">
          {t('live.tabs.qa')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="chat">
        <ChatPane eventId={event.eventId} role={role} moderateChat={event.moderateChat} hideTitle questionsElsewhere />
      </Tabs.Content>
      <Tabs.Content value="participants">
        {canModerate ? (
          <Stack gap="4" data-testid="host-panel">
            <HostParticipants {...sectionProps} />
            <HostBlocked {...sectionProps} />
            <EndForAll eventId={event.eventId} actions={actions} />
          </Stack>
        ) : (
          <Roster roster={roster} connected={roster.length > 0} />
        )}
      </Tabs.Content>
      <Tabs.Content value="qa">
        <Stack gap="4">
          <QuestionsPanel />
          <Stack gap="3" pt="3" borderTopWidth="1px">
            <Text fontSize="sm" color="fg.muted">
              {t('live.tabs.qaIntro')}
            </Text>
            {canModerate ? <HostHands {...sectionProps} /> : <RaiseHand eventId={event.eventId} />}
          </Stack>
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  ) : null;

  const chat = spec.chat ? <ChatPane eventId={event.eventId} role={role} moderateChat={event.moderateChat} tall={!stage} /> : null;
  const hostPanel = canModerate && !spec.tabs ? <HostPanel {...sectionProps} /> : null;
  const hasSide = Boolean(sideTabs || hostPanel || (chat && stage));

  return (
    <ChatProvider eventId={event.eventId} role={role}>
      <Container maxW="8xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} data-testid="room" data-layout={layout}>
        <Stack gap={{ base: '4', md: '5' }}>
          <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
            <Stack gap="1" minW="0">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="room-title">
                {event.title}
              </Heading>
              <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm">
                <Badge colorPalette={event.status === 'live' ? 'red' : 'gray'} variant="solid" data-testid="room-status">
                  {t(`events.status.${event.status}`)}
                </Badge>
                <Badge variant="subtle" data-testid="room-role">
                  {t(`live.roles.${role}`)}
                </Badge>
                <Text>
                  <LocalTime iso={event.eventDateTime} fallbackZone={tenantZone} style="dateTime" />
                </Text>
                <Text>{t(`live.layouts.${layout}`)}</Text>
              </HStack>
            </Stack>
            <Button asChild variant="outline" size="sm">
              <Link to="/liveEvents">{t('live.leavePage')}</Link>
            </Button>
          </Flex>

          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: hasSide ? 'minmax(0, 1fr) 22rem' : 'minmax(0, 1fr)', xl: hasSide ? 'minmax(0, 1fr) 24rem' : 'minmax(0, 1fr)' }} gap={{ base: '4', md: '5' }} alignItems="start">
            <Stack gap="4" minW="0">
              {stage ?? chat}
              {spec.participantsObserve && stage && (
                <Text fontSize="sm" color="fg.muted" data-testid="observers">
                  {audience ? t('live.observers.youObserve') : t('live.observers.count', { count: observers.length })}
                </Text>
              )}
              {spec.restreamNote && canModerate && (
                <Box borderWidth="1px" borderRadius="l3" p="4" data-testid="restream-note">
                  <Stack gap="2">
                    <Heading as="h2" size="sm">
                      {t('live.restream.title')}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      {t('live.restream.body')}
                    </Text>
                    <ChakraLink asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
                      <Link to="/rtmpKey">{t('live.restream.link')}</Link>
                    </ChakraLink>
                  </Stack>
                </Box>
              )}
              {spec.settingsLink && (
                <ChakraLink asChild color="brand.fg" alignSelf="flex-start" data-testid="settings-link">
                  <Link to="/customVideoSettings">{t('live.settingsLink')}</Link>
                </ChakraLink>
              )}
              {showRaiseHand && !spec.tabs && (
                <Box borderWidth="1px" borderRadius="l3" p="4">
                  <RaiseHand eventId={event.eventId} />
                </Box>
              )}
            </Stack>
            {hasSide && (
              <Stack gap="4" minW="0">
                {sideTabs}
                {stage && chat}
                {hostPanel}
              </Stack>
            )}
          </Grid>
        </Stack>
      </Container>
    </ChatProvider>
  );
}
