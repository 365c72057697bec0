import { Box, Button, Flex, HStack, IconButton, Image, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slide } from './types';

/** ⇤ / ⇥ drawn, not typed: not every system font has the media-control glyphs. */
function EdgeIcon({ flip = false }: { flip?: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={flip ? { transform: 'scaleX(-1)' } : undefined}>
      <path d="M6 6l6 6-6 6M13 6l6 6-6 6" />
    </svg>
  );
}

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * One slide at a time with a counter ("2 / 5"), previous/next buttons, thumbnails, and the
 * keyboard anywhere on the page: ← → (and PageUp/PageDown) move, Home and End jump.
 */
export function SlideViewer({ slides, start, title }: { slides: Slide[]; start: number; title: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(Math.min(Math.max(start, 1), slides.length));
  const total = slides.length;
  const thumbs = useRef<HTMLDivElement>(null);
  const go = useCallback((n: number) => setCurrent(Math.min(Math.max(n, 1), total)), [total]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const moves: Record<string, () => void> = {
        ArrowRight: () => go(current + 1),
        ArrowDown: () => go(current + 1),
        PageDown: () => go(current + 1),
        ArrowLeft: () => go(current - 1),
        ArrowUp: () => go(current - 1),
        PageUp: () => go(current - 1),
        Home: () => go(1),
        End: () => go(total),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, go, total]);

  useEffect(() => {
    thumbs.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const slide = slides[current - 1]!;
  return (
    <Box as="section" aria-roledescription="carousel" aria-label={title} data-testid="slide-viewer">
      <Box bg="bg.muted" borderRadius="l2" p={{ base: '2', md: '4' }} display="flex" justifyContent="center">
        <Image
          src={slide.src}
          width={slide.width}
          height={slide.height}
          alt={t('gallery.slides.slideOf', { current, total })}
          maxH={{ base: '60vh', md: '70vh' }}
          w="auto"
          h="auto"
          maxW="full"
          objectFit="contain"
          data-testid="slide-image"
          data-slide={current}
        />
      </Box>
      <Flex mt="3" align="center" justify="space-between" gap="2">
        <HStack gap="1">
          <IconButton variant="outline" aria-label={t('gallery.slides.first')} onClick={() => go(1)} disabled={current === 1} hideBelow="md">
            <EdgeIcon flip />
          </IconButton>
          <Button variant="outline" onClick={() => go(current - 1)} disabled={current === 1} data-testid="slide-previous">
            <span aria-hidden="true">←</span>
            <VisuallyHidden>{t('gallery.slides.previous')}</VisuallyHidden>
            <Text as="span" hideBelow="md" aria-hidden="true">
              {t('gallery.slides.previous')}
            </Text>
          </Button>
        </HStack>
        <Text fontWeight="semibold" fontSize="lg" aria-live="polite" data-testid="slide-counter">
          {/* Numbers read the same in every language: "2 / 5". */}
          <span aria-hidden="true">{`${current} / ${total}`}</span>
          <VisuallyHidden>{t('gallery.slides.slideOf', { current, total })}</VisuallyHidden>
        </Text>
        <HStack gap="1">
          <Button variant="outline" onClick={() => go(current + 1)} disabled={current === total} data-testid="slide-next">
            <Text as="span" hideBelow="md" aria-hidden="true">
              {t('gallery.slides.next')}
            </Text>
            <VisuallyHidden>{t('gallery.slides.next')}</VisuallyHidden>
            <span aria-hidden="true">→</span>
          </Button>
          <IconButton variant="outline" aria-label={t('gallery.slides.last')} onClick={() => go(total)} disabled={current === total} hideBelow="md">
            <EdgeIcon />
          </IconButton>
        </HStack>
      </Flex>
      <Text mt="2" fontSize="sm" color="fg.muted" hideBelow="md">
        {t('gallery.slides.keyboardHint')}
      </Text>
      <Box as="nav" aria-label={t('gallery.slides.thumbnails')} mt="4">
        <Flex ref={thumbs} as="ol" listStyleType="none" gap="2" overflowX="auto" pb="2" data-testid="slide-thumbnails">
          {slides.map((s, i) => (
            <Box as="li" key={s.src} flex="0 0 auto">
              <Button
                variant="plain"
                p="0"
                h="auto"
                onClick={() => go(i + 1)}
                aria-current={i + 1 === current}
                aria-label={t('gallery.slides.goTo', { number: i + 1 })}
                borderWidth="3px"
                borderColor={i + 1 === current ? 'brand.solid' : 'border'}
                borderRadius="l1"
                overflow="hidden"
              >
                <Image src={s.src} alt="" w={{ base: '20', md: '28' }} aspectRatio={s.width / s.height} objectFit="cover" loading="lazy" />
              </Button>
            </Box>
          ))}
        </Flex>
      </Box>
    </Box>
  );
}
