import { Heading } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EmbedProblem } from '#app/components/embed/EmbedProblem';
import { EmbedShell } from '#app/components/embed/EmbedShell';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { stageHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './embedVideo.server';

/** /embed/video?mediaId=<id>: the one player for a library video, in another site's frame (docs/decisions/0089). */
export { loader } from './embedVideo.server';
export const handle = stageHandle('embeds', 'playback', 'player');

export default function EmbedVideo() {
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) {
    return (
      <EmbedShell signedIn={null}>
        <EmbedProblem problem={data.problem} />
      </EmbedShell>
    );
  }
  const { playback } = data;
  return (
    <EmbedShell signedIn={data.signedIn} openUrl={playback.shareUrl}>
      <Heading as="h1" size={{ base: 'md', md: 'lg' }} data-testid="embed-title">
        {playback.media.title}
      </Heading>
      <MediaPreview media={playback.media} player={{ startAt: playback.startAt, rememberAs: undefined }} />
    </EmbedShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
