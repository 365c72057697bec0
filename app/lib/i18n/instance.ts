import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_NS, type TranslationShape } from './keys';

/**
 * An i18next instance holding one language's strings, initialised synchronously so the first
 * render (server and hydration) already has its texts.
 */
export function createI18n(language: string, translations: TranslationShape): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [I18N_NS],
    defaultNS: I18N_NS,
    resources: { [language]: { [I18N_NS]: translations } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
