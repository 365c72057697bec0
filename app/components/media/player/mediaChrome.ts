import { ChunkLoadError } from '#app/lib/chunks/chunkLoadError';
import { reportChunkLoadError } from '#app/lib/chunks/chunkFailures';
import { loadChunk } from '#app/lib/chunks/loadChunk';
import { correctMediaChromeAria, withShownRate } from './mediaChromeAria';

/**
 * Registers media-chrome's custom elements in the browser, once, in the page's language. The
 * server renders the players' markup as plain elements; nothing here runs there, and pages
 * without a player never download media-chrome (a dynamic import from a player's effect).
 */
let loading: Promise<void> | null = null;

const LANGUAGES: Record<string, () => Promise<Record<string, string>>> = {
  en: async () => (await import('media-chrome/dist/lang/en.js')).En,
  es: async () => (await import('media-chrome/dist/lang/es.js')).Es,
  fr: async () => (await import('media-chrome/dist/lang/fr.js')).Fr,
};

export function loadMediaChrome(language: string): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const base = language.split('-')[0] ?? 'en';
  loading ??= loadChunk(async () => {
    const [i18n, strings] = await Promise.all([import('media-chrome/dist/utils/i18n.js'), (LANGUAGES[base] ?? LANGUAGES.en!)()]);
    // Before the elements are defined, so their labels and tooltips are made in this language.
    i18n.addTranslation(base, withShownRate(strings));
    i18n.setLanguage(base);
    await import('media-chrome');
    correctMediaChromeAria(i18n.t('playback time'));
  }, 'media-chrome').catch((error: unknown) => {
    // Without its controls the player is no use: the page shows the reload notice (docs/decisions/0050).
    if (error instanceof ChunkLoadError) reportChunkLoadError(error);
    else throw error;
  });
  return loading;
}
