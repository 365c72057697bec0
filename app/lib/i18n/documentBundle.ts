import type { TranslationBundle } from './instance';

/** The id of the `<script type="application/json">` that carries a document's strings. */
export const BUNDLE_ELEMENT_ID = 'translations';

/** JSON safe inside a script element: no `<`, `>` or `&` can close it or open a comment. */
export function serializeBundle(bundle: TranslationBundle): string {
  return JSON.stringify(bundle).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The bundle the document carries, or null when it has none (the root loader failed). */
export function readDocumentBundle(doc: Document): TranslationBundle | null {
  const text = doc.getElementById(BUNDLE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as TranslationBundle;
  } catch {
    return null;
  }
}
