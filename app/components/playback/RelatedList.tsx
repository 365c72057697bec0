/** The related videos under /morePlayBack's player, as cards that open each on the same screen. */
import { Box, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';

export interface RelatedCard {
  id: string;
  title: string;
  ownerName: string;
  poster: string | null;
  durationSeconds: number | null;
}

export function RelatedList({ items }: { items: RelatedCard[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="section" gap="3" aria-labelledby="related-heading">
      <Heading as="h2" size="lg" id="related-heading">
        {t('playback.more.related')}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted" data-testid="related-none">
          {t('playback.more.none')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {items.map((item) => (
            <Link key={item.id} to={`/morePlayBack?mediaId=${item.id}`} data-testid="related-item" data-id={item.id}>
              <Stack gap="1" borderWidth="1px" borderRadius="l2" overflow="hidden" _hover={{ borderColor: 'brand.solid' }}>
                <Box aspectRatio="16 / 9" bg="bg.muted" overflow="hidden">
                  {item.poster && <Image src={item.poster} alt="" w="100%" h="100%" minH="0" objectFit="cover" display="block" />}
                </Box>
                <Stack gap="0" p="2">
                  <Text fontWeight="semibold">{item.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {item.ownerName || t('session.someone')}
                    {item.durationSeconds ? ` · ${formatDuration(item.durationSeconds)}` : ''}
                  </Text>
                </Stack>
              </Stack>
            </Link>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
