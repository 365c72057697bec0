import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DeckNotice } from '#app/components/media/gallery/DeckNotice';
import { SignInHint } from '#app/components/media/gallery/SignInHint';
import { SlideViewer } from '#app/components/media/gallery/SlideViewer';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './pitchDeckSlide.server';

/** /pitchDeckSlide: the pitch deck slide by slide (page images from the media pipeline), with keyboard navigation, a counter and thumbnails. */
export { loader } from './pitchDeckSlide.server';
export const handle = i18nHandle('gallery');
export const headers = formHeaders;

export default function PitchDeckSlide() {
  const { t } = useTranslation();
  const { state, deck, slides, start, signedIn } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="4">
        <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap="3" direction={{ base: 'column', md: 'row' }}>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {deck?.title ?? t('gallery.slides.title')}
          </Heading>
          {deck ? (
            <Button asChild variant="outline" size="sm">
              <a href={deck.href} download={deck.fileName} data-testid="deck-download">
                {t('gallery.slides.download')}
              </a>
            </Button>
          ) : null}
        </Flex>
        {!deck ? (
          <DeckNotice state={state === 'ready' ? 'none' : state} />
        ) : slides.length ? (
          <SlideViewer key={deck.id} slides={slides} start={start} title={deck.title} />
        ) : (
          <Text color="fg.muted" data-testid="deck-no-pages">
            {t('gallery.slides.noPages')}
          </Text>
        )}
        {signedIn ? null : <SignInHint />}
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
