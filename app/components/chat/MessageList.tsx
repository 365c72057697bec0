/**
 * A scrolling list of chat messages (role="log": screen readers hear new messages politely).
 * It stays at the newest message while the reader is there; a reader scrolled up keeps their place
 * and gets "Jump to latest" with the number of new messages. "Earlier messages" loads the page
 * before the first one without moving what is on screen.
 */
import { Box, Button, Center, Flex, Skeleton, SkeletonCircle, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '#app/lib/chat/protocol';
import type { Outgoing } from '#app/lib/chat/state';
import { ArrowDownIcon } from './icons';
import { MessageItem, OutgoingItem } from './MessageItem';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
/** Within this many pixels of the end counts as "at the newest message". */
const NEAR_END_PX = 48;

export type LogEntry = { kind: 'message'; message: ChatMessage } | { kind: 'outgoing'; item: Outgoing };
const keyOf = (e: LogEntry) => (e.kind === 'message' ? e.message.msgId : `out-${e.item.clientId}`);

export function LoadingMessages() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" p="2" role="status" aria-label={t('chat.log.loading')} data-testid="chat-loading">
      {[0, 1, 2].map((i) => (
        <Flex key={i} gap="2" align="flex-start">
          <SkeletonCircle size="8" />
          <Stack gap="2" flex="1">
            <Skeleton h="3" w="30%" />
            <Skeleton h="3" w={i === 1 ? '60%' : '85%'} />
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
}

export interface MessageListProps {
  entries: LogEntry[];
  context: 'public' | 'private';
  loading: boolean;
  empty: ReactNode;
  label: string;
  hasMore?: boolean;
  loadingEarlier?: boolean;
  onLoadEarlier?: () => void;
  onReply?: (message: ChatMessage) => void;
  onReplyPrivately?: (member: ChatMember) => void;
  height?: Record<string, string> | string;
  /** Take the height the parent leaves (a flex column) instead of a fixed one. */
  fill?: boolean;
  /** The viewer's user id: their own new message always scrolls into view. */
  me?: string;
  testId?: string;
}

export function MessageList({ entries, context, loading, empty, label, hasMore, loadingEarlier, onLoadEarlier, onReply, onReplyPrivately, height, fill = false, me, testId = 'chat-log' }: MessageListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const prev = useRef<{ first: string | null; last: string | null; height: number; count: number }>({ first: null, last: null, height: 0, count: 0 });

  const toEnd = useCallback((smooth = false) => {
    const el = ref.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atEnd.current = true;
    setShowJump(false);
    setUnseen(0);
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_END_PX;
    atEnd.current = near;
    setShowJump(!near);
    if (near) setUnseen(0);
  }, []);

  const first = entries[0] ? keyOf(entries[0]) : null;
  const lastEntry = entries[entries.length - 1];
  const last = lastEntry ? keyOf(lastEntry) : null;

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = prev.current;
    if (before.first !== null && first !== before.first && last === before.last) {
      // Older messages were put on top: keep the same messages on screen.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (last !== before.last) {
      const mine = lastEntry?.kind === 'outgoing' || (lastEntry?.kind === 'message' && lastEntry.message.sender === me);
      if (atEnd.current || before.last === null || mine) toEnd();
      else setUnseen((n) => n + Math.max(1, entries.length - before.count));
    }
    prev.current = { first, last, height: el.scrollHeight, count: entries.length };
  });

  return (
    <Box position="relative" flex={fill ? '1' : undefined} minH={fill ? '6rem' : undefined} data-testid={`${testId}-frame`}>
      <Box
        ref={ref}
        onScroll={onScroll}
        overflowY="auto"
        h={fill ? 'full' : (height ?? { base: '22rem', md: '26rem' })}
        px="1"
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={label}
        aria-busy={loading}
        borderRadius="l2"
        focusRing="outside"
        data-testid={testId}
      >
        {loading ? (
          <LoadingMessages />
        ) : entries.length === 0 ? (
          <Center h="full" p="4" textAlign="center" color="fg.muted" data-testid={`${testId}-empty`}>
            {empty}
          </Center>
        ) : (
          <Stack gap="0" pb="1">
            {onLoadEarlier && hasMore ? (
              <Center py="2">
                <Button size="xs" variant="outline" onClick={onLoadEarlier} loading={loadingEarlier} loadingText={t('chat.log.loadingEarlier')} data-testid="chat-earlier">
                  {t('chat.log.earlier')}
                </Button>
              </Center>
            ) : onLoadEarlier ? (
              <Text textAlign="center" fontSize="xs" color="fg.muted" py="2" data-testid="chat-start">
                {t('chat.log.start')}
              </Text>
            ) : null}
            {entries.map((e) =>
              e.kind === 'message' ? (
                <MessageItem key={e.message.msgId} message={e.message} context={context} onReply={onReply} onReplyPrivately={onReplyPrivately} />
              ) : (
                <OutgoingItem key={`out-${e.item.clientId}`} item={e.item} />
              ),
            )}
          </Stack>
        )}
      </Box>
      {showJump && !loading && entries.length > 0 && (
        <Button
          position="absolute"
          bottom="2"
          left="50%"
          transform="translateX(-50%)"
          size="xs"
          colorPalette="brand"
          boxShadow="md"
          onClick={() => toEnd(true)}
          data-testid="chat-jump"
        >
          <ArrowDownIcon />
          {unseen > 0 ? t('chat.log.jump', { count: unseen }) : t('chat.log.jumpNone')}
        </Button>
      )}
      {loadingEarlier && (
        <Spinner size="xs" position="absolute" top="2" right="2" aria-hidden />
      )}
    </Box>
  );
}
