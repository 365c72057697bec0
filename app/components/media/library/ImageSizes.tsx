/** The four SPEC sizes of one image (small300 … large1500), each with its pixel size and a look at it. */
import { Box, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImageSizeCard } from '#app/lib/media/library';

export function ImageSizes({ sizes, title }: { sizes: ImageSizeCard[]; title: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="2" data-testid="library-sizes">
      {sizes.map((size) => (
        <Stack key={size.name} gap="1" data-testid={`library-size-${size.name}`}>
          <Box bg="bg.muted" borderRadius="l1" overflow="hidden" aspectRatio={1} display="flex" alignItems="center" justifyContent="center">
            {size.url ? <Image src={size.url} alt={`${title}: ${t(`library.sizes.${size.name}`)}`} maxW="100%" maxH="100%" objectFit="contain" loading="lazy" /> : null}
          </Box>
          <Text fontSize="xs" fontWeight="semibold">
            {t(`library.sizes.${size.name}`)}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="library-size-pixels">
            {size.width && size.height ? t('library.card.pixels', { width: size.width, height: size.height }) : t('library.card.sizeMissing')}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
