import { Container } from '@chakra-ui/react';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CtaBand } from '#app/components/content/CtaBand';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { PricingPlans } from '#app/components/content/PricingPlans';
import { getFixedT } from '#server/i18n.server';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { planColumns, pricingView } from '#server/screens/pricing.server';

/** /pricing: the tenant's plans, prices in its currency formatted for the request's locale. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  const view = pricingView(context.tenant, context.language);
  return json({
    ...view,
    columns: planColumns(view.plans.length),
    title: t('pages.pricing'),
    lead: t('pricing.intro', { currency: view.currency }),
  });
}

export { staticHandle as handle } from '#app/lib/handles';

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
