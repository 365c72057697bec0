import type { Language } from '#app/lib/config/tenant';
import type { TranslationShape } from './keys';

/**
 * Regional variants (docs/decisions/0042). A tenant may speak a language in a regional variant
 * (`languages.variants: { "es": "es-MX" }`): the UI strings are the language's with the variant's
 * overlay (app/locales/<tag>/) on top, and the tag is `<html lang>` and the Intl locale.
 */

/** A variant's strings: any part of the tree, the same keys as the language's; the rest falls back. */
export type TranslationOverlay = { [K in keyof TranslationShape]?: DeepPartial<TranslationShape[K]> };
type DeepPartial<T> = T extends string ? string : { [K in keyof T]?: DeepPartial<T[K]> };

/** The tag the UI speaks for a negotiated language: the tenant's variant of it, else the language. */
export function languageTag(languages: { variants?: Partial<Record<Language, string>> }, language: Language): string {
  return languages.variants?.[language] ?? language;
}

/** The language of a tag: `es-MX` → `es`. */
export const baseLanguage = (tag: string): string => tag.split('-')[0]!;

/** The region Intl formats a bare language in (a tag with a region is used as it is). */
const DEFAULT_REGION: Record<string, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' };

/** The BCP 47 locale for Intl (dates, numbers, money, lists) of a language or a tag: `es` → `es-ES`, `es-MX` → `es-MX`. */
export function intlLocale(tag: string): string {
  if (tag.includes('-')) return tag;
  return DEFAULT_REGION[tag] ?? 'en-US';
}

/** The language's strings with a variant's overlay on top (a new tree; neither input changes). */
export function withOverlay(base: TranslationShape, overlay: TranslationOverlay | undefined): TranslationShape {
  return overlay ? (merge(base, overlay) as TranslationShape) : base;
}

type Tree = { [key: string]: string | Tree };
function merge(base: object, overlay: object): Tree {
  const out: Tree = { ...(base as Tree) };
  for (const [key, value] of Object.entries(overlay as Tree)) {
    const under = out[key];
    out[key] = typeof value === 'string' || typeof under !== 'object' ? value : merge(under, value);
  }
  return out;
}
