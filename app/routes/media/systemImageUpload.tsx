import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';

const IMAGES = ['image'] as const;
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './systemImageUpload.server';

/** /systemImageUpload (platform admin: system images shared by every tenant). */
export { loader } from './systemImageUpload.server';
export const handle = i18nHandle('upload');

export default function SystemImageUpload() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.systemImageUpload.lead')} testId="systemImageUpload">
      <MediaUploader id="systemImageUpload" scope="system" kinds={IMAGES} usage={null} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
