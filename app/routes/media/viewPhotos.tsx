import { Button, Container, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { PhotoGrid } from '#app/components/media/gallery/PhotoGrid';
import { PhotoLightbox } from '#app/components/media/gallery/PhotoLightbox';
import { SignInHint } from '#app/components/media/gallery/SignInHint';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './viewPhotos.server';

/** /viewPhotos: the shared photos as a responsive grid, and a lightbox with keyboard, swipe and zoom. */
export { loader } from './viewPhotos.server';
export const handle = i18nHandle('gallery');
export const headers = formHeaders;

export default function ViewPhotos() {
  const { t } = useTranslation();
  const { photos, openAt, signedIn } = useLoaderData<typeof loader>();
  const [index, setIndex] = useState(openAt);
  return (
    <>
      <PageHeader title={t('gallery.view.title')} lead={t('gallery.view.lead')}>
        {photos.length ? (
          <Button asChild variant="outline" mt="4">
            <Link to="/downloadPhotos">{t('gallery.view.downloadSome')}</Link>
          </Button>
        ) : null}
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
        <Stack gap="5">
          {signedIn ? null : <SignInHint />}
          {photos.length ? (
            <>
              <Text color="fg.muted">{t('gallery.view.photoCount', { count: photos.length })}</Text>
              <PhotoGrid photos={photos} onOpen={setIndex} />
              <PhotoLightbox photos={photos} index={index} onClose={() => setIndex(-1)} onView={setIndex} />
            </>
          ) : (
            <EmptyNote title={t('gallery.view.empty')} testId="gallery-empty" />
          )}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
