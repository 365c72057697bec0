import { useTranslation } from 'react-i18next';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';

/** An event's ticket price in the tenant's currency and the reader's locale, or "Free". */
export function usePriceText() {
  const { t } = useTranslation();
  const root = useRootData();
  const currency = root?.tenant.currency ?? 'USD';
  const locale = root?.locale ?? 'en';
  return (amount: number) => (amount > 0 ? formatMoney({ amount, currency }, locale) : t('events.free'));
}
