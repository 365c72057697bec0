import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AvatarChanger } from '#app/components/media/photo/AvatarChanger';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './profilePhotoChanger.server';

/** /profilePhotoChanger (signed in): a square avatar from the camera or a file, shown in the header, the chat and the participant lists. */
export { action, loader } from './profilePhotoChanger.server';
export const handle = i18nHandle('photo', 'upload');

export default function ProfilePhotoChanger() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <UploadScreen title={data.title} lead={t('photo.avatar.lead')} testId="profilePhotoChanger">
      <AvatarChanger avatarUrl={data.avatarUrl} />
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
