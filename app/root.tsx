import { ChakraProvider } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, isRouteErrorResponse, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { pageSystemForTheme } from '#app/lib/config/themeSystem';
import { Shell } from '#app/components/shell/Shell';
import { SessionRuntime } from '#app/components/session/SessionRuntime';
import { ErrorPage } from '#app/components/shell/ErrorPage';
import { useStylesSurviveDocumentRemount } from '#app/components/shell/ClientStyles';
import { isOutageData, UnavailablePage } from '#app/components/shell/UnavailablePage';
import { ChunkLoadMessage } from '#app/components/chunks/ChunkLoadMessage';
import { ChunkLoadNotice } from '#app/components/chunks/ChunkLoadNotice';
import { PlainPageScripts } from '#app/components/shell/PlainPageScripts';
import { isChunkLoadError } from '#app/lib/chunks/chunkLoadError';
import { useRootData, useSessionUser, type RootData } from '#app/lib/rootData';
import { isRoomPath } from '#app/lib/events/layouts';
import { documentMeta } from '#app/lib/meta';
import { servedWithoutApp, type RouteHandle } from '#app/lib/handles';
import { useRouteNamespaces } from '#app/lib/i18n/routeNamespaces';
import { TranslationBundleScript } from '#app/components/shell/TranslationBundleScript';
import type { loader } from './root.server';
import { guardStrayEnter } from '#app/lib/forms/enterKey';

export { loader } from './root.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => documentMeta(data as RootData | undefined);

/**
 * A live room's own data names the person (docs/decisions/0024): when the room reloads its data at
 * the same URL (the shell's first load, the video probe, a host's end), the root's stays as it is.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href && isRoomPath(currentUrl.pathname) ? false : defaultShouldRevalidate;

/**
 * Screens whose route sets `handle.hydrate = false` (or whose `handle.hydrate(data)` answers
 * false) are served as plain HTML without client JavaScript: information and listing screens stay
 * light and fast, and work fully through HTML forms, links and <details> (docs/decisions/0004, 0069).
 */
export function useHydrate(): boolean {
  const matches = useMatches();
  const root = matches.find((m) => m.id === 'root')?.data as RootData | undefined;
  const signedIn = Boolean(root?.user);
  // Signed-in visitors always get the client app: the inactivity guard runs on every screen. So
  // does a visitor with a cart: its drawer opens from every screen (docs/decisions/0034).
  const hasCart = (root?.cart?.count ?? 0) > 0;
  return signedIn || hasCart || !matches.some((m) => servedWithoutApp(m.handle as RouteHandle | undefined, m.data));
}

/** A full-viewport screen (a live room, `handle.stage`) brings its own slim bar instead of the site header and footer; its error page does not. */
function useStage(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  return !error && matches.some((m) => (m.handle as RouteHandle | undefined)?.stage);
}

export function Layout({ children }: { children: ReactNode }) {
  useStylesSurviveDocumentRemount();
  const data = useRootData();
  const hydrate = useHydrate();
  const stage = useStage();
  const user = useSessionUser();
  if (!data) {
    // The root loader itself failed: render a plain page, no tenant data available.
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
        </head>
        <body>
          {children}
          <Scripts />
        </body>
      </html>
    );
  }
  return (
    <html lang={data.languageTag} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The canvas is dark before the stylesheet arrives when the OS is (docs/decisions/0039). */}
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href={`/brand/${data.tenant.favicon}`} />
        <link rel="stylesheet" href={data.themeStylesheet} />
        <Meta />
        <Links />
      </head>
      <body>
        <ChakraProvider value={pageSystemForTheme(data.theme)}>
          {stage ? (
            <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
              {children}
            </main>
          ) : (
            <Shell>{children}</Shell>
          )}
          {/* Client session data and, for signed-in users, the inactivity guard (docs/PRODUCT.md). */}
          {hydrate ? <SessionRuntime user={user} tenantId={data.tenant.id} language={data.language} /> : null}
          {/* A script or stylesheet chunk that fails or hangs: the reload message (docs/decisions/0050). */}
          <ChunkLoadNotice />
        </ChakraProvider>
        {hydrate ? (
          <>
            <TranslationBundleScript />
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          // Without the client app, event times still switch to the visitor's zone, countdowns tick, copy buttons copy.
          <PlainPageScripts />
        )}
      </body>
    </html>
  );
}

export default function App() {
  // A page reached by client-side navigation renders once its translation namespaces are loaded.
  useRouteNamespaces(useRootData()?.translationsHash);
  // Marks the document once React has committed it and owns its event handlers: browser tests
  // wait on this state rather than on time before clicking controls that need JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Enter in a combobox never submits its form (docs/decisions/0065).
  useEffect(() => {
    document.addEventListener('keydown', guardStrayEnter);
    return () => document.removeEventListener('keydown', guardStrayEnter);
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!useRootData()) {
    return (
      <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
        <h1>Service unavailable</h1>
        <p>This site cannot be shown right now. Please try again in a moment.</p>
      </main>
    );
  }
  // A service outage (503): which one is unavailable, and a way to try again (docs/decisions/0053).
  if (isRouteErrorResponse(error) && error.status === 503 && isOutageData(error.data)) return <UnavailablePage outage={error.data} />;
  if (isChunkLoadError(error)) return <ChunkLoadMessage placement="page" />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
