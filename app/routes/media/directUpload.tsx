import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DirectUploader } from '#app/components/media/upload/DirectUploader';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './directUpload.server';

/** /directUpload (signed in: one file, a file input and a progress bar, and a link to share). */
export { loader } from './directUpload.server';
export const handle = i18nHandle('upload');

export default function DirectUpload() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.directUpload.lead')} testId="directUpload">
      <DirectUploader />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
