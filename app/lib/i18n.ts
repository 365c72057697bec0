import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translations } from '#app/locales/en';

export const NAMESPACE = 'common';

/** Same keys as English with string leaves: a missing key in a translation is a type error. */
export type TranslationShape<T = Translations> = { [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]> };

/**
 * An i18next instance holding one language's strings, initialised synchronously so the first
 * render (server and hydration) already has its texts.
 */
export function createI18n(language: string, translations: TranslationShape): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources: { [language]: { [NAMESPACE]: translations } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
