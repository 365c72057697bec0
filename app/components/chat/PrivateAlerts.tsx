/**
 * Private messages announce themselves wherever the reader is in the room (another tab, the public
 * chat, the Q&A): a toast per conversation with unread messages, in a polite live region, with
 * "Open" (the conversation) and a labelled close button. A toast goes when its conversation is
 * read, when it is dismissed, or after TOAST_MS. A message read at once (its conversation is open
 * on screen) raises no toast: the check waits SETTLE_MS for the read to register first.
 */
import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarColorFor, type ChatMember, type ChatMessage } from '#app/lib/chat/protocol';
import { unreadCounts, type ChatState } from '#app/lib/chat/state';
import { LockIcon } from './icons';
import { useChat } from './useChat';

const SETTLE_MS = 250;
const TOAST_MS = 15_000;
const PREVIEW_MAX = 80;

interface Toast {
  /** The other party of the conversation. */
  member: ChatMember;
  msgId: string;
  preview: string;
  /** When it was shown (ms): it goes TOAST_MS later. */
  at: number;
}

/** The newest unread message of each conversation, from the other party. */
export function latestUnread(state: ChatState): ChatMessage[] {
  const me = state.me?.userId ?? '';
  const out: ChatMessage[] = [];
  for (const [other, list] of Object.entries(state.privates)) {
    const read = state.privateRead[other] ?? '';
    const last = [...list].reverse().find((m) => m.sender !== me && !m.deleted);
    if (last && last.msgId > read) out.push(last);
  }
  return out;
}

/** The msgId of the newest private message from someone else ('' when there is none). */
function latestIncoming(state: ChatState): string {
  const me = state.me?.userId ?? '';
  let newest = '';
  for (const list of Object.values(state.privates)) for (const m of list) if (m.sender !== me && m.msgId > newest) newest = m.msgId;
  return newest;
}

/** Total unread private messages: the badge on the tab that holds the chat. */
export function useUnreadPrivate(): number {
  const { state } = useChat();
  return useMemo(() => Object.values(unreadCounts(state)).reduce((a, b) => a + b, 0), [state]);
}

export function PrivateAlerts({ onOpen }: { onOpen: (member: ChatMember) => void }) {
  const { t } = useTranslation();
  const { state } = useChat();
  const stateRef = useRef(state);
  stateRef.current = state;
  const announced = useRef(new Set<string>());
  const [toasts, setToasts] = useState<Toast[]>([]);
  /** The newest incoming private message whose toast was decided (tests wait on it). */
  const [settled, setSettled] = useState('');
  const incoming = latestIncoming(state);

  useEffect(() => {
    if (!incoming) return;
    const timer = window.setTimeout(() => {
      const still = latestUnread(stateRef.current).filter((m) => !announced.current.has(m.msgId));
      setSettled(incoming);
      if (!still.length) return;
      setToasts((list) => {
        let next = list;
        for (const m of still) {
          announced.current.add(m.msgId);
          const member: ChatMember = { userId: m.sender, displayName: m.chatDisplayName, role: m.senderRole, avatarBgColor: m.avatarBgColor || avatarColorFor(m.sender) };
          const text = m.textMessage ? [...m.textMessage].slice(0, PREVIEW_MAX).join('') : t('chat.alerts.attachment');
          next = [...next.filter((x) => x.member.userId !== m.sender), { member, msgId: m.msgId, preview: text, at: Date.now() }];
        }
        return next;
      });
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [incoming, t]);

  // A conversation read elsewhere (opened from its tab) takes its toast away.
  const unread = unreadCounts(state);
  const shown = toasts.filter((x) => (unread[x.member.userId] ?? 0) > 0);

  // Each toast leaves TOAST_MS after it came: one timer, for the oldest.
  const oldest = toasts.length ? Math.min(...toasts.map((x) => x.at)) : null;
  useEffect(() => {
    if (oldest === null) return;
    const timer = window.setTimeout(() => setToasts((list) => list.filter((x) => Date.now() - x.at < TOAST_MS)), Math.max(0, oldest + TOAST_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [oldest]);

  const dismiss = (userId: string) => setToasts((list) => list.filter((x) => x.member.userId !== userId));

  return (
    <Box
      position="fixed"
      // Over the stage's top (left from lg), never over the chat's tabs or composer.
      top={{ base: '14', md: '16', lg: '20' }}
      insetStart={{ base: '2', lg: '8' }}
      insetEnd={{ base: '2', sm: 'auto' }}
      zIndex="toast"
      w={{ sm: '22rem' }}
      pointerEvents="none"
      role="region"
      aria-label={t('chat.alerts.region')}
    >
      <Stack gap="2" aria-live="polite" aria-relevant="additions" data-testid="private-alerts" data-settled={settled}>
        {shown.map((x) => (
          <Box
            key={x.member.userId}
            pointerEvents="auto"
            bg="bg.panel"
            borderWidth="1px"
            borderColor="orange.emphasized"
            borderRadius="l3"
            boxShadow="lg"
            p="3"
            data-testid="private-toast"
            data-from={x.member.userId}
          >
            <HStack align="flex-start" gap="2">
              <Box color="orange.fg" pt="0.5" aria-hidden>
                <LockIcon />
              </Box>
              <Stack gap="1" flex="1" minW="0">
                <Text fontWeight="semibold" fontSize="sm">
                  {t('chat.alerts.privateFrom', { name: x.member.displayName })}
                </Text>
                <Text fontSize="sm" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
                  {x.preview}
                </Text>
                <Button
                  size="xs"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  onClick={() => {
                    dismiss(x.member.userId);
                    onOpen(x.member);
                  }}
                  data-testid="private-toast-open"
                >
                  {t('chat.alerts.open')}
                </Button>
              </Stack>
              <CloseButton size="2xs" aria-label={t('chat.alerts.dismiss')} onClick={() => dismiss(x.member.userId)} data-testid="private-toast-close" />
            </HStack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
