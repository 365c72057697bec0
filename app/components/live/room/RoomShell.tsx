/**
 * A live room, whatever the layout: a full-viewport stage, not a page. A slim bar (RoomBar) in
 * place of the site header; below it two areas that never scroll the document:
 *  - the main area: the stage (StageArea) and what the layout adds beside it (observers, restream
 *    note, settings link, raise hand, the host panel), scrolling inside itself when it is long;
 *  - the dock: the chat (or the tabs Chat / Participants / Q&A), filling its height, with the
 *    composer pinned at its foot.
 * From lg the dock is a column beside the stage; below lg the stage area sits on top (at most half
 * the height) and the dock fills the rest. In /liveEventsChat (no stage) the chat comes first and
 * takes the wide side, the host panel the column (below the chat on phones). One ChatProvider holds the page's chat connection, shared by
 * the chat pane, the Q&A tab and the private-message alerts (toast + badge, from any tab).
 */
import { Badge, Flex, Link as ChakraLink, Stack, Tabs, Text, useBreakpointValue } from '@chakra-ui/react';
import { Link, useRevalidator } from '@remix-run/react';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatPane, type PrivateRequest } from '#app/components/chat/ChatPane';
import { PrivateAlerts, useUnreadPrivate } from '#app/components/chat/PrivateAlerts';
import { QuestionsPanel } from '#app/components/chat/QuestionsPanel';
import { BreakoutBar } from '#app/components/live/breakouts/BreakoutBar';
import { WaitingQueue } from '#app/components/live/waiting/WaitingQueue';
import { BreakoutsPanel } from '#app/components/live/breakouts/BreakoutsPanel';
import { BreakoutChat, BreakoutProvider } from '#app/components/live/breakouts/useBreakouts';
import { DonationToasts } from '#app/components/donations/DonationAlerts';
import { BrowserRecordingProvider } from '#app/components/recording/BrowserRecordingProvider';
import { RecordingControls } from '#app/components/recording/RecordingControls';
import { RoomCommerce } from '#app/components/roomSales/RoomCommerce';
import { RoomPolls } from '#app/components/polls/RoomPolls';
import { RecordingProvider } from '#app/components/recording/RecordingProvider';
import { RestreamPanel } from '#app/components/recording/RestreamPanel';
import { mergeChoices, readJoinDevices, type DeviceChoice } from '#app/components/live/devices/choice';
import type { CaptionsAvailability } from '#app/lib/captions/protocol';
import type { ChatMember } from '#app/lib/chat/protocol';
import type { RoomAction } from '#app/lib/events/api';
import type { PublicEvent, RoomLayout } from '#app/lib/events/model';
import type { EventRole } from '#app/lib/events/permissions';
import { EndForAll, HostBlocked, HostHands, HostPanel, HostParticipants, useRoomActions, useRoomState } from './HostPanel';
import { layoutSpec } from './layouts';
import { BroadcastView } from './broadcastView';
import { EncoderLink } from '#app/components/broadcast/EncoderLink';
import type { RosterEntry } from './LiveStage';
import { HandProvider, RaiseHand } from './RaiseHand';
import { StagePanels } from './StageControls';
import type { ApiResult } from './roomApi';
import type { RoomTokenResponse } from '#app/lib/events/api';
import { RoomBar } from './RoomBar';
import { RoomClosedState, type ClosedReason } from './RoomClosedState';
import { Roster } from './Roster';
import { StageArea } from './StageArea';

/** Layouts that mix the stage with the event's live broadcast from an encoder (docs/decisions/0029). */
const BROADCAST_VIEW_LAYOUTS: ReadonlySet<string> = new Set(['lbc', 'hbc']);

