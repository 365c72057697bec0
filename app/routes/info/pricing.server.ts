import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { planColumns, pricingView } from '#server/commerce/pricing.server';

export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.languageTag);
  const view = pricingView(context.tenant, context.language);
  return json({
    ...view,
    columns: planColumns(view.plans.length),
    title: t('pages.pricing'),
    lead: t('pricing.intro', { currency: view.currency }),
  });
}
