/**
 * A recogniser's written forms back into the spoken words the test references use, before word
 * error rates are counted: "7" → "seven", "Mr." → "mister". Whisper writes numbers and titles the
 * way text does; the references (and pocketsphinx) spell them out. Without this, "at 8" against
 * "at eight" would count as an error although the word was heard right (the Whisper paper scores
 * through a normaliser for the same reason). Whole numbers 0–99 only: the test sentences need no more.
 */
import type { SpeechLanguage } from './languages';

const UNITS: Record<SpeechLanguage, readonly string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve'],
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf'],
};
const TENS: Record<SpeechLanguage, readonly string[]> = {
  en: ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
  es: ['', '', 'veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'],
  fr: ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante', 'soixante', 'quatre-vingt', 'quatre-vingt'],
};

/** 0–99 in words, in the language (French 70–99 counted on from 60 and 80). */
export function numberWords(n: number, language: SpeechLanguage): string {
  const units = UNITS[language];
  if (n < 20) return units[n]!;
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (language === 'fr') {
    if (tens === 7 || tens === 9) return `${TENS.fr[tens]}-${units[10 + unit]!}`.replace('soixante-onze', 'soixante et onze');
    if (unit === 0) return tens === 8 ? 'quatre-vingts' : TENS.fr[tens]!;
    return unit === 1 && tens < 8 ? `${TENS.fr[tens]} et un` : `${TENS.fr[tens]}-${units[unit]!}`;
  }
  if (language === 'es') {
    if (tens === 2) return unit ? `veinti${units[unit]!.replace('dos', 'dós').replace('tres', 'trés').replace('seis', 'séis')}` : 'veinte';
    return unit ? `${TENS.es[tens]} y ${units[unit]!}` : TENS.es[tens]!;
  }
  return unit ? `${TENS.en[tens]} ${units[unit]!}` : TENS.en[tens]!;
}

const TITLES: Partial<Record<SpeechLanguage, Array<[RegExp, string]>>> = {
  en: [
    [/\bMrs\.?(?=\s|$)/g, 'missus'],
    [/\bMr\.?(?=\s|$)/g, 'mister'],
    [/\bDr\.?(?=\s|$)/g, 'doctor'],
  ],
};

/** `text` with numbers 0–99 and common titles written out as they are spoken. */
export function spokenForm(text: string, language: SpeechLanguage): string {
  let out = text;
  for (const [pattern, words] of TITLES[language] ?? []) out = out.replace(pattern, words);
  return out.replace(/\b\d{1,2}\b/g, (digits) => numberWords(Number(digits), language));
}