export interface RoomShellProps {
  layout: RoomLayout;
  event: PublicEvent;
  role: EventRole;
  me: string;
  canModerate: boolean;
  savedDevices: DeviceChoice | null;
  tenantZone: string;
  /** The first video token, from the room's data (null: the stage asks the token route). */
  firstSession: RoomTokenResponse | null;
  /** Whether the stage shows live captions (docs/decisions/0048). */
  captions: CaptionsAvailability;
  /** Live reactions are on for this tenant and event: a bar under the stage, emoji floating over it (docs/decisions/0079). */
  reactions: boolean;
}

type SideTab = 'chat' | 'participants' | 'qa' | 'host';

/** A tab's count of unread private messages (hidden at zero), with its words for screen readers. */
function TabBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" variant="solid" colorPalette="red" borderRadius="full" aria-label={label} data-testid={testId}>
      {count}
    </Badge>
  );
}

export function RoomShell(props: RoomShellProps) {
  const [closed, setClosed] = useState<ClosedReason | null>(null);
  if (closed) return <RoomClosedState reason={closed} eventId={props.event.eventId} title={props.event.title} />;
  return (
    // The chat of where the person is: the event's, or their breakout's (docs/decisions/0084).
    <BreakoutProvider eventId={props.event.eventId} me={props.me} staff={props.canModerate}>
    <BreakoutChat eventId={props.event.eventId} role={props.role}>
      {/* Staff ask for the recording state on a timer; everyone else hears it from the room (RecordingProvider). */}
      <RecordingProvider eventId={props.event.eventId} poll={props.canModerate || layoutSpec(props.layout).stage === 'none'}>
        <BrowserRecordingProvider eventId={props.event.eventId} title={props.event.title}>
          <RoomFrame {...props} onClosed={setClosed} />
        </BrowserRecordingProvider>
      </RecordingProvider>
    </BreakoutChat>
    </BreakoutProvider>
  );
}

