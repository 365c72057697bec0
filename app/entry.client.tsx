import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '#app/lib/i18n/instance';
import { readDocumentBundle } from '#app/lib/i18n/documentBundle';
import { configureAmplify } from '#app/lib/identity/amplify.client';
import { ClientStylesProvider } from '#app/components/shell/ClientStyles';
import type { RootData } from '#app/lib/rootData';

// The document carries its language and the strings of its namespaces: no fetch before hydrating.
const root = (window as unknown as { __remixContext: { state: { loaderData?: { root?: RootData } } } }).__remixContext.state.loaderData?.root;
const i18n = createI18n(readDocumentBundle(document) ?? { language: root?.language ?? (document.documentElement.lang || 'en'), namespaces: [], resources: {} });

if (root?.identity) configureAmplify(root.identity);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ClientStylesProvider>
          <RemixBrowser />
        </ClientStylesProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
