import { Box, Button, Flex, HStack, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoCard } from './types';

/** srcset of a photo's grid sizes: the browser picks by the card's width. */
export const gridSrcSet = (photo: PhotoCard) => photo.grid.map((s) => `${s.src} ${s.width}w`).join(', ');
export const GRID_SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw';

/**
 * /downloadPhotos' chooser: a plain GET form to /api/media/zip with one checkbox per photo (it
 * works before the script loads), select all, a live count, and a button naming how many go.
 */
export function PhotoPicker({ photos }: { photos: PhotoCard[] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const all = selected.size === photos.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <form method="get" action="/api/media/zip" data-testid="photo-picker">
      <Flex
        position="sticky"
        top="0"
        zIndex="docked"
        bg="bg"
        py="3"
        gap="3"
        wrap="wrap"
        align="center"
        justify="space-between"
        borderBottomWidth="1px"
        borderColor="border"
        mb="4"
      >
        <HStack gap="3" wrap="wrap">
          <Button type="button" variant="outline" onClick={() => setSelected(all ? new Set() : new Set(photos.map((p) => p.id)))} data-testid="select-all">
            {all ? t('gallery.photos.clearSelection') : t('gallery.photos.selectAll')}
          </Button>
          <Text aria-live="polite" color="fg.muted" data-testid="selected-count">
            {t('gallery.photos.selected', { count: selected.size })}
          </Text>
        </HStack>
        <Button type="submit" colorPalette="brand" disabled={selected.size === 0} data-testid="download-zip">
          {selected.size === 0 ? t('gallery.photos.chooseFirst') : t('gallery.photos.downloadZip', { count: selected.size })}
        </Button>
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap={{ base: '2', md: '4' }} as="ul" listStyleType="none">
        {photos.map((photo) => {
          const on = selected.has(photo.id);
          return (
            <Box as="li" key={photo.id}>
              <Box
                as="label"
                display="block"
                position="relative"
                cursor="pointer"
                borderRadius="l2"
                overflow="hidden"
                borderWidth="3px"
                borderColor={on ? 'brand.solid' : 'transparent'}
                _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
                data-testid="photo-option"
              >
                <Image src={photo.grid[0]!.src} srcSet={gridSrcSet(photo)} sizes={GRID_SIZES} alt="" aspectRatio={4 / 3} objectFit="cover" w="full" loading="lazy" />
                <Box position="absolute" top="2" insetStart="2" bg="bg" borderRadius="l1" p="1" lineHeight="0">
                  <input
                    type="checkbox"
                    name="ids"
                    value={photo.id}
                    checked={on}
                    onChange={(e) => toggle(photo.id, e.currentTarget.checked)}
                    aria-label={t('gallery.photos.select', { name: photo.title })}
                    style={{ width: '1.25rem', height: '1.25rem' }}
                  />
                </Box>
                <Text px="2" py="1" fontSize="sm" truncate bg="bg.subtle">
                  {photo.title}
                </Text>
              </Box>
            </Box>
          );
        })}
      </SimpleGrid>
    </form>
  );
}
