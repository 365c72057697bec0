import { createHash } from 'node:crypto';
import type { TFunction } from 'i18next';
import { RemixI18Next } from 'remix-i18next/server';
import en from '#app/locales/en';
import es from '#app/locales/es';
import fr from '#app/locales/fr';
import { PLATFORM_LANGUAGES, type Language } from '#app/lib/config/tenant';
import type { TranslationBundle } from '#app/lib/i18n/instance';
import { I18N_NS, type TranslationShape } from '#app/lib/i18n/keys';
import { isNamespace, namespacesOf, pickNamespaces, routeNamespaces, type Namespace } from '#app/lib/i18n/namespaces';

export const TRANSLATIONS: Record<Language, TranslationShape> = { en, es, fr };

/**
 * Server-side translator for loaders, actions and meta: every namespace is at hand on the server.
 * The language itself is negotiated once per request in server/ (cookie, tenant default,
 * Accept-Language) and arrives in the load context.
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

export function isLanguage(value: string): value is Language {
  return (PLATFORM_LANGUAGES as readonly string[]).includes(value);
}

/** All namespaces of the string tree (the same in every language: the trees are typed alike). */
export const NAMESPACES: readonly Namespace[] = namespacesOf(en);

export function isKnownNamespace(value: string): value is Namespace {
  return isNamespace(value, en);
}

export interface NamespaceFile {
  json: string;
  /** Content hash: the file's URL changes whenever its strings do. */
  hash: string;
  /** `/locales/<language>/<namespace>.<hash>.json`, cacheable for a year. */
  href: string;
}

const files = new Map<string, NamespaceFile>();

/** One namespace of one language as the browser fetches it on client-side navigation. */
export function namespaceFile(language: Language, namespace: Namespace): NamespaceFile {
  const id = `${language}/${namespace}`;
  let file = files.get(id);
  if (!file) {
    const json = JSON.stringify(pickNamespaces(TRANSLATIONS[language], [namespace]));
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    file = { json, hash, href: `/locales/${id}.${hash}.json` };
    files.set(id, file);
  }
  return file;
}

/** The content hash of every namespace of a language: the root loader sends these to the browser. */
export function namespaceHashes(language: Language): Record<Namespace, string> {
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaceFile(language, ns).hash])) as Record<Namespace, string>;
}

/** The strings a page renders with: `common` and what its matched routes declare in `handle.i18n`. */
export function pageBundle(language: Language, handles: readonly unknown[]): TranslationBundle {
  const namespaces = routeNamespaces(handles).filter(isKnownNamespace);
  return { language, namespaces, resources: pickNamespaces(TRANSLATIONS[language], namespaces) };
}
