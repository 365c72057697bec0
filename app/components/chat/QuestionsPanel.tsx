/**
 * The questions of the event (messages sent with "Ask as a question"): every one, most upvoted
 * first (one vote per person, pressed again to take it back), with the asker's language when it
 * differs from the viewer's, an open / answered filter, and for hosts "Mark answered" / "Reopen".
 * Shown in the chat pane and in the room's Q&A tab.
 */
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#app/lib/chat/protocol';
import { isStaff } from '#app/lib/events/permissions';
import { ChatText } from './ChatText';
import { clockTime, languageName, sameLanguage } from './format';
import { UpvoteIcon } from './icons';
import { LoadingMessages } from './MessageList';
import { Avatar } from './MessageItem';
import { orderQuestions } from './questionOrder';
import { useChat } from './useChat';

type Filter = 'all' | 'open' | 'answered';

/** The upvote toggle of a question: pressed when the viewer has voted; the count beside it always. */
function VoteButton({ q }: { q: ChatMessage }) {
  const { t } = useTranslation();
  const chat = useChat();
  const voted = Boolean(chat.state.myVotes[q.msgId]);
  return (
    <Button
      size="xs"
      variant={voted ? 'solid' : 'outline'}
      colorPalette={voted ? 'brand' : 'gray'}
      flexDirection="column"
      h="auto"
      minW="10"
      py="1"
      gap="0"
      aria-pressed={voted}
      aria-label={t('chat.questions.upvote', { count: q.votes })}
      disabled={!chat.canAct || q.status === 'pending' || chat.busy('vote', q.msgId)}
      onClick={() => chat.vote(q.msgId, !voted)}
      data-testid="chat-question-vote"
    >
      <UpvoteIcon filled={voted} />
      <span data-testid="chat-question-votes">{q.votes}</span>
    </Button>
  );
}

function QuestionItem({ q }: { q: ChatMessage }) {
  const { t, i18n } = useTranslation();
  const chat = useChat();
  const staff = chat.state.me ? isStaff(chat.state.me.role) : false;
  const mine = chat.state.me?.userId === q.sender;
  const time = clockTime(q.createdAt, i18n.language);
  const lang = q.originalQuestionLangCode && !sameLanguage(q.originalQuestionLangCode, i18n.language) ? languageName(q.originalQuestionLangCode, i18n.language) : null;
  const pending = q.status === 'pending';
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="2" data-testid="chat-question" data-msg-id={q.msgId} data-answered={q.questionAnswered ? 'true' : 'false'}>
      <Flex gap="2" align="flex-start">
        <VoteButton q={q} />
        <Avatar name={q.chatDisplayName} color={q.avatarBgColor} userId={q.sender} avatarId={q.avatarId} />
        <Stack gap="1" minW="0" flex="1">
          <HStack gap="1.5" flexWrap="wrap" rowGap="0">
            <Text fontWeight="semibold" fontSize="sm">
              {mine ? t('chat.message.you') : q.chatDisplayName}
            </Text>
            <Text as="time" fontSize="xs" color="fg.muted" title={time.full}>
              {time.short}
            </Text>
            <Badge size="xs" variant="subtle" colorPalette={q.questionAnswered ? 'green' : 'blue'} data-testid="chat-question-state">
              {q.questionAnswered ? t('chat.message.answered') : t('chat.questions.stateOpen')}
            </Badge>
            {pending && (
              <Badge size="xs" colorPalette="yellow" variant="surface">
                {t('chat.message.pending')}
              </Badge>
            )}
            {lang && (
              <Badge size="xs" variant="outline" data-testid="chat-question-lang">
                {t('chat.questions.askedIn', { language: lang })}
              </Badge>
            )}
          </HStack>
          <ChatText text={q.textMessage} />
          {staff && !pending && (
            <Button
              size="xs"
              alignSelf="flex-start"
              variant={q.questionAnswered ? 'outline' : 'solid'}
              colorPalette={q.questionAnswered ? 'gray' : 'green'}
              loading={chat.busy('answer', q.msgId)}
              disabled={!chat.canAct}
              onClick={() => chat.markAnswered(q.msgId, !q.questionAnswered)}
              data-testid="chat-mark-answered"
            >
              {q.questionAnswered ? t('chat.questions.markOpen') : t('chat.questions.markAnswered')}
            </Button>
          )}
        </Stack>
      </Flex>
    </Box>
  );
}

export function QuestionsPanel({ hideTitle = false }: { hideTitle?: boolean }) {
  const { t } = useTranslation();
  const chat = useChat();
  const [filter, setFilter] = useState<Filter>('all');
  const titleId = useId();
  const { questions, loaded } = chat.state;
  const shown = orderQuestions(questions.filter((q) => filter === 'all' || (filter === 'answered') === q.questionAnswered));
  const count = (f: Filter) => questions.filter((q) => f === 'all' || (f === 'answered') === q.questionAnswered).length;

  return (
    <Stack as="section" aria-labelledby={titleId} gap="3" data-testid="chat-questions">
      <Heading as="h3" size="sm" id={titleId} srOnly={hideTitle}>
        {t('chat.questions.title')}
      </Heading>
      <HStack gap="1" role="group" aria-label={t('chat.questions.filter')} flexWrap="wrap">
        {(['all', 'open', 'answered'] as const).map((f) => (
          <Button key={f} size="xs" variant={filter === f ? 'solid' : 'outline'} colorPalette={filter === f ? 'brand' : 'gray'} aria-pressed={filter === f} onClick={() => setFilter(f)} data-testid={`chat-questions-${f}`}>
            {t(`chat.questions.${f}`)} ({count(f)})
          </Button>
        ))}
      </HStack>
      {!loaded ? (
        <LoadingMessages />
      ) : shown.length === 0 ? (
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted" data-testid="chat-questions-empty">
            {questions.length === 0 ? t('chat.questions.empty') : t('chat.questions.emptyFilter')}
          </Text>
          {questions.length === 0 && chat.state.me?.role === 'participant' && (
            <Text fontSize="sm" color="fg.muted">
              {t('chat.questions.howTo')}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-live="polite" aria-label={t('chat.questions.byVotes')} data-testid="chat-questions-list">
          {shown.map((q) => (
            <QuestionItem key={q.msgId} q={q} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
