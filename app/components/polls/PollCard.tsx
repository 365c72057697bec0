/** One poll as hosts and participants see it (docs/decisions/0081): its choices and vote, its results, the hosts' controls. */
import { Badge, Box, Button, HStack, Link as ChakraLink, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import { percents, type PollView } from '#app/lib/polls/model';
import type { PollCall } from './usePolls';

const STATUS_COLOR = { draft: 'gray', live: 'green', closed: 'purple' } as const;

/** Seconds left until `endsAt`, ticking while the poll is open. */
function useSecondsLeft(endsAt: string | null, live: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt || !live) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt, live]);
  if (!endsAt || !live) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export function PollResultsBars({ poll }: { poll: Pick<PollView, 'options' | 'correct' | 'results' | 'myChoices'> }) {
  const { t } = useTranslation();
  if (!poll.results) return null;
  const pct = percents(poll.results);
  return (
    <Stack gap="2" data-testid="poll-results" data-voters={poll.results.voters}>
      {poll.options.map((option, i) => {
        const right = poll.correct.includes(i);
        const mine = poll.myChoices?.includes(i) ?? false;
        return (
          <Box key={i} data-testid={`poll-result-${i}`} data-count={poll.results!.counts[i]}>
            <HStack justify="space-between" gap="2" fontSize="sm">
              <Text fontWeight={mine ? 'semibold' : 'normal'} minW="0" overflowWrap="anywhere">
                {option}
                {right ? <chakra.span color="green.fg"> ✓ {t('polls.right')}</chakra.span> : null}
                {mine ? <chakra.span color="fg.muted"> · {t('polls.yourChoice')}</chakra.span> : null}
              </Text>
              <Text color="fg.muted" flexShrink={0}>
                {poll.results!.counts[i]} · {t('polls.percent', { percent: pct[i] })}
              </Text>
            </HStack>
            <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden>
              <Box h="full" w={`${pct[i]}%`} bg={right ? 'green.solid' : 'brand.solid'} transition="width 0.3s" />
            </Box>
          </Box>
        );
      })}
      <Text fontSize="xs" color="fg.muted">
        {t('polls.voters', { count: poll.results.voters })}
      </Text>
    </Stack>
  );
}

interface Props {
  poll: PollView;
  staff: boolean;
  eventId: string;
  call: (body: Record<string, unknown>) => Promise<PollCall>;
  /** Offer Edit and Delete for a draft. */
  onEdit?: () => void;
}

