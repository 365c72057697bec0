/**
 * An event's polls on its recording (/eventVod; docs/decisions/0081): each at the second it was
 * launched; its results show once the player reaches that moment, and its time seeks the player.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '#app/lib/i18n/routeNamespaces';
import type { PollReplay } from '#app/lib/polls/model';
import { PollResultsBars } from './PollCard';

const clock = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(Math.floor(s % 60)).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

export function PollsOnRecording({ polls, seconds, onSeek }: { polls: PollReplay[]; seconds: number; onSeek: (s: number) => void }) {
  const ready = useNamespace('polls');
  if (!ready || polls.length === 0) return null;
  return <List polls={polls} seconds={seconds} onSeek={onSeek} />;
}

function List({ polls, seconds, onSeek }: { polls: PollReplay[]; seconds: number; onSeek: (s: number) => void }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="vod-polls-heading" data-testid="vod-polls">
      <Heading as="h2" id="vod-polls-heading" size="lg" mb="3">
        {t('polls.onRecording')}
      </Heading>
      <Stack gap="3">
        {polls.map((poll) => {
          const reached = seconds + 0.5 >= poll.at;
          return (
            <Box key={poll.pollId} borderWidth="1px" borderRadius="md" p="3" data-testid="vod-poll" data-at={poll.at} data-reached={reached}>
              <Stack gap="2">
                <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onSeek(poll.at)} aria-label={t('polls.seek', { time: clock(poll.at) })} data-testid="vod-poll-seek">
                  {t('polls.launchedAt', { time: clock(poll.at) })}
                </Button>
                <Text fontWeight="semibold" overflowWrap="anywhere">
                  {poll.question}
                </Text>
                {reached ? (
                  <PollResultsBars poll={poll} />
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    {t('polls.notYet', { time: clock(poll.at) })}
                  </Text>
                )}
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
