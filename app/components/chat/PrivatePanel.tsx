/**
 * Private messages between a participant and the organizer or a host: a participant picks one of
 * the staff and writes; hosts see one conversation per participant who wrote (or whom they
 * answered from the chat with "Reply privately"). Unread counts per conversation; every message
 * is marked "Private". Only the two people of a conversation receive it (the server sees to that).
 */
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '#app/lib/chat/protocol';
import { avatarColorFor } from '#app/lib/chat/protocol';
import { unreadCounts } from '#app/lib/chat/state';
import { isStaff } from '#app/lib/events/permissions';
import { Composer } from './Composer';
import { LockIcon } from './icons';
import { Avatar } from './MessageItem';
import { LoadingMessages, MessageList, type LogEntry } from './MessageList';
import { useChat } from './useChat';

function nameFrom(list: ChatMessage[] | undefined, other: string): string | null {
  for (const m of list ?? []) {
    if (m.sender === other) return m.chatDisplayName;
    if (m.recipient === other && m.recipientDisplayName) return m.recipientDisplayName;
  }
  return null;
}

export interface PrivatePanelProps {
  /** The open conversation (the other person's user id), or null for the list. */
  target: ChatMember | null;
  onTarget: (member: ChatMember | null) => void;
  /** The panel is on screen: opening a conversation marks it read. */
  active: boolean;
  /** Each new value focuses the conversation's composer (opened from a private-message alert). */
  focusKey?: number;
}

export function PrivatePanel({ target, onTarget, active, focusKey = 0 }: PrivatePanelProps) {
  const { t } = useTranslation();
  const chat = useChat();
  const { me, privates, staff, outgoing, loaded } = chat.state;
  const amStaff = me ? isStaff(me.role) : false;
  const unread = unreadCounts(chat.state);
  const openList = target ? privates[target.userId] : undefined;

  useEffect(() => {
    if (active && target && openList?.length) chat.readPrivate(target.userId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, target?.userId, openList?.length]);

  const people = useMemo<ChatMember[]>(() => {
    const out = new Map<string, ChatMember>();
    if (!amStaff) for (const s of staff) if (s.userId !== me?.userId) out.set(s.userId, s);
    for (const [other, list] of Object.entries(privates)) {
      if (out.has(other)) continue;
      const first = list.find((m) => m.sender === other);
      out.set(other, {
        userId: other,
        displayName: nameFrom(list, other) ?? t('chat.private.someone'),
        role: first?.senderRole ?? (amStaff ? 'participant' : 'host'),
        avatarBgColor: first?.avatarBgColor ?? avatarColorFor(other),
        ...(first?.avatarId ? { avatarId: first.avatarId } : {}),
      });
    }
    return [...out.values()];
  }, [amStaff, staff, privates, me?.userId, t]);

  if (!loaded) return <LoadingMessages />;

  if (target) {
    const entries: LogEntry[] = [
      ...(privates[target.userId] ?? []).map((message) => ({ kind: 'message' as const, message })),
      ...outgoing.filter((o) => o.frame.recipient === target.userId && !chat.state.seen[o.msgId ?? '']).map((item) => ({ kind: 'outgoing' as const, item })),
    ];
    return (
      <Stack gap="2" flex="1" minH="0" data-testid="chat-private-conversation" data-with={target.userId}>
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <Heading as="h3" size="sm" display="flex" alignItems="center" gap="1.5">
            <LockIcon size={14} />
            {t('chat.private.with', { name: target.displayName })}
          </Heading>
          <Button size="xs" variant="ghost" onClick={() => onTarget(null)} data-testid="chat-private-back">
            {t('chat.private.back')}
          </Button>
        </HStack>
        <MessageList
          entries={entries}
          context="private"
          loading={false}
          me={me?.userId}
          label={t('chat.private.with', { name: target.displayName })}
          empty={t('chat.private.empty')}
          fill
          testId="chat-private-log"
        />
        {chat.state.fatal ? null : <Composer recipient={target} testId="chat-private-composer" focusKey={focusKey} />}
      </Stack>
    );
  }

  return (
    <Stack gap="3" flex="1" minH="0" overflowY="auto" data-testid="chat-private">
      <Text fontSize="sm" color="fg.muted">
        {amStaff ? t('chat.private.hostIntro') : t('chat.private.intro')}
      </Text>
      {people.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="chat-private-empty">
          {amStaff ? t('chat.private.noConversations') : t('chat.private.noStaff')}
        </Text>
      ) : (
        <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" aria-label={amStaff ? t('chat.private.title') : t('chat.private.pick')}>
          {people.map((p) => (
            <Box as="li" key={p.userId}>
              <Button variant="outline" w="full" justifyContent="flex-start" h="auto" py="2" px="2" gap="2" onClick={() => onTarget(p)} data-testid="chat-private-person" data-user={p.userId}>
                <Avatar name={p.displayName} color={p.avatarBgColor} userId={p.userId} avatarId={p.avatarId} />
                <Text truncate flex="1" textAlign="start">
                  {p.displayName}
                </Text>
                {isStaff(p.role) && (
                  <Badge size="xs" variant="subtle">
                    {t(`live.roles.${p.role}`)}
                  </Badge>
                )}
                {(unread[p.userId] ?? 0) > 0 && (
                  <Badge size="xs" colorPalette="red" variant="solid" data-testid="chat-private-unread">
                    {t('chat.private.unread', { count: unread[p.userId] })}
                  </Badge>
                )}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
