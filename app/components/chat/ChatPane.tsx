/**
 * The chat pane of a live room: the event's public messages with the composer, and beside them
 * (as tabs) the questions, private messages and, for the organizer and hosts, the approval queue
 * and the blocked list. It uses the room's ChatProvider (one socket per page) or opens its own.
 * Connection states are said plainly: connecting, reconnecting (sending waits, text kept), and the
 * final ones (blocked, event over, signed out, unknown event) without a composer.
 * The pane fills the height it is given: the message list takes what is left and the composer
 * stays pinned at its foot, so writing never needs the page to scroll.
 */
import { DonationLines } from '#app/components/donations/DonationAlerts';
import { Alert, Badge, Button, CloseButton, Flex, Heading, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMember, ChatMessage } from '#app/lib/chat/protocol';
import { unreadCounts } from '#app/lib/chat/state';
import { isStaff, type EventRole } from '#app/lib/events/permissions';
import { Composer } from './Composer';
import { problemText } from './format';
import { BlockedList, ModerationQueue } from './HostTools';
import { MessageList, type LogEntry } from './MessageList';
import { PrivatePanel } from './PrivatePanel';
import { QuestionsPanel } from './QuestionsPanel';
import { ChatProvider, useChat, useOptionalChat } from './useChat';

export interface ChatPaneProps {
  eventId: string;
  role: EventRole;
  /** Messages wait for a host's approval before everyone sees them. */
  moderateChat: boolean;
  /** Hide the pane's own heading (inside a tab that already names it). */
  hideTitle?: boolean;
  /** The questions have a place of their own on the page (the room's Q&A tab): no Q&A tab here. */
  questionsElsewhere?: boolean;
  /** Open this private conversation (a private-message alert's "Open"); a new key opens it again. */
  privateRequest?: PrivateRequest | null;
}

export interface PrivateRequest {
  member: ChatMember;
  key: number;
}

/** Tab panels that fill the pane: a flex column when shown (Ark hides the others with `hidden`). */
const FILL_PANEL = { flex: '1', minH: '0', css: { '&:not([hidden])': { display: 'flex', flexDirection: 'column' } } } as const;

type View = 'messages' | 'questions' | 'private' | 'moderation';

