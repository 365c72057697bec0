import { ChunkLoadError } from '#app/lib/chunks/chunkLoadError';
import { reportChunkLoadError } from '#app/lib/chunks/chunkFailures';
import { loadChunk } from '#app/lib/chunks/loadChunk';

/**
 * Registers media-chrome's custom elements in the browser, once, in the page's language. The
 * server renders the players' markup as plain elements; nothing here runs there, and pages
 * without a player never download media-chrome (a dynamic import from a player's effect).
 */
let loading: Promise<void> | null = null;

const LANGUAGES: Record<string, () => Promise<unknown>> = {
  es: () => import('media-chrome/dist/lang/es.js'),
  fr: () => import('media-chrome/dist/lang/fr.js'),
};

export function loadMediaChrome(language: string): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const base = language.split('-')[0] ?? 'en';
  loading ??= loadChunk(async () => {
    const [i18n] = await Promise.all([import('media-chrome/dist/utils/i18n.js'), LANGUAGES[base]?.()]);
    // Before the elements are defined, so their labels and tooltips are made in this language.
    i18n.setLanguage(base);
    await import('media-chrome');
  }, 'media-chrome').catch((error: unknown) => {
    // Without its controls the player is no use: the page shows the reload notice (docs/decisions/0050).
    if (error instanceof ChunkLoadError) reportChunkLoadError(error);
    else throw error;
  });
  return loading;
}
