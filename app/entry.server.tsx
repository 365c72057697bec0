import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { CacheProvider } from '@emotion/react';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { contentSecurityPolicy, inlineScriptHashes, storageOrigin } from '#server/http/csp.server';
import { createI18n } from '#app/lib/i18n/instance';
import { pageBundle } from '#server/i18n.server';
import { videoConnectSources } from '#server/platform/video.server';
import { frameAncestorsFor } from '#server/embeds/index.server';
import { documentStyles, withStylesInHead } from '#app/components/shell/serverStyles';

export const streamTimeout = 5_000;

/**
 * Renders the whole document at once: pages load no deferred data, and a complete document lets
 * the CSP name the hash of every inline script, so the same bytes can be cached and reused.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The page renders with `common` and the namespaces its matched routes declare; the same strings
  // go to the browser in the document (docs/decisions/0019).
  const handles = remixContext.staticHandlerContext.matches.map((m) => remixContext.routeModules[m.route.id]?.handle);
  const i18n = createI18n(pageBundle(loadContext?.languageTag ?? loadContext?.language ?? 'en', handles));
  // The style rules the page uses, once, in its <head> (docs/decisions/0095).
  const styles = documentStyles();
  const body = renderToString(
    <CacheProvider value={styles.cache}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />
      </I18nextProvider>
    </CacheProvider>,
  );
  const html = `<!DOCTYPE html>${withStylesInHead(body, styles.element())}`;
  const env = loadContext?.env;
  // Chat and event images load from, and uploads go straight to, the storage origin.
  const s3Origin = env ? storageOrigin(env) : undefined;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy({
      scriptHashes: inlineScriptHashes(html),
      connectSources: [...(s3Origin ? [s3Origin] : []), ...(env && loadContext.tenant ? videoConnectSources(env, loadContext.tenant) : [])],
      mediaSources: s3Origin ? [s3Origin] : [],
      development: env?.NODE_ENV === 'development',
      // Only the embed pages may be framed, and only by the tenant's allowed origins (docs/decisions/0089).
      frameAncestors: frameAncestorsFor(new URL(request.url).pathname, loadContext?.tenant),
    }),
  );
  return new Response(html, { status: responseStatusCode, headers: responseHeaders });
}
