/**
 * The LiveKit part of a room (loaded in the browser only, never rendered on the server): the
 * connection with the server-minted token, the stage arranged as the layout says, the person's own
 * camera and microphone controls, and the connection's states. When the connection cannot be made
 * within CONNECT_TIMEOUT_MS, or fails, it reports the room as unavailable and the page says so.
 */
import { Badge, Box, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  FocusLayout,
  GridLayout,
  LiveKitRoom,
  ParticipantTile,
  RoomAudioRenderer,
  useConnectionState,
  useIsSpeaking,
  useParticipants,
  useRoomContext,
  useSpeakingParticipants,
  useTracks,
  type TrackReferenceOrPlaceholder,
} from '@livekit/components-react';
import { ConnectionState, DisconnectReason, RoomEvent, Track, type Participant, type RoomOptions } from 'livekit-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomTokenResponse } from '#app/lib/events/api';
import { RoomRecordingBridge } from '#app/components/recording/RoomRecordingBridge';
import type { DeviceChoice } from '#app/components/live/devices/choice';
import { CaptionPublisher } from '#app/components/live/captions/CaptionPublisher';
import { CaptionsLayer } from '#app/components/live/captions/CaptionsLayer';
import type { CaptionsAvailability } from '#app/lib/captions/protocol';
import { trackRoom, type RoomTracker } from '#app/lib/beacons/room';
import type { LayoutSpec } from './layouts';
import { AllowAudioBanner, StageControls } from './StageControls';
import { StageVideo } from './StageVideo';
import { avatarIdOfMetadata } from '#app/lib/photo/avatar';

export const CONNECT_TIMEOUT_MS = 8000;

export type RoomEnd = 'ended' | 'removed' | 'left' | 'lost';

export interface RosterEntry {
  identity: string;
  name: string;
  publishing: boolean;
  speaking: boolean;
  local: boolean;
  /** Their avatar item, from the metadata their token gave them (app/lib/photo/avatar.ts). */
  avatarId?: string;
}

export interface LiveStageProps {
  session: RoomTokenResponse;
  spec: LayoutSpec;
  devices: DeviceChoice;
  onUnavailable: (detail?: string) => void;
  onEnd: (reason: RoomEnd) => void;
  onRoster: (roster: RosterEntry[]) => void;
  /** The room's live captions (docs/decisions/0048). */
  captions: { eventId: string; availability: CaptionsAvailability };
}

const mayPublish = (p: Participant) => p.permissions?.canPublish ?? false;

/** Watches the connection: gives up after the timeout, tells how it ended, shows reconnecting. */
function ConnectionWatch({ eventId, onUnavailable, onEnd, failures, mediaFailed }: Pick<LiveStageProps, 'onUnavailable' | 'onEnd'> & { eventId: string; failures: number; mediaFailed: boolean }) {
  const { t } = useTranslation();
  const room = useRoomContext();
  const state = useConnectionState(room);
  const connectedOnce = useRef(false);
  const [mediaProblem, setMediaProblem] = useState(false);

  // Join time and reconnects, for the viewer-experience beacons (docs/decisions/0093): measured from
  // this watch's mount, when LiveKitRoom starts to connect.
  const beacons = useRef<RoomTracker | null>(null);
  useEffect(() => {
    beacons.current = trackRoom(eventId);
  }, [eventId]);

  useEffect(() => {
    if (state === ConnectionState.Connected) connectedOnce.current = true;
    if (state === ConnectionState.Connected) beacons.current?.connected();
    else if (state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting) beacons.current?.reconnecting();
  }, [state]);

  // An error before the connection is made means the room cannot be reached; after it, only the
  // person's own camera or microphone failed to start (the room itself keeps working).
  useEffect(() => {
    if (failures === 0) return;
    if (connectedOnce.current) setMediaProblem(true);
    else {
      beacons.current?.failed();
      onUnavailable();
    }
  }, [failures, onUnavailable]);
  useEffect(() => {
    if (mediaFailed) setMediaProblem(true);
  }, [mediaFailed]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!connectedOnce.current) {
        beacons.current?.failed();
        void room.disconnect();
        onUnavailable();
      }
    }, CONNECT_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [room, onUnavailable]);

  useEffect(() => {
    const onDisconnected = (reason?: DisconnectReason) => {
      if (!connectedOnce.current) return;
      if (reason === DisconnectReason.ROOM_DELETED) onEnd('ended');
      else if (reason === DisconnectReason.PARTICIPANT_REMOVED) onEnd('removed');
      else if (reason === DisconnectReason.CLIENT_INITIATED) onEnd('left');
      else onEnd('lost');
    };
    room.on(RoomEvent.Disconnected, onDisconnected);
    return () => {
      room.off(RoomEvent.Disconnected, onDisconnected);
    };
  }, [room, onEnd]);

  const mediaNote = mediaProblem ? (
    <Box position="absolute" bottom="2" insetX="2" zIndex="1" bg="blackAlpha.800" color="white" px="3" py="1.5" borderRadius="l2" role="alert" data-testid="media-problem">
      <Text fontSize="sm">{t('live.connection.mediaProblem')}</Text>
    </Box>
  ) : null;

  // The connection's state on the page, for tests that wait on it.
  // data-room: the LiveKit room joined (the main room, or a breakout: docs/decisions/0084).
  const marker = <span hidden data-testid="room-connection" data-state={state} data-room={room.name} />;
  if (state === ConnectionState.Connecting) {
    return (
      <>
        {marker}
        <HStack position="absolute" inset="0" justify="center" gap="3" color="white" bg="blackAlpha.700" zIndex="1" role="status" data-testid="room-connecting">
          <Spinner size="md" />
          <Text>{t('live.connection.connecting')}</Text>
        </HStack>
      </>
    );
  }
  if (state === ConnectionState.Reconnecting || state === ConnectionState.SignalReconnecting) {
    return (
      <>
        {marker}
        <Box position="absolute" top="0" insetX="0" zIndex="1" bg="orange.solid" color="orange.contrast" px="3" py="1.5" role="status" data-testid="room-reconnecting">
          <HStack gap="2">
            <Spinner size="xs" />
            <Text fontSize="sm">{t('live.connection.reconnecting')}</Text>
          </HStack>
        </Box>
      </>
    );
  }
  return (
    <>
      {marker}
      {mediaNote}
    </>
  );
}

