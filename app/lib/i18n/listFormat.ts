import { intlLocale } from './variants';

/**
 * A list as the language writes it: "A, B and C", "A, B y C", "A, B et C" (Intl.ListFormat, the same
 * in Node and the browser). `unit` lists without a conjunction ("A, B, C").
 */
export function formatList(items: readonly string[], languageTag: string, type: 'conjunction' | 'unit' = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(languageTag), { style: 'long', type }).format(items);
}
