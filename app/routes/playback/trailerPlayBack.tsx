import { Alert, Button, Container, Heading, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { PlaybackProblem } from '#app/components/playback/PlaybackProblem';
import { previewHref } from '#app/lib/events/model';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './trailerPlayBack.server';

/** /trailerPlayBack: an event's trailer in the one player, with the way to the event page. */
export { loader } from './trailerPlayBack.server';
export const handle = i18nHandle('events', 'playback', 'player');

export default function TrailerPlayBack() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) return <PlaybackProblem problem={data.problem} />;
  const { event, trailer, title } = data;
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
          {title}
        </Heading>
        {trailer ? (
          <MediaPreview media={trailer} />
        ) : (
          <Alert.Root status="info" data-testid="trailer-none">
            <Alert.Indicator />
            <Alert.Title>{t('playback.trailer.none')}</Alert.Title>
          </Alert.Root>
        )}
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to={previewHref(event.eventId)}>{t('playback.trailer.event')}</Link>
        </Button>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
