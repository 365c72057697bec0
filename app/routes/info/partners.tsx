import { Container } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CtaBand } from '#app/components/content/CtaBand';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { PartnerGrid } from '#app/components/content/PartnerGrid';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './partners.server';
import { staticHandle } from '#app/lib/handles';

/** /partners: the tenant's partners with logos and outbound links, or an empty state. */
export { loader } from './partners.server';

export const handle = staticHandle('partners');

export default function Partners() {
  const { partners, title, lead } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        {partners.length ? <PartnerGrid partners={partners} /> : <EmptyNote title={t('partners.empty')} testId="partners-empty" />}
        <CtaBand
          id="become-partner"
          title={t('partners.becomeTitle')}
          text={t('partners.becomeText')}
          cta={t('partners.becomeCta')}
          to="/requestInfo?topic=partnership"
        />
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title, description: data?.lead });
