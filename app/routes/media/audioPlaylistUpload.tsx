import { Container, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { PlaylistEditor } from '#app/components/media/library/PlaylistEditor';
import { PlaylistList } from '#app/components/media/library/PlaylistList';
import { i18nHandle } from '#app/lib/handles';
import { MY_LIBRARY_HREF } from '#app/lib/nav';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './audioPlaylistUpload.server';
import { ScreenHeading } from '#app/components/media/library/ScreenHeading';

/** /audioPlaylistUpload (organizers, admins): audio files into ordered playlists with play-all, shuffle, loop and repeat. */
export { loader } from './audioPlaylistUpload.server';
export const handle = i18nHandle('library', 'player', 'upload', 'forms');

const AUDIO_ONLY = ['audio'] as const;

export default function AudioPlaylistUpload() {
  const { title, lead, playlists, open, audio, usage } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="playlists">
      <Stack gap="8">
        <ScreenHeading title={title} lead={lead} />
        <MediaUploader id="audioPlaylistUpload" scope="tenant" kinds={AUDIO_ONLY} usage={usage} listedHere={Boolean(open)} libraryHref={MY_LIBRARY_HREF} height={280} />
        <Stack direction={{ base: 'column', lg: 'row' }} gap="8" align="flex-start">
          <PlaylistList playlists={playlists} openId={open?.playlist.id ?? null} />
          {open ? <PlaylistEditor key={open.playlist.id} playlist={open.playlist} tracks={open.tracks} audio={audio} /> : null}
        </Stack>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
