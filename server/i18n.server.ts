import type { TFunction } from 'i18next';
import { RemixI18Next } from 'remix-i18next/server';
import en from '#app/locales/en';
import es from '#app/locales/es';
import fr from '#app/locales/fr';
import { PLATFORM_LANGUAGES, type Language } from '#app/lib/config/tenant';
import { I18N_NS, type TranslationShape } from '#app/lib/i18n/keys';

export const TRANSLATIONS: Record<Language, TranslationShape> = { en, es, fr };

/**
 * Server-side translator for loaders, actions and meta. The language itself is negotiated once
 * per request in server/ (cookie, tenant default, Accept-Language) and arrives in the load context.
 */
export const remixI18n = new RemixI18Next({
  detection: { supportedLanguages: [...PLATFORM_LANGUAGES], fallbackLanguage: 'en' },
  i18next: {
    ns: [I18N_NS],
    defaultNS: I18N_NS,
    resources: Object.fromEntries(Object.entries(TRANSLATIONS).map(([lng, t]) => [lng, { [I18N_NS]: t }])),
    interpolation: { escapeValue: false },
  },
});

/** A `t` whose keys are checked against the English tree, like the components' `t`. */
export async function getFixedT(language: string): Promise<TFunction> {
  return remixI18n.getFixedT(language, I18N_NS);
}
