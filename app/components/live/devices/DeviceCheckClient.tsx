/**
 * The device check itself (browser only; loaded lazily by DeviceCheck.tsx, never during SSR):
 * camera preview, microphone level, and camera / microphone / speaker selects. The tracks and
 * device lists live in useLocalTracks; this module lays them out.
 */
import { Alert, Box, Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceCheckProps } from './choice';
import { DeviceSelect } from './DeviceSelect';
import { canPickSpeaker } from './mediaDevices';
import { MicLevel } from './MicLevel';
import { Preview } from './Preview';
import { TestSound } from './TestSound';
import { useLocalTracks } from './useLocalTracks';

export default function DeviceCheckClient({ initial, onChange, video = true, autoStart = true, testId = 'device-check' }: DeviceCheckProps) {
  const { t } = useTranslation();
  const id = useId();
  const { phase, failure, missing, switchFailed, devices, choice, videoTrack, audioTrack, start, stop, pick } = useLocalTracks({ initial, onChange, video, autoStart });

  const label = (d: MediaDeviceInfo, i: number, kind: 'camera' | 'microphone' | 'speaker') => d.label || t(`lobby.devices.${kind}N`, { n: i + 1 });

  return (
    <Stack gap="4" data-testid={testId} data-phase={phase}>
      <Box position="relative" borderRadius="l3" overflow="hidden" bg="gray.900" aspectRatio={video ? 16 / 9 : undefined} minH={video ? undefined : '24'}>
        {videoTrack ? <Preview track={videoTrack} label={t('lobby.devices.preview')} /> : null}
        {!videoTrack ? (
          <Stack position="absolute" inset="0" align="center" justify="center" gap="3" p="4" textAlign="center" color="white">
            {phase === 'starting' ? (
              <>
                <Spinner size="lg" />
                <Text role="status">{t('lobby.devices.starting')}</Text>
              </>
            ) : phase === 'ready' ? (
              <Text>{video ? t('lobby.devices.noPicture') : t('lobby.devices.audioOnly')}</Text>
            ) : (
              <>
                <Text maxW="md">{t('lobby.devices.startHint')}</Text>
                <Button onClick={() => void start()} colorPalette="brand" data-testid="device-start">
                  {phase === 'failed' ? t('lobby.devices.retry') : video ? t('lobby.devices.start') : t('lobby.devices.startAudio')}
                </Button>
              </>
            )}
          </Stack>
        ) : null}
      </Box>

      {failure ? (
        <Alert.Root status={failure === 'unsupported' ? 'warning' : 'error'} borderRadius="l2" role="alert" data-testid={`device-error-${failure}`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontWeight="semibold">{t(`lobby.devices.errors.${failure}Title`)}</Alert.Title>
            <Alert.Description>{t(`lobby.devices.errors.${failure}`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {phase === 'ready' && (missing.camera || missing.microphone) ? (
        <Alert.Root status="warning" borderRadius="l2" data-testid={missing.camera ? 'device-no-camera' : 'device-no-microphone'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t(missing.camera ? 'lobby.devices.errors.noCamera' : 'lobby.devices.errors.noMicrophone')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {switchFailed ? (
        <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="device-switch-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('lobby.devices.errors.switch')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {phase === 'ready' ? (
        <>
          {audioTrack ? <MicLevel track={audioTrack} /> : null}
          <SimpleGrid minChildWidth="13rem" gap="4">
            {video && devices.videoinput.length ? (
              <DeviceSelect
                id={`${id}-camera`}
                label={t('lobby.devices.camera')}
                value={choice.videoDeviceId}
                options={devices.videoinput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'camera') }))}
                onPick={(v) => void pick('videoinput', v)}
                testId="select-camera"
              />
            ) : null}
            {devices.audioinput.length ? (
              <DeviceSelect
                id={`${id}-microphone`}
                label={t('lobby.devices.microphone')}
                value={choice.audioDeviceId}
                options={devices.audioinput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'microphone') }))}
                onPick={(v) => void pick('audioinput', v)}
                testId="select-microphone"
              />
            ) : null}
            {canPickSpeaker() && devices.audiooutput.length ? (
              <DeviceSelect
                id={`${id}-speaker`}
                label={t('lobby.devices.speaker')}
                value={choice.audioOutputId}
                options={devices.audiooutput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'speaker') }))}
                onPick={(v) => void pick('audiooutput', v)}
                testId="select-speaker"
              />
            ) : null}
          </SimpleGrid>
          {!canPickSpeaker() || !devices.audiooutput.length ? (
            <Text fontSize="sm" color="fg.muted" data-testid="speaker-system">
              {t('lobby.devices.speakerSystem')}
            </Text>
          ) : null}
          <HStack gap="3" flexWrap="wrap">
            <TestSound sinkId={choice.audioOutputId} />
            <Button variant="ghost" onClick={stop} data-testid="device-stop">
              {t('lobby.devices.stop')}
            </Button>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}
