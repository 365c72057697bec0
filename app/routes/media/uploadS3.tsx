import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { MEDIA_KINDS } from '#app/lib/media/model';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uploadS3.server';

/** /uploadS3 (signed in: photos, videos, audio and PDFs straight to storage into the person's library). */
export { loader } from './uploadS3.server';
export const handle = i18nHandle('upload');

export default function UploadS3() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.uploadS3.lead')} testId="uploadS3">
      <MediaUploader id="uploadS3" scope="tenant" kinds={MEDIA_KINDS} usage={data.usage} libraryHref={data.libraryHref ?? undefined} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
