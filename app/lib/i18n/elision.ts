/**
 * French elision before an interpolated word (docs/decisions/0042): "de" + "Olivia" reads
 * "d’Olivia", "de" + "Marc" stays "de Marc". Catalogues write `{{name, elide(de)}}` where the
 * word before a value depends on it; the i18next formatter `elide` (./formatters.ts) calls this.
 */
export const ELIDING_WORDS = ['de', 'le', 'la', 'que', 'ne', 'je', 'me', 'te', 'se', 'jusque', 'lorsque', 'puisque'] as const;
export type ElidingWord = (typeof ELIDING_WORDS)[number];

// Words starting with an aspirated h take no elision ("de Hollande", "le héros"); any other h is
// mute ("d’Hélène", "d’Hugo", "l’hôtel").
const ASPIRATED_H = /^h(?:a(?:che|ie|ine|ll|lte|mac|mburger|mster|nche|ndicap|ngar|nter|rce|rdi|ricot|rpe|sard|te|ut|vre)|â|é(?:ros|risson|ron)|er(?:nie|se)|ibou|i(?:ppie|ts?)\b|o(?:ckey|llande|mard|nte|nd|ngrie|rs|uss|uspiller)|ublot|uit|urler|uées?|ockey)/i;

/** Whether the elidable word before this value loses its vowel. */
export function startsWithVowelSound(value: string): boolean {
  const word = value.trimStart();
  if (/^[aeiouàâäéèêëîïôöùûüœæ]/i.test(word)) return true;
  // "Yves", "Ysaline" (y before a consonant) sound like a vowel; "yaourt", "Yann" do not.
  if (/^y[^aeiouàâäéèêëîïôöùûü]/i.test(word)) return true;
  return /^h/i.test(word) && !ASPIRATED_H.test(word);
}

/** "de" + "Olivia" → "d’Olivia"; "de" + "Marc" → "de Marc"; keeps the word's case ("De" → "D’"). */
export function elide(word: string, value: string, apostrophe = '’'): string {
  if (!value) return `${word} `.trimEnd();
  if (!startsWithVowelSound(value)) return `${word} ${value}`;
  return `${word.slice(0, -1)}${apostrophe}${value.trimStart()}`;
}
