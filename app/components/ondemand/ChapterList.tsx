/** The recording's chapters (its answered questions): each starts playback at its time; the one playing is marked. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';
import { currentChapter, type Chapter } from '#app/lib/ondemand/replay';

export function ChapterList({ chapters, seconds, onSeek }: { chapters: Chapter[]; seconds: number; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  if (!chapters.length) return <Text color="fg.muted">{t('ondemand.eventVod.noChapters')}</Text>;
  const playing = currentChapter(chapters, seconds);
  return (
    <Stack as="ol" listStyleType="none" gap="1" data-testid="chapters">
      {chapters.map((chapter, i) => (
        <li key={`${chapter.startSeconds}-${i}`}>
          <Button
            variant={i === playing ? 'subtle' : 'ghost'}
            colorPalette="brand"
            w="full"
            justifyContent="start"
            h="auto"
            py="2"
            whiteSpace="normal"
            textAlign="start"
            aria-current={i === playing ? 'true' : undefined}
            aria-label={t('ondemand.eventVod.chapterButton', { time: formatDuration(chapter.startSeconds), title: chapter.title })}
            onClick={() => onSeek(chapter.startSeconds)}
            data-testid="chapter"
            data-start={chapter.startSeconds}
          >
            <Text as="span" fontVariantNumeric="tabular-nums" fontWeight="semibold" minW="12">
              {formatDuration(chapter.startSeconds)}
            </Text>
            <Text as="span" fontWeight="normal">
              {chapter.title}
            </Text>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
