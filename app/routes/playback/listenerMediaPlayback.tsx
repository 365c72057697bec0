import { Container, Heading, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { ItemDetails } from '#app/components/playback/ItemDetails';
import { ListenerPlayer } from '#app/components/playback/ListenerPlayer';
import { PlaybackProblem } from '#app/components/playback/PlaybackProblem';
import { ShareLink } from '#app/components/playback/ShareLink';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './listenerMediaPlayback.server';

/** /listenerMediaPlayback: audio with its playlist (play all, shuffle, loop, repeat, volume 1 by default). */
export { loader } from './listenerMediaPlayback.server';
export const handle = i18nHandle('library', 'playback', 'player');

export default function ListenerMediaPlayback() {
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) return <PlaybackProblem problem={data.problem} />;
  const { playback, list, title } = data;
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
          {title}
        </Heading>
        {list ? (
          <ListenerPlayer title={list.title} tracks={list.tracks} flags={list.flags} remember={playback?.remember ? { mediaId: playback.media.id, startAt: playback.startAt } : undefined} />
        ) : (
          // A single item still processing or failed: its state, as the library shows it.
          playback && <MediaPreview media={playback.media} />
        )}
        {playback && <ItemDetails {...playback} />}
        {playback && <ShareLink url={playback.shareUrl} />}
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
