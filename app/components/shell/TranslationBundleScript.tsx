import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bundleOf } from '#app/lib/i18n/instance';
import { BUNDLE_ELEMENT_ID, serializeBundle } from '#app/lib/i18n/documentBundle';

/**
 * The strings of this document's namespaces for the browser's first render (entry.client reads
 * them before hydrating). A data block, not a script: the CSP has nothing to allow. The browser
 * renders the very text the server sent, so hydration matches and later namespaces never change it.
 */
export function TranslationBundleScript() {
  const { i18n } = useTranslation();
  const [json] = useState(() => (typeof document === 'undefined' ? null : document.getElementById(BUNDLE_ELEMENT_ID)?.textContent) ?? serializeBundle(bundleOf(i18n)));
  return <script id={BUNDLE_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
