import { Container } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CtaBand } from '#app/components/content/CtaBand';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { PricingPlans } from '#app/components/content/PricingPlans';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './pricing.server';
import { staticHandle } from '#app/lib/handles';

/** /pricing: the tenant's plans, prices in its currency formatted for the request's locale. */
export { loader } from './pricing.server';

export const handle = staticHandle('pricing');

export default function Pricing() {
  const { plans, columns, title, lead } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <PricingPlans plans={plans} columns={columns} />
        <CtaBand
          id="pricing-help"
          title={t('pricing.helpTitle')}
          text={t('pricing.helpText')}
          cta={t('pricing.helpCta')}
          to="/requestInfo?topic=pricing"
          testId="pricing-cta"
        />
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title, description: data?.lead });
