import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { ItemDetails } from '#app/components/playback/ItemDetails';
import { PlaybackProblem } from '#app/components/playback/PlaybackProblem';
import { RelatedList } from '#app/components/playback/RelatedList';
import { UpNext } from '#app/components/playback/UpNext';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './morePlayBack.server';

/** /morePlayBack: the video, then related items; when it ends the first related one starts unless cancelled. */
export { loader } from './morePlayBack.server';
export const handle = i18nHandle('playback', 'player');

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { problem: null }>;

export default function MorePlayBack() {
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) return <PlaybackProblem problem={data.problem} />;
  // A new item (a related one opened, or autoplay) starts with a fresh end-of-video state.
  return <MoreScreen key={data.playback.media.id} playback={data.playback} related={data.related} />;
}

function MoreScreen({ playback, related }: Pick<Loaded, 'playback' | 'related'>) {
  const { t } = useTranslation();
  const [ended, setEnded] = useState<'no' | 'counting' | 'cancelled'>('no');
  const next = related[0];
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
          {playback.media.title}
        </Heading>
        <MediaPreview
          media={playback.media}
          player={{ startAt: playback.startAt, rememberAs: playback.remember ? playback.media.id : undefined, onEnded: () => setEnded(next ? 'counting' : 'no') }}
        />
        {ended === 'counting' && next && <UpNext next={next} onCancel={() => setEnded('cancelled')} />}
        {ended === 'cancelled' && (
          <Text role="status" data-testid="up-next-cancelled">
            {t('playback.more.cancelled')}
          </Text>
        )}
        <ItemDetails {...playback} />
        <RelatedList items={related} />
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
