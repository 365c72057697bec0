import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { formHeaders } from '#app/components/forms/headers';
import { VideoPlayer } from '#app/components/media/player/VideoPlayer';
import { IntroPicker } from '#app/components/ondemand/IntroPicker';
import { i18nHandle } from '#app/lib/handles';
import { captionTracks } from '#app/lib/media/view';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './cmiVideo.server';

/** /cmiVideo: an organizer's introduction video; its owner chooses it from their library (docs/decisions/0032). */
export { loader, action } from './cmiVideo.server';
export const handle = i18nHandle('ondemand', 'player');
export const headers = formHeaders;

export default function CmiVideo() {
  const { t, i18n } = useTranslation();
  const { owner, view, candidates, chosenId, shareUrl, title } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={title} lead={t('ondemand.cmiVideo.lead')} />
      <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="8">
          {view?.video ? (
            <Stack gap="3" data-testid="intro-video">
              <VideoPlayer title={view.title} hls={view.video.hls} mp4={view.video.mp4} poster={view.video.poster} width={view.width} height={view.height} captions={captionTracks(view.captions, i18n.language)} beacon={{ mediaId: view.id }} />
              <Text fontWeight="semibold" data-testid="intro-title">
                {view.title}
              </Text>
              {owner ? (
                <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                  {t('ondemand.cmiVideo.mine')} {t('ondemand.cmiVideo.share', { url: shareUrl })}
                </Text>
              ) : null}
            </Stack>
          ) : owner ? (
            <EmptyNote title={t('ondemand.cmiVideo.none')} testId="intro-none" />
          ) : null}
          {owner ? (
            <Box as="section" aria-labelledby="intro-choose">
              <Heading as="h2" id="intro-choose" size="lg" mb="3">
                {t('ondemand.cmiVideo.choose')}
              </Heading>
              <IntroPicker candidates={candidates} chosenId={chosenId} />
              <Text mt="4" fontSize="sm" color="fg.muted">
                {t('ondemand.cmiVideo.channelsLater')}
              </Text>
            </Box>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
