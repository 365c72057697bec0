import type { i18n as I18n } from 'i18next';
import { ELIDING_WORDS, elide } from './elision';

const WORDS = new Set<string>(ELIDING_WORDS);

/**
 * `{{name, elide(de)}}`: the word in parentheses, elided before the value when French asks for it
 * ("d’Olivia", "de Marc"). i18next hands the parenthesised word over as an option name.
 */
export function elideFormat(value: unknown, _lng: string | undefined, options: Record<string, unknown> | undefined): string {
  const text = value === undefined || value === null ? '' : String(value);
  const word = Object.keys(options ?? {}).find((key) => WORDS.has(key.toLowerCase()));
  return word ? elide(word, text) : text;
}

/** The formatters every instance (server and browser) knows, so both render the same text. */
export function addFormatters(instance: I18n): void {
  instance.services.formatter?.add('elide', elideFormat);
}
