import { createHash } from 'node:crypto';
import i18next, { type TFunction } from 'i18next';
import en from '#app/locales/en';
import es from '#app/locales/es';
import fr from '#app/locales/fr';
import esMX from '#app/locales/es-MX';
import { PLATFORM_LANGUAGES, type Language } from '#app/lib/config/tenant';
import type { TranslationBundle } from '#app/lib/i18n/instance';
import { addFormatters } from '#app/lib/i18n/formatters';
import { typesetTree } from '#app/lib/i18n/frenchTypography';
import { I18N_NS, type TranslationShape } from '#app/lib/i18n/keys';
import { isNamespace, namespacesOf, pickNamespaces, routeNamespaces, type Namespace } from '#app/lib/i18n/namespaces';
import { baseLanguage, withOverlay, type TranslationOverlay } from '#app/lib/i18n/variants';

/** Regional overlays over a language's strings (app/locales/<tag>/); other variants use the language's strings. */
const OVERLAYS: Record<string, TranslationOverlay> = { 'es-MX': esMX };

/** A language's strings as the UI shows them: French typeset once here, for server and browser alike. */
const finish = (language: Language, tree: TranslationShape): TranslationShape => (language === 'fr' ? typesetTree(tree) : tree);

export const TRANSLATIONS: Record<Language, TranslationShape> = { en: finish('en', en), es: finish('es', es), fr: finish('fr', fr) };

/** The tag whose strings a tag speaks: itself when it has an overlay, else its language (`en-GB` → `en`). */
function catalogueTag(tag: string): string {
  return tag in OVERLAYS ? tag : baseLanguage(tag);
}

const catalogues = new Map<string, TranslationShape>(Object.entries(TRANSLATIONS));
/** The strings of a language tag: the variant's overlay over its language (docs/decisions/0042). */
export function catalogue(tag: string): TranslationShape {
  const id = catalogueTag(tag);
  let tree = catalogues.get(id);
  if (!tree) {
    const language = baseLanguage(id) as Language;
    tree = finish(language, withOverlay(TRANSLATIONS[language] ?? TRANSLATIONS.en, OVERLAYS[id]));
    catalogues.set(id, tree);
  }
  return tree;
}

/** One i18next for the server's loaders, actions and mails, holding every language and variant. */
const serverI18n = i18next.createInstance();
void serverI18n.init({
  ns: [I18N_NS],
  defaultNS: I18N_NS,
  fallbackLng: 'en',
  resources: Object.fromEntries([...PLATFORM_LANGUAGES, ...Object.keys(OVERLAYS)].map((tag) => [tag, { [I18N_NS]: catalogue(tag) }])),
  interpolation: { escapeValue: false },
  initImmediate: false,
});
addFormatters(serverI18n);

/**
 * A `t` whose keys are checked against the English tree, like the components' `t`, in a language
 * or a regional tag (`es-MX`: its overlay, then es). The tag is negotiated once per request in
 * server/ and arrives in the load context as `languageTag`.
 */
export async function getFixedT(tag: string): Promise<TFunction> {
  return serverI18n.getFixedT(tag, I18N_NS);
}

export function isLanguage(value: string): value is Language {
  return (PLATFORM_LANGUAGES as readonly string[]).includes(value);
}

/** A platform language or a regional tag of one (`es-MX`, `es-419`). */
export function isLanguageTag(value: string): boolean {
  return /^[a-z]{2}(?:-(?:[A-Z]{2}|\d{3}))?$/.test(value) && isLanguage(baseLanguage(value));
}

/** All namespaces of the string tree (the same in every language: the trees are typed alike). */
export const NAMESPACES: readonly Namespace[] = namespacesOf(en);

export function isKnownNamespace(value: string): value is Namespace {
  return isNamespace(value, en);
}

export interface NamespaceFile {
  json: string;
  /** Content hash of the language's whole catalogue: the file's URL changes whenever its strings do. */
  hash: string;
  /** `/locales/<language>/<namespace>.<hash>.json`, cacheable for a year. */
  href: string;
}

const files = new Map<string, NamespaceFile>();
const catalogueHashes = new Map<string, string>();

/**
 * One hash for all of a language's namespaces (its whole catalogue): the root loader sends this one
 * string rather than one hash per namespace, which would cost every document ~30 bytes a namespace
 * (the room's document has a 40 KB budget, docs/decisions/0024). A string changed anywhere gives
 * every namespace of that language a new URL, which only costs a re-fetch after a release.
 */
export function catalogueHash(tag: string): string {
  const source = catalogueTag(tag);
  let hash = catalogueHashes.get(source);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(catalogue(source))).digest('hex').slice(0, 12);
    catalogueHashes.set(source, hash);
  }
  return hash;
}

/** One namespace of one language tag as the browser fetches it on client-side navigation. */
export function namespaceFile(tag: string, namespace: Namespace): NamespaceFile {
  // Keyed by the catalogue, not the tag: any number of tags without an overlay share their language's files.
  const source = catalogueTag(tag);
  const id = `${source}/${namespace}`;
  let file = files.get(id);
  if (!file) {
    const json = JSON.stringify(pickNamespaces(catalogue(source), [namespace]));
    const hash = catalogueHash(source);
    file = { json, hash, href: `/locales/${id}.${hash}.json` };
    files.set(id, file);
  }
  return file;
}

/** The strings a page renders with: `common` and what its matched routes declare in `handle.i18n`. */
export function pageBundle(tag: string, handles: readonly unknown[]): TranslationBundle {
  const namespaces = routeNamespaces(handles).filter(isKnownNamespace);
  return { language: tag, namespaces, resources: pickNamespaces(catalogue(tag), namespaces) };
}
