/** An event's trailer on its event page: the one player, with a link to the trailer's own screen. */
import { Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '#app/components/media/player/VideoPlayer';
import { captionTracks, type MediaView } from '#app/lib/media/view';

export function EventTrailer({ eventId, trailer }: { eventId: string; trailer: MediaView }) {
  const { t, i18n } = useTranslation();
  if (!trailer.video) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="event-trailer" data-testid="event-trailer">
      <Heading as="h2" size="lg" id="event-trailer">
        {t('playback.trailer.heading')}
      </Heading>
      <VideoPlayer title={trailer.title} hls={trailer.video.hls} mp4={trailer.video.mp4} poster={trailer.video.poster} width={trailer.width} height={trailer.height} captions={captionTracks(trailer.captions, i18n.language)} beacon={{ mediaId: trailer.id }} />
      <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
        <Link to={`/trailerPlayBack?eventId=${eventId}`}>{trailer.title}</Link>
      </ChakraLink>
    </Stack>
  );
}
