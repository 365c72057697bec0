/** Uppy's own strings (dashboard, status bar) in the page's language: its es and fr packs, English built in. */
import type { Locale } from '@uppy/core/utils';
import es_ES from '@uppy/locales/lib/es_ES.js';
import fr_FR from '@uppy/locales/lib/fr_FR.js';

export function uppyLocale(language: string): Locale | undefined {
  if (language === 'es') return es_ES;
  if (language === 'fr') return fr_FR;
  return undefined;
}
