/**
 * Emotion (Chakra's styling engine) inserts its style rules into <head>. When the root error
 * boundary replaces a page after a client-side navigation, or a page replaces it again, React
 * mounts the whole document anew and the old <head> goes with every rule in it, while the style
 * cache still believes them inserted: the page would show unstyled. The browser therefore renders
 * with a cache of its own, and the root Layout asks for a fresh one whenever the document is
 * mounted again: every component then inserts its styles into the new <head>.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

const newCache = () => createCache({ key: 'css' });

const ClientStylesContext = createContext<{ reset: () => void } | null>(null);

export function ClientStylesProvider({ children }: { children: ReactNode }) {
  const [cache, setCache] = useState(newCache);
  const value = useMemo(() => ({ reset: () => setCache(newCache()) }), []);
  return (
    <ClientStylesContext.Provider value={value}>
      <CacheProvider value={cache}>{children}</CacheProvider>
    </ClientStylesContext.Provider>
  );
}

// Before paint in the browser; the server has no effects to run.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;
let documentMounted = false;

/** For the root Layout (it renders <html>): a second mount of the document gets fresh styles. */
export function useStylesSurviveDocumentRemount(): void {
  const styles = useContext(ClientStylesContext);
  useBeforePaint(() => {
    if (documentMounted) styles?.reset();
    documentMounted = true;
  }, [styles]);
}
