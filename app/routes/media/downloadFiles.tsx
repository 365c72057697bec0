import { Container, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { FileTable } from '#app/components/media/gallery/FileTable';
import { SignInHint } from '#app/components/media/gallery/SignInHint';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './downloadFiles.server';

/** /downloadFiles: the files shared with the viewer, sortable, each with a signed download link. */
export { loader } from './downloadFiles.server';
export const handle = i18nHandle('gallery');
export const headers = formHeaders;

export default function DownloadFiles() {
  const { t } = useTranslation();
  const { files, sort, dir, signedIn } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <PageHeader title={t('gallery.files.title')} lead={t('gallery.files.lead')} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} aria-busy={loading}>
        <Stack gap="5" opacity={loading ? 0.6 : 1}>
          {signedIn ? null : <SignInHint />}
          {files.length ? <FileTable files={files} sort={sort} dir={dir} /> : <EmptyNote title={t('gallery.files.empty')} testId="files-empty" />}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
