/**
 * Event times for people: formatted with Intl in a given zone and locale. The server renders in a
 * fallback zone (the tenant's); the browser re-renders in the viewer's own zone (LocalTime).
 */
import { intlLocale } from '#app/lib/i18n/variants';

export { intlLocale };

export type TimeStyle = 'dateTime' | 'date' | 'time' | 'weekdayDateTime';

/** The one set of Intl options per style: LocalTime and the static pages' time script (LocalTimesScript) both format with it. */
export const TIME_STYLE_OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'long' },
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  weekdayDateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, zone: string, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${language}|${zone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    // dateStyle/timeStyle cannot be combined with timeZoneName: 'dateTime' names the zone separately.
    f = new Intl.DateTimeFormat(intlLocale(language), { ...TIME_STYLE_OPTIONS[style], timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/** "Dec 1, 2026, 1:00 PM" style text of an ISO instant in `zone`. */
export function formatEventTime(iso: string, zone: string, language: string, style: TimeStyle = 'weekdayDateTime'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return formatter(language, zone, style).format(date);
  } catch {
    return formatter(language, 'UTC', style).format(date);
  }
}

/** The browser's IANA zone (undefined on the server). */
export function browserTimeZone(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The same formatted text on the server and in the browser: Node's ICU puts a narrow no-break
 * space before AM/PM where Chromium's V8 writes a plain space, and a different text would break
 * hydration of a server-rendered page.
 */
export const sameOnServerAndBrowser = (formatted: string) => formatted.replace(/\u202f/g, ' ');
