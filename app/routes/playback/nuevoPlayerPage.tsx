import { Box, Container, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { ItemDetails } from '#app/components/playback/ItemDetails';
import { PlaybackProblem } from '#app/components/playback/PlaybackProblem';
import { ShareLink } from '#app/components/playback/ShareLink';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { useRootData } from '#app/lib/rootData';
import type { loader } from './nuevoPlayerPage.server';

/**
 * /nuevoPlayerPage: a tenant video on a page in the tenant's brand: its logo on the player, the
 * controls in its colours, a band in its brand colour, a link to share and the chapters (from the
 * description) that seek the player.
 */
export { loader } from './nuevoPlayerPage.server';
export const handle = i18nHandle('playback', 'player');

export default function NuevoPlayerPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const data = useLoaderData<typeof loader>();
  if (data.problem !== null) return <PlaybackProblem problem={data.problem} />;
  const { playback, chapters } = data;
  return (
    <Box bg="brand.solid" color="brand.contrast" py={{ base: '4', md: '8' }}>
      <Container maxW="5xl" px={{ base: '4', md: '6' }}>
        <Stack gap="4">
          <HStack gap="3">
            {root && <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="8" w="auto" maxW="40" bg="white" p="1" borderRadius="l1" />}
            <Text fontSize="sm">{t('playback.nuevo.lead', { tenant: root?.tenant.displayName ?? '' })}</Text>
          </HStack>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="playback-title">
            {playback.media.title}
          </Heading>
          <Box position="relative" bg="bg" color="fg" borderRadius="l3" p={{ base: '2', md: '4' }} data-testid="branded-player">
            <MediaPreview media={playback.media} player={{ startAt: playback.startAt, rememberAs: playback.remember ? playback.media.id : undefined, chapters }} />
            {root && (
              <Image
                src={`/brand/${root.tenant.logo.src}`}
                alt=""
                position="absolute"
                top={{ base: '4', md: '6' }}
                right={{ base: '4', md: '6' }}
                h={{ base: '6', md: '8' }}
                w="auto"
                opacity={0.85}
                pointerEvents="none"
                data-testid="player-logo"
              />
            )}
          </Box>
          <Box bg="bg" color="fg" borderRadius="l3" p={{ base: '3', md: '5' }}>
            <Stack gap="4">
              <ItemDetails {...playback} />
              <ShareLink url={playback.shareUrl} />
            </Stack>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && 'title' in data ? data.title : undefined });
