import type { ParseKeys } from 'i18next';
import type { Translations } from '#app/locales/en';

/**
 * The one i18next namespace every string lives in. Translation namespaces (./namespaces.ts) are
 * parts of this tree sent to the browser separately and merged into it, so a key reads the same
 * wherever it is used: `t('schedule.saved.preview')`.
 */
export const I18N_NS = 'translation';

// i18next 23 (and react-i18next 15, which takes its types from i18next) check every key given to
// `t` against these resources: a misspelt key fails the type check, in components and on the server.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof I18N_NS;
    resources: { [I18N_NS]: Translations };
  }
}

/** Any key of the English tree (plural forms also by their base: `faq.count`). */
export type TranslationKey = ParseKeys;

/** Same keys as English with string leaves: a missing key in a translation is a type error. */
export type TranslationShape<T = Translations> = { [K in keyof T]: T[K] extends string ? string : TranslationShape<T[K]> };

/** The keys under a prefix: `KeyIn<'account.errors'>` is `'account.errors.required' | …`. */
export type KeyIn<P extends string> = Extract<TranslationKey, `${P}.${string}`>;

/**
 * The key a value from data names (a query parameter, a zod issue message, a code received from
 * the server), when it is one of `keys`, else null. The one place a runtime string becomes a key;
 * `keys` is checked against the English tree, so listing a key without a string fails the type check.
 */
export function keyFromData<K extends TranslationKey>(keys: readonly K[], value: unknown): K | null {
  return typeof value === 'string' && (keys as readonly string[]).includes(value) ? (value as K) : null;
}
