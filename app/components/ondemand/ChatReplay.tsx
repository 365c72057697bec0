/** The event's chat as it was at the recording's current position: messages appear as playback reaches them and go again on a seek back. */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';
import { shownCount, type ReplayMessage } from '#app/lib/ondemand/replay';

export function ChatReplay({ messages, seconds }: { messages: ReplayMessage[]; seconds: number }) {
  const { t } = useTranslation();
  const shown = messages.slice(0, shownCount(messages, seconds));
  const end = useRef<HTMLDivElement>(null);
  const count = shown.length;

  // Keep the newest message in view as the replay moves on (inside the panel only).
  useEffect(() => {
    const panel = end.current?.parentElement;
    if (panel) panel.scrollTop = panel.scrollHeight;
  }, [count]);

  if (!messages.length) return <Text color="fg.muted">{t('ondemand.eventVod.chatNone')}</Text>;
  return (
    <Box role="log" aria-label={t('ondemand.eventVod.chat')} maxH={{ base: '60', lg: '96' }} overflowY="auto" tabIndex={0} borderWidth="1px" borderColor="border" borderRadius="l2" p="3" data-testid="replay-log">
      {count === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('ondemand.eventVod.chatWaiting')}
        </Text>
      ) : null}
      <Stack as="ol" listStyleType="none" gap="3">
        {shown.map((m) => (
          <HStack as="li" key={m.id} align="start" gap="2" data-testid="replay-message">
            <Box flexShrink={0} w="8" h="8" borderRadius="full" bg={m.avatarColor} color="white" display="flex" alignItems="center" justifyContent="center" fontSize="sm" fontWeight="bold" aria-hidden="true">
              {m.name.charAt(0).toLocaleUpperCase()}
            </Box>
            <Stack gap="0" minW="0">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="semibold" fontSize="sm">
                  {m.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatDuration(m.at)}
                </Text>
                {m.question ? <Badge colorPalette="brand">{t('ondemand.eventVod.question')}</Badge> : null}
              </HStack>
              {m.text ? <Text whiteSpace="pre-wrap" overflowWrap="anywhere">{m.text}</Text> : null}
              {m.files ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('ondemand.eventVod.files', { count: m.files })}
                </Text>
              ) : null}
            </Stack>
          </HStack>
        ))}
      </Stack>
      <div ref={end} />
    </Box>
  );
}
