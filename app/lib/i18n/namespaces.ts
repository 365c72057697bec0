import type { Translations } from '#app/locales/en';
import type { TranslationShape } from './keys';

/**
 * Translation namespaces: the parts of the string tree a page receives (docs/decisions/0019).
 * A key's namespace is its first segment (`schedule.saved.preview` is in `schedule`), except the
 * sections of the page shell (header, navigation, footer, language menu, session menu, error
 * pages), which together form `common` and come with every page.
 */
export const COMMON_SECTIONS = ['nav', 'language', 'footer', 'notFound', 'error', 'unavailable', 'session', 'cart'] as const;

type Section = keyof Translations;
type CommonSection = (typeof COMMON_SECTIONS)[number];
export type Namespace = 'common' | Exclude<Section, CommonSection>;

/** A tree holding some namespaces of one language. */
export type PartialTranslations = Partial<TranslationShape>;

/** Route handle field naming the namespaces a screen renders beyond `common` (remix-i18next's convention). */
export interface I18nHandle {
  i18n?: readonly Namespace[];
}

const COMMON = new Set<string>(COMMON_SECTIONS);

/** Every namespace of a tree (its sections grouped as above), `common` first. */
export function namespacesOf(tree: object): Namespace[] {
  return ['common', ...Object.keys(tree).filter((section) => !COMMON.has(section))] as Namespace[];
}

export function isNamespace(value: unknown, tree: object): value is Namespace {
  return typeof value === 'string' && (value === 'common' || (value in tree && !COMMON.has(value)));
}

/** The part of a language's tree that makes up these namespaces. */
export function pickNamespaces(tree: TranslationShape, namespaces: readonly Namespace[]): PartialTranslations {
  const out: Record<string, unknown> = {};
  for (const ns of namespaces) {
    const sections: readonly string[] = ns === 'common' ? COMMON_SECTIONS : [ns];
    for (const section of sections) out[section] = tree[section as Section];
  }
  return out as PartialTranslations;
}

/** `common` and the namespaces the route handles of a page declare, each once. */
export function routeNamespaces(handles: readonly unknown[]): Namespace[] {
  const out = new Set<Namespace>(['common']);
  for (const handle of handles) {
    const declared = (handle as I18nHandle | null | undefined)?.i18n;
    if (Array.isArray(declared)) for (const ns of declared) out.add(ns);
  }
  return [...out];
}
