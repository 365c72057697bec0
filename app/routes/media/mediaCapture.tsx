import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MediaCapture } from '#app/components/media/capture/MediaCapture';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './mediaCapture.server';

/** /mediaCapture (signed in): record camera, microphone or screen, trim the take, add it to the library. */
export { loader } from './mediaCapture.server';
export const handle = i18nHandle('capture', 'upload');

export default function MediaCaptureScreen() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('capture.lead')} testId="mediaCapture">
      <MediaCapture libraryHref={data.libraryHref} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
