import { Alert, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer, type CaptionTrack } from '#app/components/media/player/VideoPlayer';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { useRootData } from '#app/lib/rootData';
import type { loader } from './nuevoPlayerDemoPage.server';

/** /nuevoPlayerDemoPage: the one player with the platform's locally made sample, captions and chapters. */
export { loader } from './nuevoPlayerDemoPage.server';
export const handle = i18nHandle('playback', 'player');

/** The captions as a blob: URL (the page's CSP lets media load from blob:), made in the browser. */
function useCaptions(vtt: string | undefined, label: string, language: string): CaptionTrack[] {
  const [tracks, setTracks] = useState<CaptionTrack[]>([]);
  useEffect(() => {
    if (!vtt) return;
    const src = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    setTracks([{ src, srclang: language, label }]);
    return () => URL.revokeObjectURL(src);
  }, [vtt, label, language]);
  return tracks;
}

export default function NuevoPlayerDemoPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const { title, state, sample } = useLoaderData<typeof loader>();
  const language = root?.language ?? 'en';
  const captions = useCaptions(sample?.captionsVtt, t(`language.names.${language}`), language);
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
          {title}
        </Heading>
        <Text color="fg.muted">{t('playback.demo.lead')}</Text>
        {sample ? (
          <>
            {/* Remounted once the captions exist, so the <track> is in the markup media-chrome sees. */}
            <VideoPlayer
              key={captions.length}
              title={sample.title}
              mp4={sample.mp4}
              poster={sample.poster ?? undefined}
              width={sample.width}
              height={sample.height}
              captions={captions}
              chapters={sample.chapters}
            />
            <Text>{t('playback.demo.features')}</Text>
          </>
        ) : (
          <Alert.Root status="info" data-testid="demo-state" data-state={state}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{state === 'preparing' ? t('playback.demo.preparing') : t('playback.demo.missing')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