function FatalState() {
  const { t } = useTranslation();
  const location = useLocation();
  const { fatal } = useChat().state;
  if (!fatal) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <Alert.Root status={fatal === 'blocked' ? 'error' : 'info'} data-testid="chat-fatal" data-reason={fatal}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <Stack gap="2">
            <Text>{t(`chat.fatal.${fatal}`)}</Text>
            {fatal === 'unauthenticated' && (
              <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
                <Link to={`/signIn?redirectTo=${encodeURIComponent(back)}`}>{t('chat.fatal.signIn')}</Link>
              </Button>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ConnectionLine() {
  const { t } = useTranslation();
  const { status } = useChat().state;
  if (status !== 'connecting' && status !== 'reconnecting') return null;
  return (
    <HStack gap="2" fontSize="sm" color={status === 'reconnecting' ? 'fg.warning' : 'fg.muted'} role="status" data-testid="chat-connection" data-status={status}>
      <Spinner size="xs" />
      <Text>{t(`chat.status.${status}`)}</Text>
    </HStack>
  );
}

function NoticeLine() {
  const { t } = useTranslation();
  const chat = useChat();
  const notice = chat.state.notice;
  if (!notice) return null;
  return (
    <Alert.Root status="warning" size="sm" data-testid="chat-notice" data-code={notice.code}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{problemText(t, notice)}</Alert.Description>
      </Alert.Content>
      <CloseButton size="2xs" aria-label={t('chat.errors.dismiss')} onClick={chat.dismissNotice} />
    </Alert.Root>
  );
}

function CountBadge({ count, palette = 'gray', testId }: { count: number; palette?: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" variant="solid" colorPalette={palette} borderRadius="full" data-testid={testId}>
      {count}
    </Badge>
  );
}

function PaneBody({ questionsElsewhere, privateRequest }: { questionsElsewhere: boolean; privateRequest: PrivateRequest | null }) {
  const { t } = useTranslation();
  const chat = useChat();
  const { state } = chat;
  const me = state.me?.userId ?? '';
  const staff = state.me ? isStaff(state.me.role) : isStaff(chat.role);
  const [view, setView] = useState<View>('messages');
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [target, setTarget] = useState<ChatMember | null>(null);

  const entries = useMemo<LogEntry[]>(() => {
    const own = staff ? [] : state.pending.filter((m) => m.sender === me);
    const list = [...state.messages, ...own].sort((a, b) => (a.msgId < b.msgId ? -1 : 1)).map((message) => ({ kind: 'message' as const, message }));
    const out = state.outgoing.filter((o) => !o.frame.recipient && !(o.msgId && state.seen[o.msgId])).map((item) => ({ kind: 'outgoing' as const, item }));
    return [...list, ...out];
  }, [state.messages, state.pending, state.outgoing, state.seen, staff, me]);

  const unread = Object.values(unreadCounts(state)).reduce((a, b) => a + b, 0);
  const openQuestions = state.questions.filter((q) => !q.questionAnswered).length;

  const replyPrivately = (member: ChatMember) => {
    setTarget(member);
    setView('private');
  };
  // A private-message alert's "Open": show that conversation.
  useEffect(() => {
    if (!privateRequest) return;
    setTarget(privateRequest.member);
    setView('private');
  }, [privateRequest]);

  return (
    <Tabs.Root value={view} onValueChange={(d) => setView(d.value as View)} size="sm" variant="line" colorPalette="brand" lazyMount={false} display="flex" flexDirection="column" flex="1" minH="0">
      <Tabs.List aria-label={t('chat.views.label')} flexWrap="wrap" flexShrink={0} css={{ '& [role=tab]': { whiteSpace: 'nowrap', paddingInline: 'var(--chakra-spacing-2)', gap: 'var(--chakra-spacing-1)' } }}>
        <Tabs.Trigger value="messages" data-testid="chat-view-messages">
          {t('chat.views.messages')}
        </Tabs.Trigger>
        {!questionsElsewhere && (
          <Tabs.Trigger value="questions" data-testid="chat-view-questions">
            {t('chat.views.questions')}
            <CountBadge count={openQuestions} palette="blue" />
          </Tabs.Trigger>
        )}
        <Tabs.Trigger value="private" data-testid="chat-view-private">
          {t('chat.views.private')}
          <CountBadge count={unread} palette="red" testId="chat-unread-total" />
        </Tabs.Trigger>
        {staff && (
          <Tabs.Trigger value="moderation" data-testid="chat-view-moderation">
            {t('chat.views.moderation')}
            <CountBadge count={state.pending.length} palette="orange" testId="chat-queue-count" />
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="messages" pt="2" pb="0" {...FILL_PANEL}>
        <Stack gap="2" flex="1" minH="0">
          <MessageList
            entries={entries}
            context="public"
            loading={!state.loaded}
            me={me}
            label={t('chat.log.label')}
            empty={t('chat.log.empty')}
            hasMore={state.hasMore}
            loadingEarlier={Boolean(state.loadingEarlier)}
            onLoadEarlier={() => chat.loadEarlier()}
            onReply={setReplyTo}
            onReplyPrivately={staff ? replyPrivately : undefined}
            fill
          />
          <Composer allowQuestion replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
        </Stack>
      </Tabs.Content>
      {!questionsElsewhere && (
        <Tabs.Content value="questions" pt="2" flex="1" minH="0" overflowY="auto">
          <QuestionsPanel hideTitle />
        </Tabs.Content>
      )}
      <Tabs.Content value="private" pt="2" pb="0" {...FILL_PANEL}>
        <PrivatePanel target={target} onTarget={setTarget} active={view === 'private'} focusKey={privateRequest?.key} />
      </Tabs.Content>
      {staff && (
        <Tabs.Content value="moderation" pt="2" flex="1" minH="0" overflowY="auto">
          <Stack gap="5">
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {t('chat.queue.title')}
              </Heading>
              <ModerationQueue />
            </Stack>
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {t('chat.blocked.title')}
              </Heading>
              <BlockedList />
            </Stack>
          </Stack>
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}

function Pane({ eventId, role, moderateChat, hideTitle = false, questionsElsewhere = false, privateRequest = null }: ChatPaneProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const chat = useChat();
  const moderated = chat.state.loaded ? chat.state.moderateChat : moderateChat;
  return (
    <Flex
      as="section"
      aria-labelledby={titleId}
      direction="column"
      flex="1"
      minH="0"
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '2', md: '3' }}
      data-testid="chat-pane"
      data-event={eventId}
      data-role={role}
      data-status={chat.state.status}
    >
      <Stack gap="2" flex="1" minH="0">
        <Heading as="h2" size="md" id={titleId} srOnly={hideTitle}>
          {t('chat.title')}
        </Heading>
        {moderated && chat.state.status !== 'fatal' && (
          <Text fontSize="xs" color="fg.muted" data-testid="chat-moderated">
            {t('chat.moderated')}
          </Text>
        )}
        <ConnectionLine />
        <NoticeLine />
        <DonationLines />
        {chat.state.status === 'fatal' ? <FatalState /> : <PaneBody questionsElsewhere={questionsElsewhere} privateRequest={privateRequest} />}
      </Stack>
    </Flex>
  );
}

export function ChatPane(props: ChatPaneProps) {
  const shared = useOptionalChat();
  if (shared && shared.eventId === props.eventId) return <Pane {...props} />;
  return (
    <ChatProvider eventId={props.eventId} role={props.role}>
      <Pane {...props} />
    </ChatProvider>
  );
}
