import { Button, Container, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { PhotoPicker } from '#app/components/media/gallery/PhotoPicker';
import { SignInHint } from '#app/components/media/gallery/SignInHint';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './downloadPhotos.server';

/** /downloadPhotos: choose shared photos and download them as one zip, streamed as it is built. */
export { loader } from './downloadPhotos.server';
export const handle = i18nHandle('gallery');
export const headers = formHeaders;

export default function DownloadPhotos() {
  const { t } = useTranslation();
  const { photos, signedIn } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t('gallery.photos.title')} lead={t('gallery.photos.lead')}>
        {photos.length ? (
          <Button asChild variant="outline" mt="4">
            <Link to="/viewPhotos">{t('gallery.photos.viewGallery')}</Link>
          </Button>
        ) : null}
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
        <Stack gap="5">
          {signedIn ? null : <SignInHint />}
          {photos.length ? <PhotoPicker photos={photos} /> : <EmptyNote title={t('gallery.photos.empty')} testId="photos-empty" />}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
