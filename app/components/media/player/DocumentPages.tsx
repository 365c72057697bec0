/**
 * A document's page images, one at a time, with previous/next buttons, the arrow keys on the
 * focused page, and a page counter (a compact preview; /pitchDeckSlide has the full slide viewer).
 */
import { Box, Button, HStack, Image, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedImage } from '#app/lib/media/view';

export interface DocumentPagesProps {
  title: string;
  pages: SignedImage[];
  pageCount: number;
}

export function DocumentPages({ title, pages, pageCount }: DocumentPagesProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const page = pages[index];
  if (!page) return null;
  const go = (next: number) => setIndex(Math.max(0, Math.min(pages.length - 1, next)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, PageUp: index - 1, PageDown: index + 1, Home: 0, End: pages.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]!);
    }
  };
  const counter = t('player.document.counter', { page: index + 1, count: pageCount });
  return (
    <Box data-testid="document-pages">
      <Box tabIndex={0} onKeyDown={onKeyDown} aria-roledescription="slide" aria-label={counter} borderWidth="1px" borderRadius="l2" overflow="hidden" _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}>
        <Image src={page.url} alt={t('player.document.pageAlt', { page: index + 1, title })} width={page.width} height={page.height} w="100%" h="auto" />
      </Box>
      <HStack mt="2" justify="space-between">
        <Button variant="outline" size="sm" onClick={() => go(index - 1)} disabled={index === 0}>
          {t('player.document.previous')}
        </Button>
        <Text fontSize="sm" aria-live="polite" data-testid="document-counter">
          {counter}
        </Text>
        <Button variant="outline" size="sm" onClick={() => go(index + 1)} disabled={index >= pages.length - 1}>
          {t('player.document.next')}
        </Button>
      </HStack>
    </Box>
  );
}
