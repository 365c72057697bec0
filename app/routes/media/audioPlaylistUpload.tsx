import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PlaylistEditor } from '#app/components/media/library/PlaylistEditor';
import { PlaylistList } from '#app/components/media/library/PlaylistList';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './audioPlaylistUpload.server';

/** /audioPlaylistUpload (organizers, admins): audio files into ordered playlists with play-all, shuffle, loop and repeat. */
export { loader } from './audioPlaylistUpload.server';
export const handle = i18nHandle('library');

export default function AudioPlaylistUpload() {
  const { title, lead, playlists, open, audio } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="playlists">
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {lead}
          </Text>
        </Stack>
        {/* Uploader slot (audio): the upload component of app/components/media/upload goes here once it is on this branch. */}
        <Stack direction={{ base: 'column', lg: 'row' }} gap="8" align="flex-start">
          <PlaylistList playlists={playlists} openId={open?.playlist.id ?? null} />
          {open ? <PlaylistEditor key={open.playlist.id} playlist={open.playlist} tracks={open.tracks} audio={audio} /> : null}
        </Stack>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