/** Reports who is in the room to the page (participants tab, observers list). */
function RosterReporter({ onRoster }: Pick<LiveStageProps, 'onRoster'>) {
  const participants = useParticipants();
  const speaking = useSpeakingParticipants();
  const speakingIds = useMemo(() => new Set(speaking.map((p) => p.identity)), [speaking]);
  const key = participants.map((p) => `${p.identity}|${p.name}|${mayPublish(p)}|${speakingIds.has(p.identity)}|${avatarIdOfMetadata(p.metadata) ?? ''}`).join(',');
  useEffect(() => {
    onRoster(
      participants.map((p) => ({
        identity: p.identity,
        name: p.name || p.identity,
        publishing: mayPublish(p),
        speaking: speakingIds.has(p.identity),
        local: p.isLocal,
        avatarId: avatarIdOfMetadata(p.metadata),
      })),
    );
    // The key captures every field reported; re-reporting on each render would loop through the parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, onRoster]);
  return null;
}

function EmptyStage({ audioOnly }: { audioOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex h="full" minH="48" align="center" justify="center" p="6" textAlign="center" data-testid="stage-empty">
      <Text color="whiteAlpha.800">{audioOnly ? t('live.stage.noSpeakers') : t('live.stage.waiting')}</Text>
    </Flex>
  );
}

/** Camera (and screen share) tracks of the people on stage: those allowed to publish. */
function useStageTracks(): TrackReferenceOrPlaceholder[] {
  const tracks = useTracks(
    [
      { source: Track.Source.Camera, withPlaceholder: true },
      { source: Track.Source.ScreenShare, withPlaceholder: false },
    ],
    { onlySubscribed: false },
  );
  return tracks.filter((ref) => mayPublish(ref.participant));
}

function GridStage({ maxTiles }: { maxTiles?: number }) {
  const tracks = useStageTracks();
  const shown = maxTiles ? tracks.slice(0, maxTiles) : tracks;
  if (shown.length === 0) return <EmptyStage />;
  return (
    <GridLayout tracks={shown} style={{ height: '100%' }}>
      <ParticipantTile />
    </GridLayout>
  );
}

/** The main speaker only: the active speaker among the people on stage, else the first of them. */
function SpeakerStage() {
  const tracks = useStageTracks();
  const speaking = useSpeakingParticipants();
  const main = tracks.find((ref) => ref.source === Track.Source.ScreenShare) ?? tracks.find((ref) => speaking.some((p) => p.identity === ref.participant.identity)) ?? tracks[0];
  if (!main) return <EmptyStage />;
  return <ParticipantTile trackRef={main} style={{ height: '100%' }} />;
}

/** One person large, the others in a strip (the tenant-styled custom stage). */
function FocusStage() {
  const tracks = useStageTracks();
  const speaking = useSpeakingParticipants();
  const main = tracks.find((ref) => ref.source === Track.Source.ScreenShare) ?? tracks.find((ref) => speaking.some((p) => p.identity === ref.participant.identity)) ?? tracks[0];
  if (!main) return <EmptyStage />;
  const others = tracks.filter((ref) => ref !== main);
  return (
    <Flex direction={{ base: 'column', md: 'row' }} h="full" gap="2" p="2">
      <Box flex="1" minH="0">
        <FocusLayout trackRef={main} style={{ height: '100%' }} />
      </Box>
      {others.length > 0 && (
        <Flex direction={{ base: 'row', md: 'column' }} gap="2" w={{ base: 'full', md: '48' }} overflow="auto" flexShrink={0}>
          {others.map((ref) => (
            <Box key={`${ref.participant.identity}-${ref.source}`} w={{ base: '40', md: 'full' }} flexShrink={0} style={{ aspectRatio: '16 / 9' }}>
              <ParticipantTile trackRef={ref} style={{ height: '100%' }} />
            </Box>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function SpeakerRow({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  const speaking = useIsSpeaking(participant);
  return (
    <HStack as="li" justify="space-between" px="3" py="2" borderRadius="l2" bg={speaking ? 'whiteAlpha.300' : 'whiteAlpha.100'} data-testid="speaker-row">
      <HStack gap="2">
        <Box w="3" h="3" borderRadius="full" bg={speaking ? 'green.400' : 'whiteAlpha.500'} aria-hidden />
        <Text color="white">{participant.name || participant.identity}</Text>
      </HStack>
      {speaking && (
        <Badge colorPalette="green" variant="solid">
          {t('live.stage.speaking')}
        </Badge>
      )}
    </HStack>
  );
}

/** Audio-only: the speakers with speaking indicators, and how many listen. */
function AudioStage() {
  const { t } = useTranslation();
  const participants = useParticipants();
  const speakers = participants.filter(mayPublish);
  const listeners = participants.length - speakers.length;
  return (
    <Stack p="4" gap="3" h="full" data-testid="audio-stage">
      <Text color="white" fontWeight="semibold">
        {t('live.stage.speakers')}
      </Text>
      {speakers.length === 0 ? (
        <EmptyStage audioOnly />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {speakers.map((p) => (
            <SpeakerRow key={p.identity} participant={p} />
          ))}
        </Stack>
      )}
      <Text color="whiteAlpha.800" fontSize="sm">
        {t('live.stage.listeners', { count: listeners })}
      </Text>
    </Stack>
  );
}

function Stage({ spec }: { spec: LayoutSpec }) {
  switch (spec.stage) {
    case 'audio':
      return <AudioStage />;
    case 'speaker':
      return <SpeakerStage />;
    case 'focus':
      return <FocusStage />;
    case 'pair':
      return <GridStage maxTiles={spec.maxTiles ?? 2} />;
    default:
      return <GridStage />;
  }
}

export default function LiveStage({ session, spec, devices, onUnavailable, onEnd, onRoster, captions }: LiveStageProps) {
  const [failures, setFailures] = useState(0);
  const [mediaFailed, setMediaFailed] = useState(false);
  // Stable handlers: LiveKitRoom's connect effect depends on onError, so a new function on each
  // render would call room.connect() again. Re-rendered mid-reconnect (the roster empties then),
  // that started a second session that kept the old session's publications: the camera was
  // never published again after a LiveKit node died (docs/decisions/0078).
  const onError = useCallback(() => setFailures((n) => n + 1), []);
  const onMediaDeviceFailure = useCallback(() => setMediaFailed(true), []);
  const observer = spec.participantsObserve && session.role === 'participant';
  const publish = session.grants.canPublish && !observer;
  const options = useMemo<RoomOptions>(
    () => ({
      adaptiveStream: true,
      dynacast: true,
      ...(devices.videoDeviceId ? { videoCaptureDefaults: { deviceId: devices.videoDeviceId } } : {}),
      ...(devices.audioDeviceId ? { audioCaptureDefaults: { deviceId: devices.audioDeviceId } } : {}),
      ...(devices.audioOutputId ? { audioOutput: { deviceId: devices.audioOutputId } } : {}),
    }),
    [devices.videoDeviceId, devices.audioDeviceId, devices.audioOutputId],
  );

  const brand = spec.branded
    ? ({
        '--lk-accent-bg': 'var(--chakra-colors-brand-solid)',
        '--lk-accent-fg': 'var(--chakra-colors-brand-contrast)',
        '--lk-bg': 'var(--chakra-colors-brand-950, #111)',
        '--lk-border-radius': 'var(--chakra-radii-l3)',
      } as React.CSSProperties)
    : undefined;

  // The library's error messages are technical English (it logs them as warnings): the page uses its own words.
  return (
    <LiveKitRoom
      serverUrl={session.serverUrl}
      token={session.token}
      connect
      video={publish && !spec.audioOnly && !session.startVideoOff}
      audio={publish && !session.startAudioOff}
      options={options}
      onError={onError}
      onMediaDeviceFailure={onMediaDeviceFailure}
      data-lk-theme="default"
      style={{ height: '100%', display: 'flex', flexDirection: 'column', position: 'relative', ...brand }}
    >
      <ConnectionWatch eventId={captions.eventId} onUnavailable={onUnavailable} onEnd={onEnd} failures={failures} mediaFailed={mediaFailed} />
      <RosterReporter onRoster={onRoster} />
      <AllowAudioBanner />
      <StageVideo audioOnly={spec.audioOnly}>
        <Stage spec={spec} />
        <CaptionsLayer availability={captions.availability} />
      </StageVideo>
      {captions.availability.state === 'on' && <CaptionPublisher eventId={captions.eventId} />}
      <RoomAudioRenderer />
      <RoomRecordingBridge />
      <StageControls audioOnly={spec.audioOnly} watchOnly={observer} />
    </LiveKitRoom>
  );
}
