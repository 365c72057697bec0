import { RemixI18Next } from 'remix-i18next/server';
import en from '#app/locales/en';
import es from '#app/locales/es';
import fr from '#app/locales/fr';
import { NAMESPACE, type TranslationShape } from '#app/lib/i18n';

export const TRANSLATIONS: Record<'en' | 'es' | 'fr', TranslationShape> = { en, es, fr };

/**
 * Server-side translator for loaders, actions and meta. The language itself is negotiated once
 * per request in server/ (cookie, tenant default, Accept-Language) and arrives in the load context.
 */
export const remixI18n = new RemixI18Next({
  detection: { supportedLanguages: ['en', 'es', 'fr'], fallbackLanguage: 'en' },
  i18next: {
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources: Object.fromEntries(Object.entries(TRANSLATIONS).map(([lng, t]) => [lng, { [NAMESPACE]: t }])),
    interpolation: { escapeValue: false },
  },
});

export async function getFixedT(language: string) {
  return remixI18n.getFixedT(language, NAMESPACE);
}
