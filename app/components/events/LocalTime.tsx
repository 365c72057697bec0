import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, formatEventTime, intlLocale, type TimeStyle } from '#app/lib/events/time';

/**
 * An event time in the viewer's zone. The server (and a page without JavaScript) shows it in
 * `fallbackZone` with the zone named; once hydrated it switches to the browser's own zone. On
 * screens served without the client app (the home page, information pages) LocalTimesScript does
 * the same switch from the data-local-* attributes, so every page follows one rule.
 */
export function LocalTime({ iso, fallbackZone, style = 'weekdayDateTime' }: { iso: string; fallbackZone: string; style?: TimeStyle }) {
  const { i18n } = useTranslation();
  const [zone, setZone] = useState(fallbackZone);
  useEffect(() => setZone(browserTimeZone() ?? fallbackZone), [fallbackZone]);
  return (
    <time dateTime={iso} data-zone={zone} data-local-style={style} data-local-locale={intlLocale(i18n.language)} suppressHydrationWarning>
      {formatEventTime(iso, zone, i18n.language, style)}
    </time>
  );
}

/** An event time in one fixed zone (the event's own), the same on the server and in the browser. */
export function ZonedTime({ iso, zone, style = 'weekdayDateTime' }: { iso: string; zone: string; style?: TimeStyle }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} data-zone={zone} suppressHydrationWarning>
      {formatEventTime(iso, zone, i18n.language, style)}
    </time>
  );
}
