import { Container } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { VoiceForm } from '#app/components/media/voice/VoiceForm';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './browserVoice.server';

/** /browserVoice: text read aloud, streamed from the server's voices over the text-to-speech socket, or the browser's own voices. */
export { loader } from './browserVoice.server';
export const handle = i18nHandle('voice');
export const headers = formHeaders;

export default function BrowserVoice() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t('voice.title')} lead={t('voice.lead')} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
        <VoiceForm {...data} />
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
