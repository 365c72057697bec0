import { localize, type Language, type Tenant } from '#app/lib/config/tenant';
import { intlLocale, languageTag } from '#app/lib/i18n/variants';

export interface PlanView {
  id: string;
  name: string;
  /** Formatted price per month ("$49", "49 US$", "49,00 €"), or null for "contact us". */
  price: string | null;
  features: string[];
  highlighted: boolean;
  /** A plan that costs nothing: its call to action is sign-up; the others go to the sales form. */
  free: boolean;
}

/** Whole amounts without decimals ("$49"), others with the currency's usual digits ("$49.50"). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

/** "US Dollar" / "dólar estadounidense" / "dollar des États-Unis"; the code itself if unknown. */
export function currencyName(currency: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** The tenant's plans in the request's language, prices formatted for its locale. */
export function pricingView(tenant: Pick<Tenant, 'pricing' | 'currency' | 'languages'>, language: Language) {
  const locale = intlLocale(languageTag(tenant.languages, language));
  const fallback = tenant.languages.default;
  const plans: PlanView[] = tenant.pricing.plans.map((plan) => ({
    id: plan.id,
    name: localize(plan.name, language, fallback),
    price: plan.monthlyPrice === null ? null : formatPrice(plan.monthlyPrice, tenant.currency, locale),
    features: plan.features.map((f) => localize(f, language, fallback)),
    highlighted: plan.highlighted,
    free: plan.monthlyPrice === 0,
  }));
  return { plans, currency: tenant.currency, currencyName: currencyName(tenant.currency, locale) };
}

/** Columns of the plan grid per breakpoint: three plans sit side by side from tablet up. */
export function planColumns(count: number): { base: number; md: number; lg: number } {
  const n = Math.max(1, count);
  return { base: 1, md: n === 3 ? 3 : Math.min(n, 2), lg: n <= 4 ? n : 3 };
}
