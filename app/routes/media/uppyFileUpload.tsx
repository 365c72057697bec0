import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { MEDIA_KINDS } from '#app/lib/media/model';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uppyFileUpload.server';

/** /uppyFileUpload (signed in: drag and drop several files with previews and the limits shown before uploading). */
export { loader } from './uppyFileUpload.server';
export const handle = i18nHandle('upload');

export default function UppyFileUpload() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.uppyFileUpload.lead')} testId="uppyFileUpload">
      <MediaUploader id="uppyFileUpload" scope="tenant" kinds={MEDIA_KINDS} maxFiles={20} usage={data.usage} libraryHref={data.libraryHref ?? undefined} height={520} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
