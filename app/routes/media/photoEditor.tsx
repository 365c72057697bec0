import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PhotoEditor } from '#app/components/media/photo/PhotoEditor';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './photoEditor.server';

/** /photoEditor (signed in): crop, rotate, flip, resize and adjust a picture; save it as a new library image. */
export { loader } from './photoEditor.server';
export const handle = i18nHandle('photo', 'upload');

export default function PhotoEditorScreen() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('photo.editor.lead')} testId="photoEditor">
      <PhotoEditor images={data.images} libraryFailed={data.libraryFailed} initial={data.initial} libraryHref={data.libraryHref} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
