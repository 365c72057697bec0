import { Box, chakra, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GRID_SIZES, gridSrcSet } from './PhotoPicker';
import type { PhotoCard } from './types';

/** /viewPhotos' responsive grid: each photo is a button that opens the lightbox at it. */
export function PhotoGrid({ photos, onOpen }: { photos: PhotoCard[]; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, xl: 4 }} gap={{ base: '2', md: '4' }} data-testid="photo-grid">
      {photos.map((photo, i) => (
        <Box as="li" key={photo.id}>
          <chakra.button
            type="button"
            display="block"
            w="full"
            textAlign="start"
            borderRadius="l2"
            overflow="hidden"
            bg="bg.subtle"
            cursor="zoom-in"
            onClick={() => onOpen(i)}
            aria-label={t('gallery.view.open', { name: photo.title })}
            data-testid="photo-open"
            _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <Image src={photo.grid[0]!.src} srcSet={gridSrcSet(photo)} sizes={GRID_SIZES} alt="" aspectRatio={4 / 3} objectFit="cover" w="full" loading="lazy" />
            <Text px="2" py="1" fontSize="sm" truncate>
              {photo.title}
            </Text>
          </chakra.button>
        </Box>
      ))}
    </SimpleGrid>
  );
}
