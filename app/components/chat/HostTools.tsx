/**
 * For the organizer and hosts: the approval queue (messages that wait, with approve / delete) and
 * the people blocked from the chat (with unblock).
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Avatar, MessageItem } from './MessageItem';
import { LoadingMessages } from './MessageList';
import { useChat } from './useChat';

export function ModerationQueue() {
  const { t } = useTranslation();
  const chat = useChat();
  const { pending, moderateChat, loaded } = chat.state;
  if (!loaded) return <LoadingMessages />;
  return (
    <Stack gap="2" data-testid="chat-queue">
      {!moderateChat && (
        <Text fontSize="sm" color="fg.muted">
          {t('chat.queue.off')}
        </Text>
      )}
      {pending.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="chat-queue-empty">
          {t('chat.queue.empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={t('chat.queue.title')} maxH={{ base: '26rem', md: '30rem' }} overflowY="auto">
          {pending.map((m) => (
            <Box as="li" key={m.msgId} borderWidth="1px" borderRadius="l2" px="1">
              <MessageItem message={m} context="queue" />
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function BlockedList() {
  const { t } = useTranslation();
  const chat = useChat();
  const { blocked, loaded } = chat.state;
  if (!loaded) return <LoadingMessages />;
  if (blocked.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="chat-blocked-empty">
        {t('chat.blocked.empty')}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" aria-label={t('chat.blocked.title')} data-testid="chat-blocked">
      {blocked.map((b) => (
        <HStack as="li" key={b.userId} justify="space-between" gap="2" borderWidth="1px" borderRadius="l2" p="2" data-testid="chat-blocked-person" data-user={b.userId}>
          <HStack gap="2" minW="0">
            <Avatar name={b.displayName} color={b.avatarBgColor} userId={b.userId} avatarId={b.avatarId} />
            <Text truncate>{b.displayName}</Text>
          </HStack>
          <Button size="xs" variant="outline" loading={chat.busy('unblock', b.userId)} disabled={!chat.canAct} onClick={() => chat.unblock(b.userId)} data-testid="chat-unblock">
            {t('chat.blocked.unblock')}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
