/** Formatting for the analytics tab: durations, times and money in the reader's language and the site's time zone. */
import type { TFunction } from 'i18next';
import { durationLabel } from '#app/lib/analytics/model';
import { formatMoney } from '#app/lib/money/money';

export function formatDuration(t: TFunction, ms: number): string {
  const { h, m, s } = durationLabel(ms);
  if (h) return t('analytics.duration.hours', { h, m });
  if (m) return t('analytics.duration.minutes', { m, s });
  return t('analytics.duration.seconds', { s });
}

/** "14:05" in the site's time zone (the same on the server and in the browser: no hydration mismatch). */
export function clock(locale: string, timeZone: string, ms: number): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(11, 16);
  }
}

/** "30 Nov, 14:05" in the site's time zone. */
export function dateTime(locale: string, timeZone: string, ms: number): string {
  try {
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}

export function money(amount: number, currency: string, locale: string): string {
  try {
    return formatMoney({ amount, currency }, locale);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

export const count = (locale: string, n: number) => new Intl.NumberFormat(locale).format(n);
