/**
 * The room's recording indicator, for everyone in the room: a red dot and "Recording" while the
 * room is (about to be) recorded. A polite live region, so screen readers announce it when it
 * appears; the dot is decoration.
 */
import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isActive } from '#app/lib/recording/model';
import { shownStatus, useRecording } from './RecordingProvider';

export function RecordingIndicator() {
  const { t } = useTranslation();
  const status = shownStatus(useRecording());
  const on = status !== null && isActive(status);
  const label = status === 'starting' ? t('recording.indicator.starting') : status === 'stopping' ? t('recording.indicator.stopping') : t('recording.indicator.recording');
  return (
    <Box role="status" aria-live="polite" data-testid="recording-indicator" data-status={on ? status : 'off'} flexShrink={0}>
      {on && (
        <HStack gap="1.5" bg="red.solid" color="red.contrast" px="2" py="0.5" borderRadius="full" title={t('recording.indicator.announce')}>
          <Box
            as="span"
            aria-hidden="true"
            w="2"
            h="2"
            borderRadius="full"
            bg="currentColor"
            css={{ '@media (prefers-reduced-motion: no-preference)': { animation: 'pulse 1.5s ease-in-out infinite' } }}
          />
          <Text as="span" fontSize="xs" fontWeight="semibold" data-testid="recording-indicator-text">
            {label}
          </Text>
          <Text as="span" srOnly>
            {t('recording.indicator.announce')}
          </Text>
        </HStack>
      )}
    </Box>
  );
}
