import { Container, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { DeckNotice } from '#app/components/media/gallery/DeckNotice';
import { DeckSummaryCard } from '#app/components/media/gallery/DeckSummaryCard';
import { SignInHint } from '#app/components/media/gallery/SignInHint';
import { formHeaders } from '#app/components/forms/headers';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './pitchDeckDownload.server';

/** /pitchDeckDownload: the tenant's pitch deck PDF to download (signed, attachment), or why it cannot be yet. */
export { loader } from './pitchDeckDownload.server';
export const handle = i18nHandle('gallery');
export const headers = formHeaders;

export default function PitchDeckDownload() {
  const { t } = useTranslation();
  const { state, deck, signedIn, site } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t('gallery.deck.title')} lead={t('gallery.deck.lead', { site })} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="5">
          {deck ? <DeckSummaryCard deck={deck} showSlidesLink /> : <DeckNotice state={state === 'ready' ? 'none' : state} />}
          {signedIn ? null : <SignInHint />}
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
