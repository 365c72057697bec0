/** Where the picture to edit comes from: a file of the device, or one of the person's library images. */
import { Alert, Box, Button, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#app/lib/media/model';
import type { PickableImage } from '#app/lib/photo/picker';

export function SourcePicker({ images, libraryFailed, onFile, onLibrary, busy }: { images: PickableImage[]; libraryFailed: boolean; onFile: (file: File) => void; onLibrary: (image: PickableImage) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="6" data-testid="photo-source">
      <Stack as="section" gap="2" aria-labelledby="photo-file-title">
        <Heading as="h2" id="photo-file-title" size="md">
          {t('photo.editor.source.title')}
        </Heading>
        <Field.Root maxW="md">
          <Field.Label>{t('photo.editor.source.fromFile')}</Field.Label>
          <Input
            type="file"
            accept={ACCEPTED_TYPES.image.join(',')}
            p="1.5"
            disabled={busy}
            data-testid="photo-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) onFile(file);
            }}
          />
          <Field.HelperText>{t('photo.editor.source.fileHint')}</Field.HelperText>
        </Field.Root>
      </Stack>
      <Stack as="section" gap="3" aria-labelledby="photo-library-title">
        <Heading as="h2" id="photo-library-title" size="md">
          {t('photo.editor.source.fromLibrary')}
        </Heading>
        {libraryFailed ? (
          <Alert.Root status="warning" borderRadius="l2" data-testid="photo-library-failed">
            <Alert.Indicator />
            <Alert.Description>{t('photo.editor.source.libraryFailed')}</Alert.Description>
          </Alert.Root>
        ) : images.length === 0 ? (
          <Text color="fg.muted" data-testid="photo-library-empty">
            {t('photo.editor.source.libraryEmpty')}
          </Text>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4, lg: 6 }} gap="3" listStyleType="none" m="0" p="0" data-testid="photo-library">
            {images.map((image) => (
              <Box as="li" key={image.id}>
                <Button
                  variant="outline"
                  h="auto"
                  w="full"
                  p="1"
                  flexDirection="column"
                  alignItems="stretch"
                  gap="1"
                  disabled={busy}
                  onClick={() => onLibrary(image)}
                  aria-label={t('photo.editor.source.pick', { title: image.title })}
                  data-testid="photo-library-item"
                  data-media-id={image.id}
                >
                  <Box asChild w="full" aspectRatio="1" objectFit="cover" borderRadius="l1" bg="bg.muted">
                    <img src={image.thumb} alt="" loading="lazy" />
                  </Box>
                  <Text fontSize="xs" truncate textAlign="start">
                    {image.title}
                  </Text>
                </Button>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
