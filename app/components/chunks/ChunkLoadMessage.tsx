import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markShownInPage } from '#app/lib/chunks/chunkFailures';

/**
 * Where the message sits: `page` replaces the screen's content inside the tenant's layout (a route
 * module could not load); `region` takes the place of one lazily loaded part (the calendar, the
 * live stage); `notice` floats over a page that still works (a stylesheet, a module an effect needed).
 */
export type ChunkMessagePlacement = 'page' | 'region' | 'notice';

const BOXED = {
  bg: 'bg.panel',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderTopWidth: '4px',
  borderTopColor: 'brand.solid',
  borderRadius: 'l3',
  p: { base: '4', md: '5' },
} as const;

/**
 * The notice is also what a failed theme stylesheet shows, when the design tokens (CSS variables)
 * are missing: its frame uses plain values, the tokens only where they exist.
 */
const NOTICE = {
  position: 'fixed',
  left: '12px',
  right: '12px',
  bottom: '12px',
  zIndex: 1400,
  padding: '16px',
  color: 'var(--chakra-colors-fg, #18181b)',
  background: 'var(--chakra-colors-bg-panel, #ffffff)',
  border: '1px solid var(--chakra-colors-border-emphasized, #a1a1aa)',
  borderTop: '4px solid var(--chakra-colors-brand-solid, #18181b)',
  borderRadius: '12px',
  boxShadow: '0 10px 30px rgba(0, 0, 0, 0.25)',
  '@media (min-width: 768px)': { left: 'auto', right: '24px', bottom: '24px', maxWidth: '28rem', padding: '20px' },
  '& button': { border: '1px solid var(--chakra-colors-brand-solid, currentColor)', paddingInline: '16px', minHeight: '40px' },
} as const;

/**
 * The message for a ChunkLoadError (SPEC.md §8; docs/decisions/0050-chunk-loading.md): part of the
 * site did not arrive, reload. Focus moves to the Reload action, which the title and text
 * describe, so keyboard and screen-reader users land on the way out.
 */
export function ChunkLoadMessage({ placement }: { placement: ChunkMessagePlacement }) {
  const { t } = useTranslation();
  const id = useId();
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    reload.current?.focus();
    // While the message is in the page, the floating notice would only repeat it.
    return placement === 'notice' ? undefined : markShownInPage();
  }, [placement]);

  const page = placement === 'page';
  const content = (
    <>
      <Heading as={page ? 'h1' : 'h2'} id={`${id}-title`} size={page ? { base: '2xl', md: '4xl' } : 'lg'}>
        {t('error.chunk.title')}
      </Heading>
      <Text id={`${id}-body`} mt={page ? '4' : '2'} fontSize={page ? 'lg' : 'md'} color="fg.muted">
        {t('error.chunk.body')}
      </Text>
      <Button ref={reload} mt={page ? '8' : '4'} colorPalette="brand" aria-describedby={`${id}-title ${id}-body`} onClick={() => window.location.reload()}>
        {t('error.chunk.reload')}
      </Button>
    </>
  );

  if (page) {
    return (
      <Container as="section" aria-labelledby={`${id}-title`} maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }} data-testid="chunk-load-error" data-placement="page">
        {content}
      </Container>
    );
  }
  return (
    <Box as="section" role="alert" aria-labelledby={`${id}-title`} data-testid="chunk-load-error" data-placement={placement} {...(placement === 'notice' ? { css: NOTICE } : BOXED)}>
      {content}
    </Box>
  );
}
