import { json, type LoaderFunctionArgs } from '@remix-run/node';
import type { PartnerCardData } from '#app/components/content/PartnerGrid';
import { getFixedT } from '#server/i18n.server';
import { localize } from '#app/lib/config/tenant';

export async function loader({ context }: LoaderFunctionArgs) {
  const { tenant, language } = context;
  const t = await getFixedT(language);
  const partners: PartnerCardData[] = tenant.partners.map((p) => ({
    name: p.name,
    url: p.url,
    host: new URL(p.url).host.replace(/^www\./, ''),
    logo: p.logo ? `/brand/${p.logo}` : null,
    description: p.description ? localize(p.description, language, tenant.languages.default) : null,
  }));
  return json({ partners, title: t('pages.partners'), lead: t('partners.lead') });
}
