import { Container, Heading, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { ItemDetails } from '#app/components/playback/ItemDetails';
import { PlaybackProblem } from '#app/components/playback/PlaybackProblem';
import { ShareLink } from '#app/components/playback/ShareLink';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './mediaPlayBack.server';

/** /mediaPlayBack: one video with its title, owner, description and a link to share. */
export { loader } from './mediaPlayBack.server';
export const handle = i18nHandle('playback', 'player');

export default function MediaPlayBack() {
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) return <PlaybackProblem problem={data.problem} />;
  const { playback } = data;
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
          {playback.media.title}
        </Heading>
        <MediaPreview media={playback.media} player={{ startAt: playback.startAt, rememberAs: playback.remember ? playback.media.id : undefined }} />
        <ItemDetails {...playback} />
        <ShareLink url={playback.shareUrl} />
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
