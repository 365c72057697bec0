import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { MEDIA_KINDS } from '#app/lib/media/model';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uploadSystemMedia.server';

/** /uploadSystemMedia (platform admin: system media, the defaults and placeholders every tenant falls back on). */
export { loader } from './uploadSystemMedia.server';
export const handle = i18nHandle('upload');

export default function UploadSystemMedia() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('upload.screens.uploadSystemMedia.lead')} testId="uploadSystemMedia">
      <MediaUploader id="uploadSystemMedia" scope="system" kinds={MEDIA_KINDS} usage={null} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
