import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';

const MEDIA_KINDS_AV = ['video', 'audio'] as const;
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uploadS3Media.server';

/** /uploadS3Media (signed in: audio and video, large files in resumable, pausable parts). */
export { loader } from './uploadS3Media.server';
export const handle = i18nHandle('upload');

export default function UploadS3Media() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.uploadS3Media.lead')} testId="uploadS3Media">
      <MediaUploader id="uploadS3Media" scope="tenant" kinds={MEDIA_KINDS_AV} usage={data.usage} libraryHref={data.libraryHref ?? undefined} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