export function PollCard({ poll, staff, eventId, call, onEdit }: Props) {
  // Shown only under a part that fetched the namespace (PollsPanel, PollsOnRecording): this is a no-op then.
  useNamespace('polls');
  const { t } = useTranslation();
  const id = useId();
  const live = poll.status === 'live';
  const left = useSecondsLeft(poll.endsAt, live);
  const open = live && left !== 0;
  const [picked, setPicked] = useState<number[]>(poll.myChoices ?? []);
  const [editing, setEditing] = useState(!(poll.myChoices?.length));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (poll.myChoices?.length) setPicked(poll.myChoices);
  }, [poll.myChoices]);

  const act = async (intent: string, extra: Record<string, unknown> = {}) => {
    setBusy(intent);
    setError(null);
    const answer = await call({ intent, pollId: poll.pollId, ...extra });
    setBusy(null);
    if (!answer.ok) setError(answer.message);
    return answer.ok;
  };
  const voted = (poll.myChoices?.length ?? 0) > 0;
  const canVote = !staff && open;

  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p="3" bg="bg" aria-labelledby={`${id}-q`} data-testid="poll-card" data-poll={poll.pollId} data-status={poll.status}>
      <Stack gap="3">
        <Stack gap="1">
          <HStack gap="1.5" flexWrap="wrap">
            <Badge colorPalette={STATUS_COLOR[poll.status]} size="sm">
              {t(`polls.status.${poll.status}`)}
            </Badge>
            {poll.anonymous ? <Badge size="sm">{t('polls.anonymousNote')}</Badge> : null}
            {staff && poll.correct.length > 0 ? <Badge size="sm">{t('polls.quizNote')}</Badge> : null}
            {left !== null ? (
              <Text fontSize="xs" color="fg.muted" aria-live="off" data-testid="poll-timer-left">
                {t('polls.endsIn', { time: clock(left) })}
              </Text>
            ) : null}
          </HStack>
          <Text id={`${id}-q`} fontWeight="semibold" overflowWrap="anywhere" data-testid="poll-question-text">
            {poll.question}
          </Text>
        </Stack>

        {canVote && editing ? (
          <Box
            as="form"
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              void act('vote', { choices: picked }).then((ok) => ok && setEditing(false));
            }}
          >
            <chakra.fieldset border="0" p="0" m="0">
              <chakra.legend fontSize="sm" color="fg.muted" mb="2">
                {poll.multiple ? t('polls.pickMany') : t('polls.pickOne')}
              </chakra.legend>
              <Stack gap="1.5">
                {poll.options.map((option, i) => (
                  <chakra.label key={i} display="flex" alignItems="center" gap="2" p="2" borderWidth="1px" borderRadius="md" cursor="pointer" _hover={{ bg: 'bg.muted' }} fontSize="sm">
                    <chakra.input
                      type={poll.multiple ? 'checkbox' : 'radio'}
                      name={`${id}-choice`}
                      checked={picked.includes(i)}
                      onChange={(e) => setPicked(poll.multiple ? (e.target.checked ? [...picked, i] : picked.filter((c) => c !== i)) : [i])}
                      w="4"
                      h="4"
                      flexShrink={0}
                      data-testid={`poll-choice-${i}`}
                      css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
                    />
                    <span>{option}</span>
                  </chakra.label>
                ))}
              </Stack>
            </chakra.fieldset>
            <Button type="submit" size="sm" colorPalette="brand" mt="2" disabled={picked.length === 0} loading={busy === 'vote'} data-testid="poll-vote">
              {voted ? t('polls.changeVote') : t('polls.vote')}
            </Button>
          </Box>
        ) : null}
        {canVote && !editing ? (
          <HStack gap="2" flexWrap="wrap">
            <Text fontSize="sm" color="fg.muted" role="status" data-testid="poll-voted">
              {t('polls.voted')}
            </Text>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)} data-testid="poll-change-vote">
              {t('polls.changeVote')}
            </Button>
          </HStack>
        ) : null}

        {poll.results ? <PollResultsBars poll={poll} /> : poll.status !== 'draft' && !staff ? (
          <Text fontSize="sm" color="fg.muted" data-testid="poll-results-hidden">
            {t('polls.resultsHidden')}
          </Text>
        ) : null}
        {staff && poll.shared ? (
          <Text fontSize="xs" color="fg.muted">
            {t('polls.sharedNote')}
          </Text>
        ) : null}

        {staff ? (
          <HStack gap="2" flexWrap="wrap">
            {poll.status === 'draft' ? (
              <>
                <Button size="sm" colorPalette="brand" loading={busy === 'launch'} onClick={() => void act('launch')} data-testid="poll-launch">
                  {t('polls.launch')}
                </Button>
                {onEdit ? (
                  <Button size="sm" variant="outline" onClick={onEdit} data-testid="poll-edit">
                    {t('polls.edit')}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" colorPalette="red" loading={busy === 'delete'} onClick={() => void act('delete')} data-testid="poll-delete">
                  {t('polls.delete')}
                </Button>
              </>
            ) : null}
            {live ? (
              <Button size="sm" variant="outline" loading={busy === 'close'} onClick={() => void act('close')} data-testid="poll-close">
                {t('polls.close')}
              </Button>
            ) : null}
            {poll.status !== 'draft' && poll.resultsTo === 'hosts' && !poll.shared ? (
              <Button size="sm" colorPalette="brand" variant="outline" loading={busy === 'share'} onClick={() => void act('share')} data-testid="poll-share">
                {t('polls.share')}
              </Button>
            ) : null}
            {poll.status !== 'draft' ? (
              <ChakraLink href={`/api/polls/export?event=${encodeURIComponent(eventId)}&poll=${poll.pollId}`} download fontSize="sm" color="brand.fg" data-testid="poll-export">
                {t('polls.exportCsv')}
              </ChakraLink>
            ) : null}
          </HStack>
        ) : null}
        {error ? (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="poll-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