function RoomFrame({ layout, event, role, me, canModerate, savedDevices, tenantZone, firstSession, captions, reactions, onClosed }: RoomShellProps & { onClosed: (reason: ClosedReason) => void }) {
  const { t } = useTranslation();
  const spec = layoutSpec(layout);
  const LiveBroadcast = useContext(BroadcastView);
  const revalidator = useRevalidator();
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [devices, setDevices] = useState<DeviceChoice>(() => mergeChoices(savedDevices));
  useEffect(() => setDevices(mergeChoices(readJoinDevices(), savedDevices)), [savedDevices]);
  const [sideTab, setSideTab] = useState<SideTab>('chat');
  // Below lg the stage sits above the chat: the host's panels (recording, restream, host tools) become a tab of the dock.
  const panelsInDock = (useBreakpointValue({ base: true, lg: false }, { ssr: false }) ?? false) && canModerate;
  const [privateRequest, setPrivateRequest] = useState<PrivateRequest | null>(null);
  const unreadPrivate = useUnreadPrivate();
  const [waitingCount, setWaitingCount] = useState(0);

  const room = useRoomState(event.eventId, canModerate);
  const onActionDone = useCallback(
    (action: RoomAction, result: ApiResult<unknown>) => {
      // The end of the event is the server's to decide: reload the page's state and let the loader say so.
      if (action.intent === 'end' && (result.ok || result.status === 503)) revalidator.revalidate();
      else room.refresh();
    },
    [revalidator, room]
  );
  const actions = useRoomActions(onActionDone);
  const sectionProps = { eventId: event.eventId, me, room, actions };
  const onRoster = useCallback((r: RosterEntry[]) => setRoster(r), []);
  const openPrivate = useCallback((member: ChatMember) => {
    setSideTab('chat');
    setPrivateRequest((prev) => ({ member, key: (prev?.key ?? 0) + 1 }));
  }, []);

  const audience = role === 'participant';
  const showRaiseHand = spec.raiseHand && audience;
  const observers = useMemo(() => roster.filter((p) => !p.publishing), [roster]);
  const hasStage = spec.stage !== 'none';

  const showObservers = spec.participantsObserve && hasStage;
  const showRestream = spec.restreamNote && canModerate;
  const showHostPanel = canModerate && !spec.tabs;
  const restreamNote = (
    <Stack gap="2" data-testid="restream-note">
      {/* The way to this event's own encoder key is the room's "Stream from OBS / an encoder" link. */}
      <Text fontSize="sm" color="fg.muted">
        {t('live.restream.body')}
      </Text>
      <RestreamPanel eventId={event.eventId} />
    </Stack>
  );
  // On a phone the staff's waiting queue and polls live in the Host tab, so the chat keeps the dock's height.
  const waitingQueue = <WaitingQueue eventId={event.eventId} staff={!audience} onWaitingCount={setWaitingCount} />;
  const roomPolls = <RoomPolls eventId={event.eventId} />;
  // People kept waiting first, then the recording (time-critical), then what can wait.
  const hostTools = (
    <Stack gap="4" data-testid="host-tools">
      {showHostPanel && <HostPanel {...sectionProps} />}
      {panelsInDock && waitingQueue}
      {canModerate && <RecordingControls eventId={event.eventId} role={role} />}
      {panelsInDock && roomPolls}
      {canModerate && <BreakoutsPanel participants={room.state?.participants ?? []} />}
      {showRestream && restreamNote}
    </Stack>
  );
  useEffect(() => {
    if (!panelsInDock && sideTab === 'host') setSideTab('chat');
  }, [panelsInDock, sideTab]);
  const stagePanels = useMemo(() => (panelsInDock ? { open: () => setSideTab('host'), label: t('live.controls.hostTools') } : null), [panelsInDock, t]);

  const chatPane = <ChatPane eventId={event.eventId} role={role} moderateChat={event.moderateChat} hideTitle questionsElsewhere={spec.tabs} privateRequest={privateRequest} />;

  const dock = spec.tabs || panelsInDock ? (
    <Tabs.Root
      value={sideTab}
      onValueChange={(d) => setSideTab(d.value as SideTab)}
      variant="enclosed"
      colorPalette="brand"
      fitted
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
      data-testid="room-side-tabs"
    >
      <Tabs.List aria-label={t('live.tabs.label')} flexShrink={0}>
        <Tabs.Trigger value="chat" gap="1.5" data-testid="tab-chat">
          {t('live.tabs.chat')}
          <TabBadge count={unreadPrivate} label={t('chat.alerts.unread', { count: unreadPrivate })} testId="tab-chat-unread" />
        </Tabs.Trigger>
        {spec.tabs && (
          <Tabs.Trigger value="participants" data-testid="tab-participants">
            {t('live.tabs.participants')}
          </Tabs.Trigger>
        )}
        {spec.tabs && (
          <Tabs.Trigger value="qa" data-testid="tab-qa">
            {t('live.tabs.qa')}
          </Tabs.Trigger>
        )}
        {panelsInDock && (
          <Tabs.Trigger value="host" gap="1.5" data-testid="tab-host">
            {t('live.tabs.host')}
            <TabBadge count={waitingCount} label={t('live.tabs.waiting', { count: waitingCount })} testId="tab-host-waiting" />
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="chat" flex="1" minH="0" pt="2" pb="0" css={{ '&:not([hidden])': { display: 'flex', flexDirection: 'column' } }}>
        {chatPane}
      </Tabs.Content>
      {spec.tabs && (
        <>
          <Tabs.Content value="participants" flex="1" minH="0" overflowY="auto">
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
          <Tabs.Content value="qa" flex="1" minH="0" overflowY="auto">
            <Stack gap="4">
              <QuestionsPanel />
              <Stack gap="3" pt="3" borderTopWidth="1px">
                <Text fontSize="sm" color="fg.muted">
                  {t('live.tabs.qaIntro')}
                </Text>
                {canModerate ? <HostHands {...sectionProps} /> : <RaiseHand />}
              </Stack>
            </Stack>
          </Tabs.Content>
        </>
      )}
      {panelsInDock && (
        <Tabs.Content value="host" flex="1" minH="0" overflowY="auto">
          {hostTools}
        </Tabs.Content>
      )}
    </Tabs.Root>
  ) : (
    chatPane
  );

  const hasMain = hasStage || (canModerate && !panelsInDock) || showObservers || spec.settingsLink;

  // DOM order is reading and focus order: the stage first where there is one, else the chat first.
  const mainArea = hasMain ? (
    <Flex
      direction="column"
      gap="3"
      minW="0"
      minH="0"
      overflowY="auto"
      flex={hasStage ? { base: '0 1 auto', lg: '1 1 0' } : { base: '0 1 auto', lg: '0 0 24rem' }}
      maxH={{ base: '50%', lg: 'none' }}
      data-testid="room-main"
    >
      {hasStage && <StageArea spec={spec} layout={layout} event={event} devices={devices} firstSession={firstSession} onRoster={onRoster} onClosed={onClosed} captions={captions} reactions={reactions} />}
      {BROADCAST_VIEW_LAYOUTS.has(layout) && LiveBroadcast && <LiveBroadcast eventId={event.eventId} title={event.title} heading={false} />}
      {BROADCAST_VIEW_LAYOUTS.has(layout) && role === 'organizer' && <EncoderLink eventId={event.eventId} />}
      {showObservers && (
        <Text fontSize="sm" color="fg.muted" data-testid="observers">
          {audience ? t('live.observers.youObserve') : t('live.observers.count', { count: observers.length })}
        </Text>
      )}
      {spec.settingsLink && (
        <ChakraLink asChild color="brand.fg" alignSelf="flex-start" data-testid="settings-link">
          <Link to="/customVideoSettings">{t('live.settingsLink')}</Link>
        </ChakraLink>
      )}
      {/* After the stage: the stage and the people on it stay together at the top. */}
      {canModerate && !panelsInDock && hostTools}
    </Flex>
  ) : null;
  const dockArea = (
    <Flex
      direction="column"
      minW="0"
      minH={{ base: '14rem', lg: '0' }}
      flex={hasStage ? { base: '1 1 0', lg: '0 0 auto' } : '1 1 0'}
      w={hasStage ? { lg: '22rem', xl: '24rem' } : undefined}
      data-testid="room-dock"
      gap="2"
      overflowY={{ base: 'auto', lg: 'visible' }}
      css={{ '&:has([data-testid="room-polls"] > *) > [data-dock-chat]': { minHeight: { base: '22rem', lg: '0' } } }}
    >
      <BreakoutBar />
      {/* The pinned sale and Donate sit above the chat in every layout. */}
      <RoomCommerce eventId={event.eventId} staff={role !== 'participant'} />
      {!panelsInDock && roomPolls}
      {!panelsInDock && waitingQueue}
      {/* The chat takes what is left; on a phone, below a poll, it keeps room for its composer and the dock scrolls. */}
      <Flex direction="column" flex="1" minH="0" data-dock-chat>
        {dock}
      </Flex>
    </Flex>
  );

  const frame = (
    <Flex direction="column" h="100dvh" overflow="hidden" data-testid="room" data-layout={layout}>
      <RoomBar event={event} role={role} layout={layout} tenantZone={tenantZone} />
      <Flex flex="1" minH="0" direction={{ base: 'column', lg: 'row' }} gap={{ base: '2', md: '3', lg: '4' }} p={{ base: '2', md: '3', lg: '4' }}>
        {hasStage ? mainArea : dockArea}
        {hasStage ? dockArea : mainArea}
      </Flex>
      <PrivateAlerts onOpen={openPrivate} />
      <DonationToasts />
    </Flex>
  );
  const withPanels = <StagePanels.Provider value={stagePanels}>{frame}</StagePanels.Provider>;
  return showRaiseHand ? <HandProvider eventId={event.eventId}>{withPanels}</HandProvider> : withPanels;
}
