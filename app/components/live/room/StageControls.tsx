/**
 * The stage's controls, under the video: the person's microphone and camera (with their device
 * menus) while they may publish, Share screen, the audience's Raise hand, and Leave. From md they
 * sit in one row as they are. On a phone (360–767 px) the row never wraps or hides anything: the
 * microphone and camera keep their place as icons (their names stay for screen readers), Raise
 * hand stays, and Share screen, the room's panels (recording, host tools) and Leave go into a
 * "More" menu. The "Allow audio" prompt is a banner of its own (AllowAudioBanner), not a control.
 */
import { Box, Button, Flex, Menu, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { DisconnectButton, MediaDeviceMenu, TrackToggle, useAudioPlayback, useLocalParticipantPermissions, useRoomContext, useTrackToggle } from '@livekit/components-react';
import { Track } from 'livekit-client';
import { createContext, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { HandButton, HandMessage } from './RaiseHand';

/** The room's panels that a phone shows as a tab of the dock (RoomShell): the stage's menu opens them. */
export const StagePanels = createContext<{ open: () => void; label: string } | null>(null);

/** Phones: below md, the controls fold into one row and a menu. */
export const useCompactStage = () => useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

const canShareScreen = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** A control's name: shown from md, for screen readers only on a phone (the icon speaks for it). */
function Label({ children }: { children: string }) {
  return <span className="stage-control-label">{children}</span>;
}

function DeviceToggle({ source, kind, label, chooseLabel }: { source: Track.Source.Microphone | Track.Source.Camera; kind: MediaDeviceKind; label: string; chooseLabel: string }) {
  return (
    <div className="lk-button-group">
      <TrackToggle source={source} showIcon>
        <Label>{label}</Label>
      </TrackToggle>
      <div className="lk-button-group-menu">
        <MediaDeviceMenu kind={kind} aria-label={chooseLabel} />
      </div>
    </div>
  );
}

/** The phone's "More" menu: what does not fit on the row. */
function MoreMenu({ share }: { share: boolean }) {
  const { t } = useTranslation();
  const room = useRoomContext();
  const panels = useContext(StagePanels);
  const screen = useTrackToggle({ source: Track.Source.ScreenShare });
  return (
    <Menu.Root positioning={{ placement: 'top-end' }}>
      <Menu.Trigger asChild>
        <button type="button" className="lk-button" data-testid="stage-more">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
          <Label>{t('live.controls.more')}</Label>
        </button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="stage-more-menu">
            {share && (
              <Menu.Item value="share" onClick={() => void screen.toggle()} data-testid="stage-more-share">
                {screen.enabled ? t('live.controls.stopSharing') : t('live.controls.shareScreen')}
              </Menu.Item>
            )}
            {panels && (
              <Menu.Item value="panels" onClick={panels.open} data-testid="stage-more-panels">
                {panels.label}
              </Menu.Item>
            )}
            <Menu.Item value="leave" color="fg.error" onClick={() => void room.disconnect()} data-testid="stage-more-leave">
              {t('live.controls.leave')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The controls under the stage. `watchOnly`: the person never publishes here (an observer). */
export function StageControls({ audioOnly, watchOnly = false }: { audioOnly: boolean; watchOnly?: boolean }) {
  const { t } = useTranslation();
  const compact = useCompactStage();
  const permissions = useLocalParticipantPermissions();
  const canPublish = !watchOnly && (permissions?.canPublish ?? false);
  const share = canPublish && !audioOnly && canShareScreen();
  return (
    <Box>
      <Flex
        className="lk-control-bar"
        wrap="nowrap"
        gap="2"
        justify="center"
        p="2"
        data-testid="room-controls"
        data-compact={compact || undefined}
        // The library caps the bar at one row's height; a phone's row never needs more.
        css={{
          maxHeight: 'none',
          '&[data-compact] .stage-control-label': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
          '&[data-compact] .lk-button': { paddingInline: '0.75rem' },
          '&[data-compact] .lk-button-menu': { paddingInline: '0.5rem' },
        }}
      >
        {canPublish && <DeviceToggle source={Track.Source.Microphone} kind="audioinput" label={t('live.controls.microphone')} chooseLabel={t('live.controls.chooseMicrophone')} />}
        {canPublish && !audioOnly && <DeviceToggle source={Track.Source.Camera} kind="videoinput" label={t('live.controls.camera')} chooseLabel={t('live.controls.chooseCamera')} />}
        <HandButton compact labelClass={canPublish ? 'stage-control-label' : undefined} />
        {compact ? (
          <MoreMenu share={share} />
        ) : (
          <>
            {share && (
              <TrackToggle source={Track.Source.ScreenShare} showIcon>
                {t('live.controls.shareScreen')}
              </TrackToggle>
            )}
            <DisconnectButton>{t('live.controls.leave')}</DisconnectButton>
          </>
        )}
      </Flex>
      <HandMessage />
    </Box>
  );
}

/**
 * The browser would not play the room's sound without a gesture (a reload, a link opened in a new
 * tab): a banner across the stage says so and offers the one click (or key) it needs. It is an
 * alert named by its sentence, so a screen reader announces it and lists it by that name.
 */
export function AllowAudioBanner() {
  const { t } = useTranslation();
  const { canPlayAudio, startAudio } = useAudioPlayback();
  const textId = useId();
  if (canPlayAudio) return null;
  return (
    <Flex role="alert" aria-labelledby={textId} align="center" justify="space-between" gap="3" px="3" py="2" bg="yellow.subtle" color="yellow.fg" flexWrap="wrap" data-testid="allow-audio-banner">
      <Flex align="center" gap="2" flex="1" minW="12rem">
        <SoundOffIcon />
        <Text id={textId} fontSize="sm" fontWeight="medium">
          {t('live.audio.blocked')}
        </Text>
      </Flex>
      <Button size="sm" colorPalette="yellow" onClick={() => void startAudio()} data-testid="allow-audio">
        {t('live.controls.startAudio')}
      </Button>
    </Flex>
  );
}

/** A speaker with a cross: the banner's state at a glance (its sentence says it in words). */
function SoundOffIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ flexShrink: 0 }}>
      <path d="M11 5 6 9H2v6h4l5 4V5z" fill="currentColor" />
      <path d="m23 9-6 6M17 9l6 6" />
    </svg>
  );
}
