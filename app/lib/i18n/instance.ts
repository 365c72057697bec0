import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addFormatters } from './formatters';
import { I18N_NS } from './keys';
import type { Namespace, PartialTranslations } from './namespaces';

/** The strings a document carries for its first render and hydration (./TranslationBundle.tsx). */
export interface TranslationBundle {
  language: string;
  namespaces: Namespace[];
  resources: PartialTranslations;
}

const loaded = new WeakMap<I18n, Set<Namespace>>();

/**
 * An i18next instance holding one language's strings of some namespaces, initialised
 * synchronously so the first render (server and hydration) already has its texts. A key whose
 * namespace was not loaded is reported as a console error (browser tests fail on one).
 */
export function createI18n({ language, namespaces, resources }: TranslationBundle): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [I18N_NS],
    defaultNS: I18N_NS,
    resources: { [language]: { [I18N_NS]: resources } },
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _ns, key) => console.error(`Missing translation "${key}" (${language}): is its namespace declared by the route's handle.i18n?`),
  });
  addFormatters(instance);
  loaded.set(instance, new Set(namespaces));
  return instance;
}

/** The namespaces this instance holds. */
export function loadedNamespaces(instance: I18n): ReadonlySet<Namespace> {
  return loaded.get(instance) ?? new Set();
}

/** Merges one namespace's strings into the instance. */
export function addNamespace(instance: I18n, namespace: Namespace, resources: PartialTranslations): void {
  instance.addResourceBundle(instance.language, I18N_NS, resources, true, true);
  loaded.get(instance)?.add(namespace);
}

/** The bundle of what an instance holds, for the document to carry to the browser. */
export function bundleOf(instance: I18n): TranslationBundle {
  return {
    language: instance.language,
    namespaces: [...loadedNamespaces(instance)],
    resources: (instance.getResourceBundle(instance.language, I18N_NS) ?? {}) as PartialTranslations,
  };
}
