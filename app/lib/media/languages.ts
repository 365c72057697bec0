/**
 * The languages an owner can give a media item (MediaItem.language) and their names. Names come
 * from the platform's Intl data in the reader's language (the same tables in Node and the
 * browser), so no language needs a translated string of its own.
 */

/** Offered in the item editor; any valid tag stored before still shows and filters. */
export const MEDIA_LANGUAGES = ['ar', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'uk', 'zh'] as const;

/** The language's name in `uiLanguage` ("French", "francés"); the tag itself when Intl does not know it. */
export function languageName(tag: string, uiLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}
