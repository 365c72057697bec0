/** A video's chapters as a list of buttons: choosing one seeks the player there and plays. */
import { Box, Button, Heading, List } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format';

export interface Chapter {
  startSeconds: number;
  title: string;
}

export function ChapterList({ chapters, onSeek }: { chapters: Chapter[]; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box as="nav" aria-labelledby={headingId} mt="3" data-testid="chapter-list">
      <Heading as="h2" size="sm" id={headingId} mb="2">
        {t('player.video.chapters')}
      </Heading>
      <List.Root listStyleType="none" gap="1" ms="0">
        {chapters.map((chapter) => (
          <List.Item key={`${chapter.startSeconds}-${chapter.title}`}>
            <Button variant="ghost" size="sm" onClick={() => onSeek(chapter.startSeconds)} data-testid="chapter" data-start={chapter.startSeconds}>
              <span>{formatDuration(chapter.startSeconds)}</span> <span>{chapter.title}</span>
            </Button>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
