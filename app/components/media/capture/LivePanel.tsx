/**
 * While devices are on: the live preview, the microphone's level, the timer and the recorder's
 * buttons (start, pause / resume, stop, turn off).
 */
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimer } from '#app/lib/media/capture';
import type { RecorderState } from './useTakeRecorder';

export function LivePreview({ stream }: { stream: MediaStream }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!video.current) return;
    video.current.srcObject = stream;
    void video.current.play().catch(() => undefined);
  }, [stream]);
  return (
    <chakra.video ref={video} muted playsInline autoPlay aria-label={t('capture.preview.live')} width="full" maxH="60vh" bg="black" borderRadius="l2" data-testid="capture-preview" />
  );
}

export function LevelMeter({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text id="capture-level-label" fontSize="sm" fontWeight="medium">
        {t('capture.level')}
      </Text>
      <Box role="meter" aria-labelledby="capture-level-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} data-testid="capture-level" height="3" bg="bg.muted" borderRadius="full" overflow="hidden">
        <Box height="full" width={`${level}%`} bg={level > 85 ? 'red.solid' : 'green.solid'} transition="width 0.1s linear" />
      </Box>
    </Stack>
  );
}

export function RecorderTimer({ state, elapsedMs }: { state: RecorderState; elapsedMs: number }) {
  const { t } = useTranslation();
  const label = state === 'recording' ? t('capture.state.recording') : state === 'paused' ? t('capture.state.paused') : t('capture.state.ready');
  return (
    <HStack gap="3" wrap="wrap" data-testid="capture-status" data-state={state}>
      {state === 'recording' ? <Box width="3" height="3" borderRadius="full" bg="red.solid" aria-hidden="true" /> : null}
      <Text fontWeight="semibold">{label}</Text>
      {state !== 'idle' ? (
        <Text fontFamily="mono" fontSize="xl" aria-label={t('capture.timer')} data-testid="capture-timer" data-seconds={Math.floor(elapsedMs / 1000)}>
          {formatTimer(elapsedMs)}
        </Text>
      ) : null}
    </HStack>
  );
}

export function RecorderButtons(props: { state: RecorderState; onStart: () => void; onPause: () => void; onResume: () => void; onStop: () => void; onTurnOff: () => void }) {
  const { t } = useTranslation();
  const { state } = props;
  return (
    <HStack gap="3" wrap="wrap">
      {state === 'idle' ? (
        <Button colorPalette="red" onClick={props.onStart} data-testid="capture-start">
          {t('capture.actions.start')}
        </Button>
      ) : null}
      {state === 'recording' ? (
        <Button variant="outline" onClick={props.onPause} data-testid="capture-pause">
          {t('capture.actions.pause')}
        </Button>
      ) : null}
      {state === 'paused' ? (
        <Button variant="outline" onClick={props.onResume} data-testid="capture-resume">
          {t('capture.actions.resume')}
        </Button>
      ) : null}
      {state === 'recording' || state === 'paused' ? (
        <Button colorPalette="brand" onClick={props.onStop} data-testid="capture-stop">
          {t('capture.actions.stop')}
        </Button>
      ) : null}
      {state === 'idle' ? (
        <Button variant="ghost" onClick={props.onTurnOff} data-testid="capture-off">
          {t('capture.actions.turnOff')}
        </Button>
      ) : null}
    </HStack>
  );
}
