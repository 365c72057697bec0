import { intlLocale } from './variants';

/**
 * A list as the language writes it: "A, B and C", "A, B y C", "A, B et C" (Intl.ListFormat, the same
 * in Node and the browser). `unit` lists without a conjunction ("A, B, C").
 */
export function formatList(items: readonly string[], languageTag: string, type: 'conjunction' | 'unit' = 'conjunction'): string {
  return new Intl.ListFormat(intlLocale(languageTag), { style: 'long', type }).format(items);
}

/**
 * The same list as parts, for lists whose items are elements (links): each part is an item's index
 * or the separator text the language puts between them.
 */
export function listParts(count: number, languageTag: string, type: 'conjunction' | 'unit' = 'conjunction'): Array<number | string> {
  const marks = Array.from({ length: count }, (_, i) => `\u0000${i}\u0000`);
  return new Intl.ListFormat(intlLocale(languageTag), { style: 'long', type })
    .formatToParts(marks)
    .map((part) => (part.type === 'element' ? Number(part.value.slice(1, -1)) : part.value));
}
