/** The recording with its chapters and its chat replayed in step: the player's time drives both, a chapter seeks the player. */
import { Box, Grid, Heading, Stack } from '@chakra-ui/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer, type PlayerHandle } from '#app/components/media/player/VideoPlayer';
import { captionTracks, type MediaView } from '#app/lib/media/view';
import type { Chapter, ReplayMessage } from '#app/lib/ondemand/replay';
import type { PollReplay } from '#app/lib/polls/model';
import { PollsOnRecording } from '#app/components/polls/PollsOnRecording';
import { ChapterList } from './ChapterList';
import { ChatReplay } from './ChatReplay';
import { SignInNote } from './SignInNote';

interface Props {
  view: MediaView;
  chapters: Chapter[];
  messages: ReplayMessage[];
  chat: 'shown' | 'signIn' | 'blocked';
  /** The event's polls at the moments they were launched (docs/decisions/0081). */
  polls?: PollReplay[];
}

export function RecordingPlayer({ view, chapters, messages, chat, polls = [] }: Props) {
  const { t, i18n } = useTranslation();
  const player = useRef<PlayerHandle>(null);
  const [seconds, setSeconds] = useState(0);
  const onTimeUpdate = useCallback((s: number) => setSeconds(s), []);
  const seek = useCallback((s: number) => {
    player.current?.seek(s);
    setSeconds(s);
  }, []);
  const video = view.video;
  if (!video) return null;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap={{ base: '6', lg: '8' }} alignItems="start">
      <Stack gap="6" minW="0">
        <VideoPlayer ref={player} title={view.title} hls={video.hls} mp4={video.mp4} poster={video.poster} width={view.width} height={view.height} captions={captionTracks(view.captions, i18n.language)} onTimeUpdate={onTimeUpdate} beacon={{ mediaId: view.id }} />
        {chat === 'shown' ? (
          <Box as="section" aria-labelledby="chapters-heading">
            <Heading as="h2" id="chapters-heading" size="lg" mb="3">
              {t('ondemand.eventVod.chapters')}
            </Heading>
            <ChapterList chapters={chapters} seconds={seconds} onSeek={seek} />
          </Box>
        ) : null}
        <PollsOnRecording polls={polls} seconds={seconds} onSeek={seek} />
      </Stack>
      <Box as="section" aria-labelledby="replay-heading" minW="0">
        <Heading as="h2" id="replay-heading" size="lg" mb="3">
          {t('ondemand.eventVod.chat')}
        </Heading>
        {chat === 'shown' ? <ChatReplay messages={messages} seconds={seconds} /> : null}
        {chat === 'signIn' ? <SignInNote text={t('ondemand.eventVod.chatSignIn')} testId="replay-sign-in" /> : null}
        {chat === 'blocked' ? <Box color="fg.muted">{t('ondemand.eventVod.chatBlocked')}</Box> : null}
      </Box>
    </Grid>
  );
}
