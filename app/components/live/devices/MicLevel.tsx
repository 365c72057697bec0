import { Box, Stack, Text } from '@chakra-ui/react';
import { useTrackVolume } from '@livekit/components-react/hooks';
import type { LocalAudioTrack } from 'livekit-client';
import { useTranslation } from 'react-i18next';

/** The microphone's loudness as a bar (useTrackVolume reads it through Web Audio). */
export function MicLevel({ track }: { track: LocalAudioTrack }) {
  const { t } = useTranslation();
  const volume = useTrackVolume(track);
  const percent = Math.round(Math.min(1, volume * 2.5) * 100);
  return (
    <Stack gap="1.5">
      <Text fontWeight="semibold" fontSize="sm" id="mic-level-label">
        {t('lobby.devices.level')}
      </Text>
      <Box
        role="meter"
        aria-labelledby="mic-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="mic-level"
        h="3"
        borderRadius="full"
        bg="bg.muted"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.08s linear" />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('lobby.devices.levelHint')}
      </Text>
    </Stack>
  );
}
