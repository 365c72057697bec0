/**
 * Helpers of the chunk-loading browser tests (SPEC.md §8; docs/decisions/0050-chunk-loading.md):
 * where a route's module is, a client-side navigation, and a marker that tells whether the page
 * was reloaded.
 */
import { expect, type Page } from '@playwright/test';

interface RemixWindow {
  __remixManifest: { routes: Record<string, { module: string; css?: string[] }> };
  __remixRouter: { navigate: (to: string) => Promise<void> };
}

/** The URL path of a route's module in the build the page was served from ("/assets/pricing-XXXX.js"). */
export function routeModule(page: Page, routeId: string): Promise<string> {
  return page.evaluate((id) => (window as unknown as RemixWindow).__remixManifest.routes[id]!.module, routeId);
}

/** A client-side navigation, as a <Link> click makes it (the router's own navigate). */
export async function navigate(page: Page, to: string) {
  await page.evaluate((path) => void (window as unknown as RemixWindow).__remixRouter.navigate(path), to);
}

/** Marks the current document; `expectSameDocument` then fails if the page was reloaded since. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { chunkTestMarker: string }).chunkTestMarker = 'same document'));
}

export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { chunkTestMarker?: string }).chunkTestMarker), 'the page was reloaded').toBe('same document');
}

export const message = (page: Page) => page.getByTestId('chunk-load-error');

export const TEXTS = {
  en: { title: 'This page could not be loaded completely', reload: 'Reload the page' },
  es: { title: 'No se pudo cargar la página por completo', reload: 'Volver a cargar la página' },
  fr: { title: 'Cette page n’a pas pu être chargée entièrement', reload: 'Recharger la page' },
} as const;

/** The message is shown in `language`, its Reload action has the focus and is described by the text. */
export async function expectMessage(page: Page, language: keyof typeof TEXTS, placement: 'page' | 'region' | 'notice') {
  await expect(message(page)).toBeVisible();
  await expect(message(page)).toHaveAttribute('data-placement', placement);
  await expect(message(page).getByRole('heading')).toHaveText(TEXTS[language].title);
  const reload = message(page).getByRole('button', { name: TEXTS[language].reload });
  await expect(reload).toBeFocused();
  await expect(reload).toHaveAccessibleDescription(new RegExp(`^${TEXTS[language].title}`));
}
